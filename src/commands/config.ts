// `wallpaper config`: read and change the settings record from the terminal.
import { resolve } from 'node:path';
import { Command } from 'commander';
import { WallpaperError } from '../core/index.js';
import { SETTINGS_KEYS, shownSettings } from '../core/index.js';
import type { Settings } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { printJson } from './output.js';

/** A VALUE on the command line: JSON when it parses as JSON (numbers, arrays, null), else the text. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function printValue(ctx: CliContext, value: unknown): void {
  if (typeof value === 'string') ctx.stdout.write(`${value}\n`);
  else printJson(ctx.stdout, value);
}

export function configCommand(ctx: CliContext): Command {
  const withSettings = (cmd: Command, work: (settings: ReturnType<typeof libraryOf>) => void) => {
    const library = libraryOf(cmd, ctx);
    try {
      work(library);
    } finally {
      library.close();
    }
  };
  const config = new Command('config').description(`read or change the settings (${SETTINGS_KEYS.join(', ')})`);
  config
    .command('get')
    .description('print the settings, or one KEY')
    .argument('[key]', 'one setting')
    .action((key: string | undefined, _options: unknown, cmd: Command) =>
      withSettings(cmd, (library) => {
        const settings = shownSettings(library.settings()); // source keys as "***"
        if (key === undefined) return printJson(ctx.stdout, settings);
        if (!(SETTINGS_KEYS as readonly string[]).includes(key)) {
          throw new WallpaperError('invalid_param', `unknown setting ${JSON.stringify(key)}: expected one of ${SETTINGS_KEYS.join(', ')}`);
        }
        printValue(ctx, settings[key as keyof Settings]);
      }),
    );
  config
    .command('set')
    .description('set KEY to VALUE (JSON, or plain text for strings)')
    .argument('<key>', 'one setting')
    .argument('<value>', 'its new value')
    // A value may start with a minus: a location south or west (-33.92,18.42) is not an option.
    .allowUnknownOption()
    .action((key: string, value: string, _options: unknown, cmd: Command) =>
      withSettings(cmd, (library) => {
        const parsed = (key === 'set_command' || key === 'on_change') && value !== 'null' ? value : parseValue(value);
        printValue(ctx, shownSettings(library.updateSettings({ [key]: parsed }))[key as keyof Settings]);
      }),
    );
  config
    .command('add-folder')
    .description('add DIR to the library folders')
    .argument('<dir>', 'an existing folder')
    .action((dir: string, _options: unknown, cmd: Command) =>
      withSettings(cmd, (library) => {
        const folders = library.updateSettings({ folders: [...library.settings().folders, resolve(dir)] }).folders;
        printJson(ctx.stdout, folders);
      }),
    );
  config
    .command('remove-folder')
    .description('remove DIR from the library folders (its files leave the index at the next scan)')
    .argument('<dir>', 'a folder in the library')
    .action((dir: string, _options: unknown, cmd: Command) =>
      withSettings(cmd, (library) => {
        const folder = resolve(dir);
        const current = library.settings().folders;
        if (!current.includes(folder)) throw new WallpaperError('invalid_param', `invalid folder: ${folder} is not in the library`);
        printJson(ctx.stdout, library.updateSettings({ folders: current.filter((f) => f !== folder) }).folders);
      }),
    );
  helpFooter(
    config,
    ['wallpaper config get', 'wallpaper config set thumbnail_size 640', 'wallpaper config add-folder ~/Pictures/Wallpapers'],
    FILE_VARIABLES,
  );
  const examples: Record<string, string[]> = {
    get: ['wallpaper config get', 'wallpaper config get folders'],
    set: [
      'wallpaper config set thumbnail_size 640',
      "wallpaper config set set_command 'swww img {path}'",
      'wallpaper config set location 52.52,13.40',
    ],
    'add-folder': ['wallpaper config add-folder ~/Pictures/Wallpapers', 'wallpaper config add-folder /mnt/nas/wallpapers'],
    'remove-folder': ['wallpaper config remove-folder /mnt/nas/wallpapers', 'wallpaper config remove-folder ~/Downloads'],
  };
  for (const sub of config.commands) helpFooter(sub, examples[sub.name()] ?? [], FILE_VARIABLES);
  return config;
}
