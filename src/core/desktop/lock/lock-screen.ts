// Where a change goes (docs/design.md#the-wallpaper-on-screen `--target`): the desktop (the default), the lock screen, or
// both. The words and their one parser (the CLI's --target and the HTTP body's "target" accept and
// refuse alike), the lock screen of this session or the error that names the desktop without one,
// what a change of the lock screen puts back, and a dynamic wallpaper there shown again at its frame
// for now (`watch`).
import { WallpaperError } from '../../errors.js';
import type { Library } from '../../types.js';
import { dynamicShowing } from '../screen/index.js';
import { lockShownByHistory, readOnScreen, type ShownFile } from '../record/index.js';
import type { Session } from '../session/index.js';
import { shownFile } from '../place/index.js';
import type { Target } from '../types.js';
import { type LockScreen, lockScreenOf } from '../setters/index.js';

export type { Target };
export const TARGETS: readonly Target[] = ['desktop', 'lock', 'both'];

/** `text` as a target; `name` is the parameter as the caller wrote it (`--target`, `target`). */
export function parseTarget(text: unknown, name: string): Target {
  const word = typeof text === 'string' ? text.trim().toLowerCase() : text;
  if (TARGETS.includes(word as Target)) return word as Target;
  const shown = typeof text === 'string' ? `"${text}"` : JSON.stringify(text);
  throw new WallpaperError('invalid_param', `invalid ${name} ${shown}: expected desktop, lock or both`);
}

/** This session's lock screen, or undefined with the reason it has none. */
export async function lockScreen(session: Session, library: Library): Promise<LockScreen | undefined> {
  return (await lockScreenOf(session.setterOptions(library.settings().set_command))).lock;
}

/** This session's lock screen; no_lock_screen naming the desktop where it has none (nothing is
 * changed: every caller asks before it sets anything; `current --target lock` only reads). */
export async function requireLock(session: Session, library: Library, target: Target, reading = false): Promise<LockScreen> {
  const answer = await lockScreenOf(session.setterOptions(library.settings().set_command));
  if (answer.lock) return answer.lock;
  throw new WallpaperError(
    'no_lock_screen',
    reading ? `cannot read target ${target}: ${answer.reason}` : `cannot set target ${target}: ${answer.reason}; nothing was changed`,
  );
}

/** What the lock screen shows, as files with the library's ids: a frame of the dynamic wallpaper
 * the history put there stands for that wallpaper, as on the desktop. */
export async function lockFiles(lock: LockScreen, library: Library): Promise<ShownFile[]> {
  const history = lockShownByHistory(readOnScreen(library.dirs.data).changes);
  return Promise.all(
    (await lock.read()).map(async (file) => ({
      ...file,
      id: (await dynamicShowing(library, history, file)) ?? library.resolveWallpaper(file.path) ?? null,
    })),
  );
}

/** Put back what the lock screen showed (empty: its default). */
export async function restoreLock(lock: LockScreen, files: readonly ShownFile[]): Promise<void> {
  if (files.length === 0) return lock.reset();
  const light = files.find((file) => file.slot === 'light') ?? files.find((file) => file.slot === null) ?? files[0]!;
  const dark = files.find((file) => file.slot === 'dark') ?? light;
  await lock.set(light.path, dark.path);
}

/** Show again what the lock screen shows by the history, each dynamic wallpaper at its frame for now
 * (`watch`): the frame file, as a set gives it to the lock screen (never the XML, not even on GNOME,
 * whose Shell does not read this key and whose other readers take an image); what it was given. */
export async function showLockAgain(session: Session, library: Library, files: readonly ShownFile[]): Promise<ShownFile[]> {
  const lock = await requireLock(session, library, 'lock');
  const given = await Promise.all(
    files.map(async (file) => {
      const wallpaper = file.id ? library.get(file.id) : undefined;
      if (!wallpaper?.dynamic) return file;
      return { ...file, path: await shownFile(library, { wallpaper, path: wallpaper.path }) };
    }),
  );
  await restoreLock(lock, given);
  return given;
}
