// Where the data home is: the --home flag (or WALLPAPER_HOME, resolved with it by the CLI's shared
// options), else the platform's config directory.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function defaultHome(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'wallpaper');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'wallpaper');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'wallpaper');
}

/** The data home: the one given (flag or WALLPAPER_HOME), else the platform default. Always absolute. */
export function resolveHome(given: string | undefined, env: NodeJS.ProcessEnv): string {
  return resolve(given || defaultHome(env));
}
