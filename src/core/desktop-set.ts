// Set one wallpaper of the library as the desktop wallpaper of the machine this process runs in, on
// every monitor or on one by name: what `POST /api/wallpapers/{id}/set` does, so a phone on the
// gallery becomes a remote for the desktop `serve` runs in. The same setters as `random --set`; the
// set is remembered in the history (per monitor) like any other.
import { WallpaperError } from './errors.js';
import { detectMonitors } from './monitors/index.js';
import { setEachMonitor, setWallpaper, setterAbilities } from './setters/index.js';
import type { Library } from './types.js';

export interface SetByIdOptions {
  /** The environment of the desktop session (serve's own). */
  env: NodeJS.ProcessEnv;
  /** A monitor's name (`wallpaper monitors`); default every monitor. */
  monitor?: string;
}

/** The wallpaper `id` on the desktop; not_found for an unknown id or a file that changed, no_desktop
 * when no session can be set from here or its tool failed, invalid_param for an unknown monitor. */
export async function setWallpaperById(library: Library, id: string, options: SetByIdOptions): Promise<{ setter: string }> {
  const file = await library.verifiedFile(id);
  if (!file) throw new WallpaperError('not_found', 'no wallpaper with this id has a reachable, unchanged file');
  const setterOptions = { env: options.env, setCommand: library.settings().set_command };
  const abilities = setterAbilities(setterOptions);
  if (!('name' in abilities))
    throw new WallpaperError('no_desktop', `no desktop session can be set from this server (${abilities.reason})`);
  try {
    if (options.monitor === undefined) {
      const result = await setWallpaper(file.path, setterOptions);
      library.recordSet(id);
      return result;
    }
    if (!abilities.perMonitor) {
      throw new WallpaperError('invalid_param', `invalid monitor: ${abilities.name} has one wallpaper for all monitors; leave monitor out`);
    }
    const monitors = await detectMonitors({ env: options.env });
    const monitor = monitors.find((candidate) => candidate.name === options.monitor);
    if (!monitor) {
      throw new WallpaperError(
        'invalid_param',
        `invalid monitor "${options.monitor}": this desktop has ${monitors.map((m) => m.name).join(', ')}`,
      );
    }
    const result = await setEachMonitor([{ monitor, file: file.path }], setterOptions, { only: true });
    library.recordSet(id, monitor.name);
    return result;
  } catch (error) {
    // A desktop tool that fails (its session gone, no bus) is the desktop's state, not the request's.
    if (error instanceof WallpaperError && (error.code === 'setter_failed' || error.code === 'unavailable')) {
      throw new WallpaperError('no_desktop', `the desktop could not be set: ${error.message}`, { cause: error });
    }
    throw error;
  }
}
