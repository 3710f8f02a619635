// `wallpaper random [FILTERS]`: pick one matching wallpaper at random, print it, and with --set make
// it the desktop wallpaper (one per monitor where the desktop can: the desktop room's set.ts), avoiding the ones
// set most recently; `--target lock|both` puts it on the lock screen instead or as well.
import { join } from 'node:path';
import { Command } from 'commander';
import { type DesktopOptions, openDesktop, openRemote, parseAppearance, schedule, WallpaperError } from '../core/index.js';
import type { Filters, Library, WallpaperSource } from '../core/types.js';
import { type CliContext, emptyLibraryHint, libraryOf } from './context.js';
import { addFilterFlags, parseFilterFlags } from './filter-flags.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { monitorsOption, serverOption } from './options.js';
import { changeFlags, notifies, noteSchemeGuess, printSet, shownOf } from './set-report.js';
import { noMatchMessage } from './output.js';

interface RandomOptions extends Record<string, unknown>, DesktopOptions {
  json?: boolean;
  notify?: boolean;
  set?: boolean;
  ifDue?: string;
  server?: string;
}

/** Flags that only mean something with --set. */
const SET_ONLY = [
  ['ifDue', '--if-due'],
  ['same', '--same'],
  ['span', '--span'],
  ['fit', '--fit'],
  ['notify', '--notify'],
  ['target', '--target'],
] as const;

export function randomCommand(ctx: CliContext): Command {
  const command = new Command('random')
    .description('pick a random wallpaper matching the filters and print its path')
    .option('--json', 'print the Wallpaper object as JSON')
    .option('--set', 'set it as the desktop wallpaper (avoids the last 20 set)')
    .option('--allow-repeat', 'with --set: allow recently set wallpapers')
    .option('--if-due <duration>', 'with --set: only when the last change is this long ago (30m, 1h, daily); else do nothing')
    .option(
      '--appearance <mode>',
      "pick for a light or dark scheme: light, dark, auto (the desktop's own) or sun (light from sunrise to sunset at the location setting)",
      parseAppearance,
    )
    .option('--same', 'with --set: one wallpaper on every monitor (default: one each where the desktop can)')
    .option('--span', 'with --set: one image spanned over every monitor, made of a pick per monitor (GNOME, Cinnamon, MATE)')
    .option('--fit', "with --set: crop a pick whose shape differs from its monitor's by more than 2% to the monitor's size")
    .addOption(monitorsOption())
    .addOption(serverOption());
  changeFlags(command, ctx, { when: 'with --set: ' });
  helpFooter(
    command,
    [
      'wallpaper random --brightness dark --set',
      'feh --bg-fill "$(wallpaper random --orientation landscape)"',
      'wallpaper random --set --monitors "DP-1=2560x1440,DP-2=1080x1920" --json',
    ],
    [
      ...FILE_VARIABLES,
      'WALLPAPER_SERVER',
      'WALLPAPER_MONITORS',
      'XDG_CURRENT_DESKTOP',
      'DBUS_SESSION_BUS_ADDRESS',
      'DISPLAY, WAYLAND_DISPLAY',
    ],
  );
  return addFilterFlags(command).action(async (options: RandomOptions, cmd: Command) => {
    const filters = parseFilterFlags(options);
    const dueMs = options.ifDue === undefined ? undefined : schedule.parseDuration(options.ifDue);
    for (const [key, flag] of SET_ONLY) {
      if (options[key] !== undefined && !options.set)
        throw new WallpaperError('invalid_param', `invalid ${options[key] === false ? '--no-notify' : flag}: it applies to --set only`);
    }
    await noteSchemeGuess(ctx, options.appearance);
    const library = libraryOf(cmd, ctx, !options.set);
    // A timer, a login hook and cron may all ask: one change per interval, the rest do nothing.
    const claim = dueMs === undefined ? undefined : schedule.claimIfDue(library.dirs.data, dueMs);
    if (dueMs !== undefined && !claim) {
      library.close();
      return;
    }
    try {
      // The local index or a server, one interface: only a file that can be used is printed or set
      // (reachable and as indexed, or downloaded and checked), picking again past the others.
      const source: WallpaperSource = options.server
        ? await openRemote(options.server, { downloads: options.set ? join(library.dirs.data, 'downloads') : undefined })
        : library;
      const desktop = openDesktop(ctx.env);
      const request = { library, source, filters, options, server: options.server };
      const result = options.set ? await desktop.set(request) : await desktop.choose(request);
      if (!result) throw noMatch(filters, options.server ? undefined : library, emptyLibraryHint(cmd, ctx));
      if (options.set) claim?.changed();
      printSet(ctx.stdout, result, options.json);
      if (options.set && notifies(options.notify, library)) await desktop.notify(shownOf(result));
    } finally {
      claim?.release();
      library.close();
    }
  });
}

/** "No match", with the filters and the library size named for a local library (an empty one: how
 * to fill it, `emptyHint`). */
function noMatch(filters: Filters, library: Library | undefined, emptyHint: string): WallpaperError {
  if (!library) return new WallpaperError('not_found', 'no wallpaper on the server matches the filters');
  if (library.status().total === 0) return new WallpaperError('not_found', emptyHint);
  const countOf = (f: Filters) => library.list(f, { page: 1, limit: 1 }).pagination.total;
  if (countOf(filters) > 0)
    return new WallpaperError('not_found', 'no wallpaper matching the filters has a reachable file: is a disk away? (wallpaper scan says)');
  return new WallpaperError('not_found', noMatchMessage(filters, countOf));
}
