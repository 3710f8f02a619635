// What the shell completions offer, read from the commander program itself, so a command or flag
// added anywhere is completed without touching the scripts: each command's subcommands, flags (with
// the words a filter or a choice accepts, folders for --home), and what its arguments are.
import type { Command, Option } from 'commander';
import { SETTINGS_KEYS, SOURCE_KINDS } from '../core/index.js';
import { filterFlagWords } from './filter-flags.js';

/** What follows a flag or fills an argument: nothing, a folder, any word, or one of these words. */
export type Completion = 'none' | 'folder' | 'any' | readonly string[];

export interface OptionSpec {
  /** `--brightness`, and `-V` where there is a short form. */
  long: string;
  short?: string;
  description: string;
  value: Completion;
}

export interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  /** What the positional arguments are. */
  args: Completion;
  commands: CommandSpec[];
}

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Values known by flag name, beyond commander's own choices and the filter flags. */
const FLAG_VALUES: Record<string, Completion> = {
  '--home': 'folder',
  '--every': ['15m', '30m', '1h', '2h', 'daily', 'weekly', 'Mon..Fri 08:00'],
  '--if-due': ['15m', '30m', '1h', 'daily'],
  '--keep': ['10', '50', '100'],
  '--appearance': ['auto', 'light', 'dark', 'sun'],
  '--target': ['desktop', 'lock', 'both'],
  '--hidden': ['true', 'false', 'any'],
  '--sort': ['added', 'name', 'luminance', '-luminance', 'pixels', 'color', 'random'],
  '--ratio': ['16:10', '16:9', '21:9', '3:2', '4:3', '5:4'],
  '--mode': ['dark', 'light', 'auto'],
};

/** Positional arguments by command path. */
const ARGS: Record<string, Completion> = {
  'wallpaper scan': 'folder',
  'wallpaper serve': 'folder',
  'wallpaper config get': SETTINGS_KEYS,
  'wallpaper config set': SETTINGS_KEYS,
  'wallpaper config add-folder': 'folder',
  'wallpaper config remove-folder': 'folder',
  'wallpaper completion': SHELLS,
  // An id or the path of an indexed file.
  'wallpaper favorite': 'any',
  'wallpaper hide': 'any',
  'wallpaper tag': 'any',
  'wallpaper colors': ['current'],
  'wallpaper source add': SOURCE_KINDS,
  // Source names.
  'wallpaper source remove': 'any',
  'wallpaper fetch': 'any',
};

function optionSpec(option: Option): OptionSpec {
  const long = option.long ?? '';
  const takesValue = option.required || option.optional;
  const value: Completion = !takesValue ? 'none' : (option.argChoices ?? filterFlagWords(long) ?? FLAG_VALUES[long] ?? 'any');
  return { long, ...(option.short ? { short: option.short } : {}), description: option.description, value };
}

const HELP: OptionSpec = { long: '--help', short: '-h', description: 'display help', value: 'none' };

/** The spec of `command` and everything under it; options of parents apply below them as well. */
export function specOf(command: Command, path = command.name(), inherited: OptionSpec[] = []): CommandSpec {
  const own = command.options.filter((option) => !option.hidden).map(optionSpec);
  // Options a subcommand also accepts: the program's (--home, --no-color), not --version.
  const passedDown = [...inherited, ...own.filter((option) => option.long !== '--version' && command.parent === null)];
  return {
    name: command.name(),
    description: command.description(),
    options: [...own, ...inherited, HELP],
    args: ARGS[path] ?? (command.registeredArguments.length > 0 ? 'any' : 'none'),
    commands: command.commands.map((sub) => specOf(sub, `${path} ${sub.name()}`, passedDown)),
  };
}
