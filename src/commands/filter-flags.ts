// The filter flags shared by `list` and `random`, turned into the same raw parameters the HTTP query
// gives, so one parser (core/filters.ts) validates both faces.
import type { Command } from 'commander';
import { FILTER_WORDS, type RawParams } from '../core/index.js';

const FLAGS: [flag: string, param: string, help: string][] = [
  ['--brightness <value>', 'brightness', 'light, dark, medium or any'],
  ['--aspect-ratio <value>', 'aspect_ratio', '16:9, 4:3, ultrawide, square, portrait, custom or any'],
  ['--orientation <value>', 'orientation', 'landscape, portrait, square or any'],
  ['--dominant-hue <value>', 'dominant_hue', 'red, green, blue, warm, cool, neutral or any'],
  ['--format <value>', 'format', 'jpg, jpeg, png, webp or any'],
  ['--min-width <pixels>', 'min_width', 'at least this wide'],
  ['--min-height <pixels>', 'min_height', 'at least this tall'],
  ['--max-width <pixels>', 'max_width', 'at most this wide'],
  ['--max-height <pixels>', 'max_height', 'at most this tall'],
];

/** The words a filter flag accepts (`--brightness` -> light, dark, medium, any), for completion;
 * undefined for the size flags, which take a number. */
export function filterFlagWords(long: string): readonly string[] | undefined {
  const param = FLAGS.find(([flag]) => flag.startsWith(`${long} `))?.[1];
  return param === undefined ? undefined : FILTER_WORDS[param];
}

export function addFilterFlags(command: Command): Command {
  for (const [flag, , help] of FLAGS) command.option(flag, help);
  return command;
}

/** The filter flags given, as command-line words again (for a scheduled `random --set`). */
export function filterArgv(options: Record<string, unknown>): string[] {
  const params = filterParams(options);
  return FLAGS.flatMap(([flag, param]) => (params[param] === undefined ? [] : [flag.slice(0, flag.indexOf(' ')), params[param]!]));
}

/** The filter flags given, keyed by their HTTP parameter names. */
export function filterParams(options: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [flag, param] of FLAGS) {
    const key = flag.slice(2, flag.indexOf(' ')).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    const value = options[key];
    if (typeof value === 'string') params[param] = value;
  }
  return params satisfies RawParams;
}
