// `wallpaper back` (CONTRACT.md 8.2): put back, per monitor and slot, what the last change replaced,
// and forget that change, so the next `back` goes one further (SET_HISTORY_DEPTH deep). What is put
// back may be a file the library does not know (the desktop's own default): it is set all the same.
import { WallpaperError } from '../errors.js';
import type { Library } from '../types.js';
import { entriesOf } from './current.js';
import { type ShownFile, readOnScreen, takeLastChange } from './on-screen.js';
import type { Session } from './session.js';
import { GNOME, setEverywhere, shownFile } from './set.js';
import { setEachMonitor, setLightDark } from './setters/index.js';
import type { ShownEntry } from './types.js';

const NOTHING = 'nothing to go back to: this library has not changed the wallpaper since (or back went as far as its history)';

/** Set `files` as they were: both slots, each monitor its own, or one file everywhere; returns what
 * the setter was given, per file (a dynamic wallpaper's frame for now). */
export async function restore(session: Session, library: Library, recorded: ShownFile[]): Promise<ShownFile[]> {
  const setterOptions = session.setterOptions(library.settings().set_command);
  // A dynamic wallpaper comes back at its frame for now (or, on GNOME, as the XML it plays).
  const plays = session.setter(library.settings().set_command).name === GNOME;
  const files = await Promise.all(
    recorded.map(async (file) => {
      const wallpaper = file.id ? library.get(file.id) : undefined;
      return wallpaper?.dynamic ? { ...file, path: await shownFile(library, { wallpaper, path: file.path }, undefined, plays) } : file;
    }),
  );
  const light = files.find((file) => file.slot === 'light');
  const dark = files.find((file) => file.slot === 'dark');
  if (light || dark) {
    await setLightDark((light ?? dark)!.path, (dark ?? light)!.path, setterOptions);
    return files;
  }
  const perMonitor = files.filter((file) => file.monitor !== null);
  if (perMonitor.length === 0) {
    await setEverywhere(session, library, files[0]!.path, await session.monitors().catch(() => undefined));
    return files;
  }
  // The monitors as the change knew them: --monitors of the last random --set, else detected.
  const monitors = await session.monitors(readOnScreen(library.dirs.data).last_request?.options.monitors);
  const assignments = perMonitor.flatMap((file) => {
    const monitor = monitors.find((candidate) => candidate.name === file.monitor);
    return monitor ? [{ monitor, file: file.path }] : [];
  });
  if (assignments.length === 0)
    throw new WallpaperError('not_found', `${NOTHING}: the monitors it changed (${perMonitor.map((f) => f.monitor).join(', ')}) are gone`);
  await setEachMonitor(assignments, setterOptions, { only: true });
  return files;
}

export async function back(session: Session, library: Library): Promise<ShownEntry[]> {
  const newest = readOnScreen(library.dirs.data).changes.at(-1);
  if (!newest || newest.replaced.length === 0) throw new WallpaperError('not_found', NOTHING);
  await restore(session, library, newest.replaced);
  await takeLastChange(library.dirs.data);
  return entriesOf(library, newest.replaced);
}
