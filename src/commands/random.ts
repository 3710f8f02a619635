// `wallpaper random [FILTERS]`: pick one matching wallpaper at random, print it, and with --set make
// it the desktop wallpaper, avoiding the ones set most recently.
import { join } from 'node:path';
import { Command } from 'commander';
import { WallpaperError } from '../core/errors.js';
import { parseFilters } from '../core/filters.js';
import { HISTORY_AVOID } from '../core/limits.js';
import type { RemoteLibrary } from '../core/remote.js';
import { setWallpaper } from '../core/setters/index.js';
import type { Filters, Wallpaper } from '../core/types.js';
import { type CliContext, libraryOf, remoteLibrary } from './context.js';
import { addFilterFlags, filterParams } from './filter-flags.js';
import { printJson } from './output.js';

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
      const remote = server ? await remoteLibrary(server) : undefined;
      const wallpaper = remote ? await pickRemote(remote, filters, avoid) : library.random(filters, { avoid });
      if (!wallpaper) throw new WallpaperError('not_found', 'no wallpaper matches the filters');
      let file = wallpaper.path;
      if (options.set) {
        if (remote) file = await remote.download(wallpaper, join(library.home, 'downloads'));
        await setWallpaper(file, { env: ctx.env, setCommand: library.settings().set_command });
        library.recordSet(wallpaper.id);
      }
      if (options.json) printJson(ctx.stdout, wallpaper);
      else ctx.stdout.write(`${file}\n`);
    } finally {
      library.close();
    }
  });
}

async function pickRemote(remote: RemoteLibrary, filters: Filters, avoid: readonly string[]): Promise<Wallpaper | undefined> {
  let pick: Wallpaper | undefined;
  for (let i = 0; i < REMOTE_TRIES; i++) {
    pick = await remote.random(filters);
    if (!pick || !avoid.includes(pick.id)) return pick;
  }
  return pick;
}

