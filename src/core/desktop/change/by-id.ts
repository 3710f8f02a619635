// One wallpaper of the library on the desktop of the machine this process runs in, on every monitor
// or on one by name: what `POST /api/wallpapers/{id}/set` does, so a phone on the gallery becomes a
// remote for the desktop `serve` runs in. The same path as `random --set`: on GNOME the wallpaper
// and its designer pair fill the light and dark slots (the wallpaper itself both when it has none),
// a set_command with {monitor} runs once per monitor; the set is remembered in the history.
import { WallpaperError } from '../../errors.js';
import { setOnly } from './set-only.js';
import { setLightDark } from '../setters/index.js';
import type { Library, PickedFile } from '../../types.js';
import { shownFiles } from '../screen/index.js';
import { remember } from '../record/index.js';
import type { Session } from '../session/index.js';
import { GNOME, setEverywhere, slotEntries } from './set.js';
import { shownFile } from '../place/index.js';
import type { DesktopSet } from '../types.js';

/** What to do when no desktop can be set from here. */
export const NO_DESKTOP_HINT =
  'run wallpaper serve inside the desktop session (or give it that session\'s DISPLAY/WAYLAND_DISPLAY and DBUS_SESSION_BUS_ADDRESS), or configure a setter with: wallpaper config set set_command "your-tool {path}"';

/** The wallpaper `id` on the desktop; not_found for an unknown id or a file that changed, no_desktop
 * when no session can be set from here or its tool failed, invalid_param for an unknown monitor. */
export async function setById(session: Session, library: Library, id: string, options: { monitor?: string } = {}): Promise<DesktopSet> {
  const before = await shownFiles(session, library);
  const set = await setOne(session, library, id, options);
  await remember(library, before, set);
  return set;
}

async function setOne(session: Session, library: Library, id: string, options: { monitor?: string }): Promise<DesktopSet> {
  const file = await library.verifiedFile(id);
  if (!file) throw new WallpaperError('not_found', 'no wallpaper with this id has a reachable, unchanged file');
  const picked: PickedFile = { wallpaper: file.wallpaper, path: file.path };
  const info = session.setter(library.settings().set_command);
  if (info.name === undefined)
    throw new WallpaperError('no_desktop', `no desktop session can be set from this server (${info.reason}): ${NO_DESKTOP_HINT}`);
  try {
    if (options.monitor === undefined) {
      if (info.lightDark) {
        const pair = file.wallpaper.pair_id ? await library.verifiedFile(file.wallpaper.pair_id) : undefined;
        const other = pair ? { wallpaper: pair.wallpaper, path: pair.path } : picked;
        const [light, dark] = picked.wallpaper.brightness === 'dark' ? [other, picked] : [picked, other];
        const { setter } = await setLightDark(
          await shownFile(library, light, undefined, info.name === GNOME),
          await shownFile(library, dark, undefined, info.name === GNOME),
          session.setterOptions(library.settings().set_command),
        );
        return { setter, entries: slotEntries(light, dark) };
      }
      const monitors = info.perMonitor && info.name === 'set_command' ? await session.monitors() : undefined;
      const { setter } = await setEverywhere(
        session,
        library,
        await shownFile(library, picked, monitors?.[0], info.name === GNOME),
        monitors,
      );
      return { setter, entries: [{ monitor: null, slot: null, picked }] };
    }
    if (!info.perMonitor) {
      throw new WallpaperError('invalid_param', `invalid monitor: ${info.name} has one wallpaper for all monitors; leave monitor out`);
    }
    const monitors = await session.monitors();
    const monitor = monitors.find((candidate) => candidate.name === options.monitor);
    if (!monitor) {
      throw new WallpaperError(
        'invalid_param',
        `invalid monitor "${options.monitor}": this desktop has ${monitors.map((m) => m.name).join(', ')}`,
      );
    }
    const { setter } = await setOnly(session, library, [{ monitor, file: await shownFile(library, picked, monitor, info.name === GNOME) }]);
    return { setter, entries: [{ monitor, slot: null, picked }] };
  } catch (error) {
    // A desktop tool that fails (its session gone, no bus) is the desktop's state, not the request's.
    if (error instanceof WallpaperError && (error.code === 'setter_failed' || error.code === 'unavailable')) {
      throw new WallpaperError('no_desktop', `the desktop could not be set: ${error.message} (${NO_DESKTOP_HINT})`, { cause: error });
    }
    throw error;
  }
}
