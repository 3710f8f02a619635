// Where the library's files live (docs/design.md#where-files-live): settings in the config home, the index, uploads,
// trash and downloads in the data home, thumbnails and variants in the cache home (removable at any
// time: they are remade). XDG base directories on Linux and the BSDs, the platform's own folders on
// macOS and Windows (caches in local, not roaming, app data). `--home DIR` / WALLPAPER_HOME keeps all
// three in DIR.
//
// A library made before this layout (everything in the config home, with its index.sqlite there) is
// used in place, as one folder: moving it would break the absolute upload folder in its settings and
// copy gigabytes of thumbnails, for nothing a user would notice. `doctor` says when this is the case.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { LibraryDirs } from '../types/library.js';

export type { LibraryDirs };

const NAME = 'wallpaper';

/** An XDG variable counts only when it holds an absolute path (the specification says to ignore
 * relative ones). */
function xdg(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name];
  return value && isAbsolute(value) ? value : fallback;
}

/** The platform's three folders, before any legacy library is considered. */
export function platformDirs(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home = homedir()): LibraryDirs {
  if (platform === 'darwin') {
    const support = join(home, 'Library', 'Application Support', NAME);
    return { config: support, data: support, cache: join(home, 'Library', 'Caches', NAME), layout: 'platform' };
  }
  if (platform === 'win32') {
    const roaming = env.APPDATA || join(home, 'AppData', 'Roaming');
    const local = env.LOCALAPPDATA || join(home, 'AppData', 'Local');
    return { config: join(roaming, NAME), data: join(local, NAME), cache: join(local, NAME, 'cache'), layout: 'platform' };
  }
  return {
    config: join(xdg(env, 'XDG_CONFIG_HOME', join(home, '.config')), NAME),
    data: join(xdg(env, 'XDG_DATA_HOME', join(home, '.local', 'share')), NAME),
    cache: join(xdg(env, 'XDG_CACHE_HOME', join(home, '.cache')), NAME),
    layout: 'platform',
  };
}

/** All three folders in one: what `--home DIR` means, and the layout of every library before 0.2. */
export const oneFolder = (dir: string, layout: LibraryDirs['layout'] = 'home'): LibraryDirs => {
  const absolute = resolve(dir);
  return { config: absolute, data: absolute, cache: absolute, layout };
};

/** The folders of a command: the one given (flag or WALLPAPER_HOME), else the platform's, except
 * that an existing one-folder library in the config home (and none in the data home) is kept. */
export function resolveDirs(given: string | undefined, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): LibraryDirs {
  if (given) return oneFolder(given);
  const dirs = platformDirs(env, platform);
  const legacyIndex = join(dirs.config, 'index.sqlite');
  if (dirs.config !== dirs.data && existsSync(legacyIndex) && !existsSync(join(dirs.data, 'index.sqlite'))) {
    return oneFolder(dirs.config, 'legacy');
  }
  return dirs;
}
