// `wallpaper random [FILTERS]`: pick one matching wallpaper at random, print it, and with --set make
// it the desktop wallpaper, avoiding the ones set most recently.
import { join } from 'node:path';
import { Command } from 'commander';
import { HISTORY_AVOID, type Filters, type Library, type RemoteLibrary, type Wallpaper, WallpaperError, isWallpaperError, parseFilters, setWallpaper } from '../core/index.js';
import { type CliContext, libraryOf, remoteLibrary } from './context.js';
import { addFilterFlags, filterParams } from './filter-flags.js';
import { noMatchMessage, printJson } from './output.js';

interface RandomOptions extends Record<string, unknown> {
  json?: boolean;
  set?: boolean;
  allowRepeat?: boolean;
  server?: string;
}

/** A remote server has no "avoid" parameter: ask again a few times for one not set recently. */
const REMOTE_TRIES = 8;

export function randomCommand(ctx: CliContext): Command {
  const command = new Command('random')
    .description('pick a random wallpaper matching the filters and print its path')
    .option('--json', 'print the Wallpaper object as JSON')
    .option('--set', 'set it as the desktop wallpaper (avoids the last 20 set)')
    .option('--allow-repeat', 'with --set: allow recently set wallpapers')
    .option('--server <url>', 'ask a running `wallpaper serve` instead of the local index (or WALLPAPER_SERVER)');
  return addFilterFlags(command).action(async (options: RandomOptions, cmd: Command) => {
    const filters = parseFilters(filterParams(options));
    const server = options.server ?? ctx.env.WALLPAPER_SERVER;
    const library = libraryOf(cmd, ctx);
    try {
      const avoid = options.set && !options.allowRepeat ? library.recentlySet(HISTORY_AVOID) : [];
      // Only a file still as indexed is printed or set: past a disk that is away or a file changed
      // behind the index, another match is picked (bounded), never a path that fails the setter.
      const picked = server
        ? await pickRemote(await remoteLibrary(server), filters, avoid, options.set ? join(library.home, 'downloads') : undefined)
        : await library.randomFile(filters, { avoid });
      if (!picked) throw await noMatch(filters, server ? undefined : library);
      if (options.set) {
        await setWallpaper(picked.path, { env: ctx.env, setCommand: library.settings().set_command });
        library.recordSet(picked.wallpaper.id);
      }
      if (options.json) printJson(ctx.stdout, picked.wallpaper);
      else ctx.stdout.write(`${picked.path}\n`);
    } finally {
      library.close();
    }
  });
}

/** "No match", with the filters and the library size named for a local library. */
async function noMatch(filters: Filters, library: Library | undefined): Promise<WallpaperError> {
  if (!library) return new WallpaperError('not_found', 'no wallpaper on the server matches the filters');
  const countOf = (f: Filters) => library.list(f, { page: 1, limit: 1 }).pagination.total;
  if (countOf(filters) > 0) return new WallpaperError('not_found', 'no wallpaper matching the filters has a reachable file: is a disk away? (wallpaper scan says)');
  return new WallpaperError('not_found', noMatchMessage(filters, countOf));
}

/**
 * A pick from a server: it has no "avoid" parameter, so ask again a few times for one not set
 * recently; with `downloads`, fetch the image too, and pick again when the server no longer has a
 * file for it (404: its file changed or its disk is away there).
 */
async function pickRemote(remote: RemoteLibrary, filters: Filters, avoid: readonly string[], downloads?: string) {
  let pick: Wallpaper | undefined;
  for (let i = 0; i < REMOTE_TRIES; i++) {
    const next = await remote.random(filters);
    if (!next) break;
    pick = next;
    if (avoid.includes(pick.id) && i < REMOTE_TRIES - 1) continue;
    if (!downloads) return { wallpaper: pick, path: pick.path };
    try {
      return { wallpaper: pick, path: await remote.download(pick, downloads) };
    } catch (error) {
      if (!(isWallpaperError(error) && error.code === 'not_found')) throw error;
    }
  }
  return undefined;
}
