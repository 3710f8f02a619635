// `wallpaper back` (docs/design.md#the-wallpaper-on-screen): put back, per monitor and slot, what the last change replaced,
// and forget that change, so the next `back` goes one further (SET_HISTORY_DEPTH deep); the lock
// screen too when the change set it (`--target lock|both`). What is put
// back may be a file the library does not know (the desktop's own default): it is set all the same.
import { join, sep } from 'node:path';
import { WallpaperError } from '../../errors.js';
import type { Library } from '../../types.js';
import { entriesOf } from '../screen/index.js';
import { type Change, type ShownFile, readOnScreen, takeLastChange, takePart } from '../record/index.js';
import { requireLock, restoreLock, type Target } from '../lock/index.js';
import type { Session } from '../session/index.js';
import { GNOME, primaryOf, setEverywhere } from './set.js';
import { shownFile } from '../place/index.js';
import { setOnly } from './set-only.js';
import { setLightDark } from '../setters/index.js';
import type { ShownEntry } from '../types.js';

const NOTHING = 'nothing to go back to: this library has not changed the wallpaper since (or back went as far as its history)';
const NOTHING_LOCK = 'nothing to go back to on the lock screen: this library has not set it (random --set --target lock) since';

/** Set `files` as they were: both slots, each monitor its own, or one file everywhere; returns what
 * the setter was given, per file (a dynamic wallpaper's frame for now). */
export async function restore(session: Session, library: Library, recorded: ShownFile[]): Promise<ShownFile[]> {
  const setterOptions = session.setterOptions(library.settings().set_command);
  // A wallpaper of the library comes back as a set gives it: a dynamic one at its frame for now (or,
  // on GNOME, as the XML it plays), a format not every desktop shows (HEIC, JPEG XL, SVG) as its
  // rendition for the monitor, never its own file, which the desktop may not show (GNOME: blank).
  const plays = session.setter(library.settings().set_command).name === GNOME;
  const known = await session.monitors(readOnScreen(library.dirs.data).last_request?.options.monitors).catch(() => undefined);
  const files = await Promise.all(
    recorded.map(async (file) => {
      const wallpaper = file.id ? library.get(file.id) : undefined;
      if (!wallpaper) return file;
      const monitor = known?.find((candidate) => candidate.name === file.monitor) ?? primaryOf(known);
      // What the desktop showed may be a rendition (possibly gone since): start from the wallpaper.
      const own = file.path.startsWith(join(library.dirs.cache, 'renditions') + sep) ? wallpaper.path : file.path;
      return { ...file, path: await shownFile(library, { wallpaper, path: own }, monitor, plays) };
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
  await setOnly(session, library, assignments);
  return files;
}

/** `files` with a file that was on every monitor given to each monitor no other file names, when
 * they mix the two (a library that moved from one wallpaper everywhere, feh on one screen, to one
 * per monitor, Xfce; or a change of one monitor since): each monitor is restored and reported by
 * its name, never as a monitor named `null`
 * (docs/desktops.md#what-is-on-the-screen-how-current-reads-it-back). */
async function perMonitor(session: Session, library: Library, recorded: ShownFile[]): Promise<ShownFile[]> {
  if (!recorded.some((file) => file.monitor !== null)) return recorded;
  const monitors = await session.monitors(readOnScreen(library.dirs.data).last_request?.options.monitors).catch(() => []);
  // A monitor this desktop no longer has (feh's `screen` before a move to Xfce) is not put back.
  const here = recorded.filter((file) => file.monitor === null || monitors.length === 0 || monitors.some((m) => m.name === file.monitor));
  const files = here.some((file) => file.monitor !== null) ? here : recorded;
  const everywhere = files.filter((file) => file.monitor === null && file.slot === null);
  const named = files.filter((file) => file.monitor !== null);
  if (everywhere.length === 0 || named.length === 0) return files;
  const others = monitors.filter((monitor) => !named.some((file) => file.monitor === monitor.name));
  const rest = files.filter((file) => !everywhere.includes(file));
  return [...rest, ...others.map((monitor) => ({ ...everywhere[0]!, monitor: monitor.name }))];
}

const hasDesktop = (change: Change) => change.replaced.length > 0;
const hasLock = (change: Change) => (change.lock?.shown.length ?? 0) > 0;

/** Put back what the last change replaced: all of it (both places when it set both), or with
 * `target` only that place's part of the newest change that set it (`back --target lock`). The
 * lock screen is asked for before anything is set, so a refusal changes nothing. */
export async function back(session: Session, library: Library, target?: Target): Promise<ShownEntry[]> {
  const { changes } = readOnScreen(library.dirs.data);
  const newestWith = (has: (change: Change) => boolean) => changes.findLastIndex(has);
  const wanted =
    target === undefined
      ? { desktop: changes.length - 1, lock: changes.length - 1 }
      : { desktop: target === 'lock' ? -1 : newestWith(hasDesktop), lock: target === 'desktop' ? -1 : newestWith(hasLock) };
  const desktopPart = changes[wanted.desktop] && hasDesktop(changes[wanted.desktop]!) ? changes[wanted.desktop] : undefined;
  const lockPart = changes[wanted.lock] && hasLock(changes[wanted.lock]!) ? changes[wanted.lock]!.lock : undefined;
  if (!desktopPart && !lockPart) throw new WallpaperError('not_found', target === 'lock' ? NOTHING_LOCK : NOTHING);
  if (target === 'both' && (!desktopPart || !lockPart)) throw new WallpaperError('not_found', desktopPart ? NOTHING_LOCK : NOTHING);
  const lock = lockPart ? await requireLock(session, library, target ?? 'lock') : undefined;
  if (lock && lockPart) await restoreLock(lock, lockPart.replaced);
  const desktopFiles = desktopPart && (await perMonitor(session, library, desktopPart.replaced));
  if (desktopFiles) await restore(session, library, desktopFiles);
  if (target === undefined) await takeLastChange(library.dirs.data);
  else {
    // The newer part first: taking a part may drop its change and move the older indexes.
    const parts = [
      ...(lockPart ? [{ index: wanted.lock, part: 'lock' as const }] : []),
      ...(desktopPart ? [{ index: wanted.desktop, part: 'desktop' as const }] : []),
    ].sort((a, b) => b.index - a.index);
    for (const { index, part } of parts) await takePart(library.dirs.data, index, part);
  }
  return entriesOf(library, desktopFiles ?? lockPart!.replaced);
}
