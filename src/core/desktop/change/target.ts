// A change aimed at the lock screen too (docs/design.md#the-wallpaper-on-screen `--target lock|both`): `random --set`,
// `next`, `watch` and `POST /api/wallpapers/{id}/set` come through here. The lock screen is asked
// for before anything is set (a desktop without one refuses with nothing changed); `lock` picks one
// wallpaper for the lock screen as a one-for-all desktop would (a light and a dark one where it has
// both slots); `both` gives it what the desktop got (its slots, or the primary monitor's pick). A
// `both` whose second half fails puts the first half back, as read before it was set. The change is remembered with what the
// lock screen showed before, so `back` puts that back too.
import { WallpaperError } from '../../errors.js';
import { HISTORY_AVOID } from '../../limits.js';
import type { Library, PickedFile } from '../../types.js';
import { back } from './back.js';
import { NO_DESKTOP_HINT, setById } from './by-id.js';
import { appearanceChoices, pickAmong, pickLightDark } from '../pick/index.js';
import { lockFiles, requireLock, type Target } from '../lock/index.js';
import { attachLock, rememberLock, type ShownFile, takeLastChange } from '../record/index.js';
import type { Session } from '../session/index.js';
import { primaryOf, rememberedRequest, screenOf, setOnDesktop, slotEntries } from './set.js';
import { shownFile } from '../place/index.js';
import { type DesktopSnapshot, type LockScreen, snapshotDesktop } from '../setters/index.js';
import type { DesktopRequest, DesktopSet, SetEntry } from '../types.js';

/** The light and the dark entry the lock screen gets of a set: its slots, else the primary
 * monitor's (the lock screen has one picture for every monitor), else the one for all. */
function lockEntries(entries: readonly SetEntry[]): { light: SetEntry; dark: SetEntry } {
  const light = entries.find((entry) => entry.slot === 'light');
  const dark = entries.find((entry) => entry.slot === 'dark');
  const primary = entries.find((entry) => entry.monitor?.primary) ?? entries[0]!;
  return { light: light ?? primary, dark: dark ?? light ?? primary };
}

/** Show a set's picks on the lock screen; what it now shows, for the history. */
async function showOnLock(lock: LockScreen, library: Library, entries: readonly SetEntry[]): Promise<ShownFile[]> {
  const { light, dark } = lockEntries(entries);
  const fileOf = (entry: SetEntry) => shownFile(library, entry.picked, entry.monitor ?? undefined);
  await lock.set(await fileOf(light), await fileOf(dark));
  const file = (entry: SetEntry, slot: ShownFile['slot']): ShownFile => ({
    monitor: null,
    slot,
    path: entry.picked.path,
    id: entry.picked.wallpaper.id,
  });
  const lockDark = lock.dark && dark.picked.wallpaper.id !== light.picked.wallpaper.id;
  return lockDark ? [file(light, 'light'), file(dark, 'dark')] : [file(light, null)];
}

/** Picks for the lock screen alone: for the primary monitor, a light and a dark one where the lock
 * screen has both slots and no brightness was asked for. */
async function pickForLock(session: Session, request: DesktopRequest, lock: LockScreen): Promise<DesktopSet | undefined> {
  const { library, filters } = request;
  const source = request.source ?? library;
  const options = request.options ?? {};
  if (options.span) throw new WallpaperError('invalid_param', 'invalid --span: the lock screen has one picture; use --target both');
  const choices = await appearanceChoices(session.env, library, source, filters, options.appearance);
  if (choices.length === 0) return undefined;
  const monitor = primaryOf(await session.monitors(options.monitors).catch(() => undefined));
  const pickOptions = {
    avoid: options.allowRepeat ? [] : library.recentlySet(HISTORY_AVOID),
    ...(monitor ? { screen: screenOf(monitor) } : {}),
  };
  const setter = session.setter(library.settings().set_command).name;
  if (lock.dark && filters.brightness === undefined && options.appearance === undefined) {
    const counterpart = async (id: string) => {
      const file = source === library ? await library.verifiedFile(id) : undefined;
      return file && { wallpaper: file.wallpaper, path: file.path };
    };
    const picks = await pickLightDark(source, filters, pickOptions, counterpart);
    return picks && { setter, entries: slotEntries(picks.light, picks.dark) };
  }
  const picked = await pickAmong(source, choices, pickOptions);
  return picked && { setter, entries: [{ monitor: null, slot: null, picked }] };
}

/** `random --set` (and `next`, `watch`) with a target. */
export async function setOnTarget(session: Session, request: DesktopRequest): Promise<DesktopSet | undefined> {
  const target: Target = request.options?.target ?? 'desktop';
  if (target === 'desktop') return setOnDesktop(session, request);
  const { library } = request;
  const lock = await requireLock(session, library, target);
  const before = await lockFiles(lock, library);
  // Raw, to undo a lock screen half written (KDE: its plugin switched, its Image refused).
  const undoLock = await lock.snapshot();
  if (target === 'lock') {
    const set = await pickForLock(session, request, lock);
    if (!set) return undefined;
    const shown = await showOnLock(lock, library, set.entries).catch(async (error: unknown) => {
      await undoLock().catch(() => undefined);
      throw error;
    });
    await rememberLock(library, { shown, replaced: before }, rememberedRequest(request));
    return set;
  }
  // Read raw before anything is set: what `current` cannot name (Plasma's own wallpaper package, a
  // colour, a slideshow) must come back too if the lock screen refuses.
  const snapshot = await snapshotDesktop(session.setterOptions(library.settings().set_command));
  const set = await setOnDesktop(session, request);
  if (!set) return undefined;
  let shown: ShownFile[];
  try {
    shown = await showOnLock(lock, library, set.entries);
  } catch (error) {
    await undoLock().catch(() => undefined);
    throw await undoDesktop(session, library, snapshot, error);
  }
  await attachLock(library.dirs.data, { shown, replaced: before });
  return set;
}

/** Both or neither: the desktop half of a `both` whose lock screen failed goes back (as read before
 * it, else by the history) and off the history; the error then names what failed and what came of
 * the desktop. */
async function undoDesktop(session: Session, library: Library, snapshot: DesktopSnapshot | undefined, error: unknown): Promise<unknown> {
  const reason = error instanceof Error ? error.message : String(error);
  let undone = 'the desktop was put back as it was';
  try {
    if (snapshot) {
      await snapshot.restore();
      await takeLastChange(library.dirs.data);
    } else await back(session, library);
  } catch (undoError) {
    undone = `putting the desktop back failed too (${undoError instanceof Error ? undoError.message : String(undoError)}): it shows the new pick`;
  }
  const code = error instanceof WallpaperError ? error.code : 'setter_failed';
  return new WallpaperError(code, `cannot set target both: the lock screen could not be set (${reason}); ${undone}`, { cause: error });
}

/** A failing desktop tool is the desktop's state, not the request's (as by-id.ts says it). */
function asNoDesktop(error: unknown): unknown {
  if (error instanceof WallpaperError && (error.code === 'setter_failed' || error.code === 'unavailable'))
    return new WallpaperError('no_desktop', `the lock screen could not be set: ${error.message} (${NO_DESKTOP_HINT})`, { cause: error });
  return error;
}

/** `POST /api/wallpapers/{id}/set` with a target: the wallpaper (and on a lock screen with a dark
 * slot, its designer pair there) on the lock screen, then, for `both`, on the desktop. */
export async function setByIdOnTarget(
  session: Session,
  library: Library,
  id: string,
  options: { monitor?: string; target?: Target } = {},
): Promise<DesktopSet> {
  const { monitor, target = 'desktop' } = options;
  if (target === 'desktop') return setById(session, library, id, { monitor });
  if (target === 'lock' && monitor !== undefined)
    throw new WallpaperError(
      'invalid_param',
      'invalid monitor: the lock screen has one picture for every monitor; leave monitor out, or give target both',
    );
  const info = session.setter(library.settings().set_command);
  if (info.name === undefined)
    throw new WallpaperError('no_desktop', `no desktop session can be set from this server (${info.reason}): ${NO_DESKTOP_HINT}`);
  const lock = await requireLock(session, library, target);
  const file = await library.verifiedFile(id);
  if (!file) throw new WallpaperError('not_found', 'no wallpaper with this id has a reachable, unchanged file');
  const picked: PickedFile = { wallpaper: file.wallpaper, path: file.path };
  const pair = lock.dark && file.wallpaper.pair_id ? await library.verifiedFile(file.wallpaper.pair_id) : undefined;
  const other = pair ? { wallpaper: pair.wallpaper, path: pair.path } : picked;
  const [light, dark] = picked.wallpaper.brightness === 'dark' ? [other, picked] : [picked, other];
  const lockSet: DesktopSet = { setter: info.name, entries: slotEntries(light, dark) };
  const before = await lockFiles(lock, library);
  const undoLock = await lock.snapshot();
  const shown = await showOnLock(lock, library, lockSet.entries).catch(async (error: unknown) => {
    await undoLock().catch(() => undefined);
    throw asNoDesktop(error);
  });
  if (target === 'lock') {
    await rememberLock(library, { shown, replaced: before });
    return lockSet;
  }
  let set: DesktopSet;
  try {
    set = await setById(session, library, id, { monitor });
  } catch (error) {
    // Exactly as it was, its plugin too (what `before` cannot name).
    await undoLock().catch(() => undefined);
    throw error;
  }
  await attachLock(library.dirs.data, { shown, replaced: before });
  return set;
}
