// `wallpaper random [FILTERS]`: pick one matching wallpaper at random, print it, and with --set make
// it the desktop wallpaper, avoiding the ones set most recently.
import { join } from 'node:path';
import { Command } from 'commander';
import {
  type Filters,
  HISTORY_AVOID,
  type Library,
  WallpaperError,
  type WallpaperSource,
  claimIfDue,
  openRemote,
  parseDuration,
  parseFilters,
  setWallpaper,
} from '../core/index.js';
import { type CliContext, libraryOf } from './context.js';
import { addFilterFlags, filterParams } from './filter-flags.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { serverOption } from './options.js';
import { noMatchMessage, printJson } from './output.js';

interface RandomOptions extends Record<string, unknown> {
  json?: boolean;
  set?: boolean;
  ifDue?: string;
  allowRepeat?: boolean;
  server?: string;
}

export function randomCommand(ctx: CliContext): Command {
  const command = new Command('random')
    .description('pick a random wallpaper matching the filters and print its path')
    .option('--json', 'print the Wallpaper object as JSON')
    .option('--set', 'set it as the desktop wallpaper (avoids the last 20 set)')
    .option('--allow-repeat', 'with --set: allow recently set wallpapers')
    .option('--if-due <duration>', 'with --set: only when the last change is this long ago (30m, 1h, daily); else do nothing')
    .addOption(serverOption());
  helpFooter(
    command,
    [
      'wallpaper random --brightness dark --set',
      'feh --bg-fill "$(wallpaper random --orientation landscape)"',
      'wallpaper random --server http://nas:8519 --set',
    ],
    [...FILE_VARIABLES, 'WALLPAPER_SERVER', 'XDG_CURRENT_DESKTOP', 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY, WAYLAND_DISPLAY'],
  );
  return addFilterFlags(command).action(async (options: RandomOptions, cmd: Command) => {
    const filters = parseFilters(filterParams(options));
    const dueMs = options.ifDue === undefined ? undefined : parseDuration(options.ifDue);
    if (dueMs !== undefined && !options.set) throw new WallpaperError('invalid_param', 'invalid --if-due: it applies to --set only');
    const library = libraryOf(cmd, ctx);
    // A timer, a login hook and cron may all ask: one change per interval, the rest do nothing.
    const claim = dueMs === undefined ? undefined : claimIfDue(library.dirs.data, dueMs);
    if (dueMs !== undefined && !claim) {
      library.close();
      return;
    }
    try {
      const avoid = options.set && !options.allowRepeat ? library.recentlySet(HISTORY_AVOID) : [];
      // The local index or a server, one interface: only a file that can be used is printed or set
      // (reachable and as indexed, or downloaded and checked), picking again past the others.
      const source: WallpaperSource = options.server
        ? await openRemote(options.server, { downloads: options.set ? join(library.dirs.data, 'downloads') : undefined })
        : library;
      const picked = await source.randomFile(filters, { avoid });
      if (!picked) throw noMatch(filters, options.server ? undefined : library);
      if (options.set) {
        await setWallpaper(picked.path, { env: ctx.env, setCommand: library.settings().set_command });
        library.recordSet(picked.wallpaper.id);
        claim?.changed();
      }
      if (options.json) printJson(ctx.stdout, picked.wallpaper);
      else ctx.stdout.write(`${picked.path}\n`);
    } finally {
      claim?.release();
      library.close();
    }
  });
}

/** "No match", with the filters and the library size named for a local library. */
function noMatch(filters: Filters, library: Library | undefined): WallpaperError {
  if (!library) return new WallpaperError('not_found', 'no wallpaper on the server matches the filters');
  const countOf = (f: Filters) => library.list(f, { page: 1, limit: 1 }).pagination.total;
  if (countOf(filters) > 0)
    return new WallpaperError('not_found', 'no wallpaper matching the filters has a reachable file: is a disk away? (wallpaper scan says)');
  return new WallpaperError('not_found', noMatchMessage(filters, countOf));
}
