// Keeping dynamic wallpapers current for `watch` (docs/design.md#the-time-of-day): what this library last put on the
// desktop, and on the lock screen (`--target lock|both`), is shown again at its frame for now
// whenever a dynamic wallpaper there changes frame; each place on its own, so a frame change on the
// lock screen never sets the desktop when that shows something else, nor the other way round. One
// timer sleeps until the next change of either (checking the wall clock at most every
// WALL_CLOCK_CHECK_MS, so a change passed while suspended follows within that time after a resume);
// a timed XML GNOME plays itself on the desktop needs none. check() looks again at once (after
// watch set a new pick). The next change is reckoned from when the frame on the screen was chosen,
// not from when the follower looks: a change that came in between (a suspend during a set) is due
// at once instead of being missed until the one after.
import type { Library } from '../../types.js';
import { restore } from './back.js';
import { dynamicFrames } from '../place/index.js';
import { showLockAgain } from '../lock/index.js';
import { type ShownFile, lockShownByHistory, readOnScreen, shownByHistory } from '../record/index.js';
import type { Session } from '../session/index.js';
import { GNOME } from './set.js';
import { WALL_CLOCK_CHECK_MS } from '../session/index.js';

export interface DynamicFollower {
  /** Look at the screen again now (a new pick may be dynamic, or no longer); `shownAt`, when the
   * set that put it there began (the frames it chose are of that time or later). */
  check(shownAt?: Date): void;
  stop(): void;
}

/** Where a refresh went: the desktop, or the lock screen. */
export type Place = 'desktop' | 'lock';
const PLACES: readonly Place[] = ['desktop', 'lock'];

/**
 * @param enqueue runs each refresh in turn with watch's own changes (never two sets at once)
 * @param onShown the files a refresh gave one place (a frame, a rendition), per monitor and slot
 */
export function followDynamic(
  session: Session,
  library: Library,
  enqueue: (work: () => Promise<void>) => void,
  onShown: (files: ShownFile[], place: Place) => void,
  onError: (error: unknown) => void,
): DynamicFollower {
  let timer: NodeJS.Timeout | undefined;
  let due: Record<Place, number | undefined> = { desktop: undefined, lock: undefined };
  let stopped = false;
  /** The frames on the screen were chosen at this time or later: by a set of watch's (check()), or
   * by a refresh a wake has queued. Plans reckon the next change from it, whenever they run. */
  let shownSince = new Date();

  /** When the soonest dynamic wallpaper among `files` changes frame (`plays`: GNOME plays its XML). */
  const nextOf = async (files: readonly ShownFile[], plays: boolean, shownAt: Date): Promise<number | undefined> => {
    let next: number | undefined;
    for (const file of files) {
      if (!file.id || !library.get(file.id)?.dynamic) continue;
      const at = (await (await dynamicFrames()).nextChange(library, file.path, plays, shownAt))?.getTime();
      if (at !== undefined && (next === undefined || at < next)) next = at;
    }
    return next;
  };

  /** Each place as this library last set it, and when a dynamic wallpaper there, its frame chosen at
   * `shownAt`, changes next. The lock screen is given frames everywhere (GNOME's desktop alone plays
   * an XML). */
  const look = async (shownAt: Date) => {
    const { changes } = readOnScreen(library.dirs.data);
    const files: Record<Place, ShownFile[]> = { desktop: shownByHistory(changes), lock: lockShownByHistory(changes) };
    const plays = session.setter(library.settings().set_command).name === GNOME;
    const next = { desktop: await nextOf(files.desktop, plays, shownAt), lock: await nextOf(files.lock, false, shownAt) };
    return { files, next };
  };

  const soonest = () => Math.min(...PLACES.map((place) => due[place] ?? Number.POSITIVE_INFINITY));

  const sleep = () => {
    clearTimeout(timer);
    const at = soonest();
    if (stopped || at === Number.POSITIVE_INFINITY) return;
    timer = setTimeout(wake, Math.max(1, Math.min(at - Date.now(), WALL_CLOCK_CHECK_MS)));
  };

  const plan = () =>
    enqueue(async () => {
      const since = shownSince;
      let next: typeof due = { desktop: undefined, lock: undefined };
      try {
        next = (await look(since)).next;
      } catch (error) {
        onError(error);
      }
      // A wake that queued a refresh meanwhile (or a set) queued its own plan: this one is stale.
      if (since !== shownSince) return;
      due = next;
      sleep();
    });

  function wake() {
    // Early (the timer's clock is not the wall clock) or a wall-clock check: sleep on.
    const now = Date.now();
    const passed = PLACES.filter((place) => due[place] !== undefined && now >= due[place]!);
    if (passed.length === 0) return sleep();
    // The refresh queued now chooses frames of this time or later.
    shownSince = new Date(now);
    enqueue(async () => {
      const { files } = await look(shownSince).catch((error: unknown) => {
        onError(error);
        return { files: { desktop: [], lock: [] } as Record<Place, ShownFile[]> };
      });
      // Only the place whose frame changed: the other may show something this refresh must keep.
      for (const place of passed) {
        if (files[place].length === 0) continue;
        try {
          const given =
            place === 'lock' ? await showLockAgain(session, library, files.lock) : await restore(session, library, files.desktop);
          onShown(given, place);
        } catch (error) {
          onError(error);
        }
      }
    });
    plan();
  }

  plan();
  return {
    check(shownAt = new Date()) {
      if (shownAt > shownSince) shownSince = shownAt;
      plan();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
