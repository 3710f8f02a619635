// The filter flags shared by `list` and `random`, turned into the same raw parameters the HTTP query
// gives, so one parser (core/query/filters.ts) validates both faces. `--color` and `--tag` repeat
// (all must match), `--favorites` is favorite=true, `--ratio` is one exact shape (16:10). The core's
// errors name the HTTP parameter (`min_width`); on the CLI they name the flag as typed (`--min-width`).
import type { Command } from 'commander';
import { FILTER_WORDS, type RawParams, WallpaperError, parseFilters } from '../core/index.js';
import type { Filters } from '../core/types.js';

const FLAGS: [flag: string, param: string, help: string][] = [
  ['--brightness <value>', 'brightness', 'light, dark, medium or any'],
  ['--aspect-ratio <value>', 'aspect_ratio', '16:9, 4:3, ultrawide, square, portrait, custom (16:10, 3:2, 5:4...) or any'],
  ['--orientation <value>', 'orientation', 'landscape, portrait, square or any'],
  ['--dominant-hue <value>', 'dominant_hue', 'red, green, blue, warm, cool, neutral or any'],
  ['--format <value>', 'format', 'a file extension (jpg, jpeg, png, webp, avif, heic, heif, jxl, svg, gif, tif, tiff, bmp) or any'],
  ['--min-width <pixels>', 'min_width', 'at least this wide'],
  ['--min-height <pixels>', 'min_height', 'at least this tall'],
  ['--max-width <pixels>', 'max_width', 'at most this wide'],
  ['--max-height <pixels>', 'max_height', 'at most this tall'],
  ['--ratio <W:H>', 'ratio', 'this exact shape within 1%: width:height (16:10, 21:9) or a decimal (1.6)'],
  ['--color <hex>', 'color', 'has this colour (e.g. 1e3a5f) over at least 10% of it; repeat: all of them'],
  ['--color-tolerance <0..1>', 'color_tolerance', 'how far (OKLab) a colour may be from --color (default 0.08)'],
  ['--tag <name>', 'tag', 'carries this tag (a subfolder name or a user tag); repeat: all of them'],
  ['--search <words>', 'q', 'every word in the file name or a tag'],
  ['--hidden <value>', 'hidden', 'true (only hidden ones), false (the default) or any'],
];

/** Flags that may be given more than once. */
const REPEATED = new Set(['color', 'tag']);
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** The words a filter flag accepts (`--brightness` -> light, dark, medium, any), for completion;
 * undefined for the size flags, which take a number. */
export function filterFlagWords(long: string): readonly string[] | undefined {
  const param = FLAGS.find(([flag]) => flag.startsWith(`${long} `))?.[1];
  return param === undefined ? undefined : FILTER_WORDS[param];
}

export function addFilterFlags(command: Command): Command {
  for (const [flag, param, help] of FLAGS) {
    if (REPEATED.has(param)) command.option(flag, help, collect);
    else command.option(flag, help);
  }
  return command.option('--favorites', 'only favourites');
}

/** The filter flags given, as command-line words again (for a scheduled `random --set`). */
export function filterArgv(options: Record<string, unknown>): string[] {
  const params = filterParams(options);
  const words = FLAGS.flatMap(([flag, param]) => {
    const value = params[param];
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value as string];
    return values.flatMap((one) => [flag.slice(0, flag.indexOf(' ')), one]);
  });
  return params.favorite === 'true' ? [...words, '--favorites'] : words;
}

/** The filter flags given, keyed by their HTTP parameter names. */
function filterParams(options: Record<string, unknown>): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [flag, param] of FLAGS) {
    const key = flag.slice(2, flag.indexOf(' ')).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    const value = options[key];
    if (typeof value === 'string' || Array.isArray(value)) params[param] = value as string | string[];
  }
  if (options.favorites === true) params.favorite = 'true';
  return params satisfies RawParams;
}

/** The flag of each HTTP parameter a CLI flag stands for (`min_width` -> `--min-width`). */
const FLAG_OF: Record<string, string> = {
  ...Object.fromEntries(FLAGS.map(([flag, param]) => [param, flag.slice(0, flag.indexOf(' '))])),
  favorite: '--favorites',
  page: '--page',
  limit: '--limit',
  sort: '--sort',
  seed: '--seed',
};

/** Run a core parser on flag values; its usage error names the flags, not the HTTP parameters. */
export function inFlagTerms<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof WallpaperError) || error.code !== 'invalid_param') throw error;
    // `invalid NAME ...` names one parameter; the range error names two (`min_width ... max_width`):
    // a name with an underscore is never an ordinary word, a bare one only right after "invalid".
    // A hint naming another parameter with its value (`use ratio=16:10`) names the flag with it.
    const message = error.message
      .replace(/\b([a-z_]+)=(\S+)/g, (whole, name: string, value: string) => (FLAG_OF[name] ? `${FLAG_OF[name]} ${value}` : whole))
      .replace(/\b(?:min|max)_(?:width|height)\b|\b[a-z]+_[a-z_]+\b/g, (name) => FLAG_OF[name] ?? name)
      .replace(/^invalid ([a-z]+)\b/, (whole, name: string) => (FLAG_OF[name] ? `invalid ${FLAG_OF[name]}` : whole));
    throw new WallpaperError(error.code, message, { cause: error });
  }
}

/** The filter flags given, parsed and checked as the HTTP filters are. */
export const parseFilterFlags = (options: Record<string, unknown>): Filters => inFlagTerms(() => parseFilters(filterParams(options)));
