// Keeping dynamic wallpapers current for `watch` (CONTRACT.md 8.3): what this library last put on the
// screen is shown again, at its frame for now, whenever a dynamic wallpaper among it changes frame.
// One timer sleeps until the next change (checking the wall clock at most every WALL_CLOCK_CHECK_MS,
// so a change passed while suspended follows within that time after a resume); a timed XML GNOME
// plays itself needs none. check() looks again at once (after watch set a new pick).
import type { Library } from '../types.js';
import { restore } from './back.js';
import { nextChange } from './dynamic-frame.js';
import { type ShownFile, readOnScreen, shownByHistory } from './on-screen.js';
import type { Session } from './session.js';
import { GNOME } from './set.js';
import { WALL_CLOCK_CHECK_MS } from './sun.js';

export interface DynamicFollower {
  /** Look at the screen again now (a new pick may be dynamic, or no longer). */
  check(): void;
  stop(): void;
}

/**
 * @param enqueue runs each refresh in turn with watch's own changes (never two sets at once)
 * @param onShown the files a refresh gave the desktop (a frame, a rendition), per monitor and slot
 */
export function followDynamic(
  session: Session,
  library: Library,
  enqueue: (work: () => Promise<void>) => void,
  onShown: (files: ShownFile[]) => void,
  onError: (error: unknown) => void,
): DynamicFollower {
  let timer: NodeJS.Timeout | undefined;
  let due: number | undefined;
  let stopped = false;

  /** The screen as this library last set it, and when one of its dynamic wallpapers changes next. */
  const look = async (): Promise<{ files: ShownFile[]; next: number | undefined }> => {
    const files = shownByHistory(readOnScreen(library.dirs.data).changes);
    const plays = session.setter(library.settings().set_command).name === GNOME;
    let next: number | undefined;
    for (const file of files) {
      if (!file.id || !library.get(file.id)?.dynamic) continue;
      const at = (await nextChange(library, file.path, plays))?.getTime();
      if (at !== undefined && (next === undefined || at < next)) next = at;
    }
    return { files, next };
  };

  const sleep = () => {
    clearTimeout(timer);
    if (stopped || due === undefined) return;
    timer = setTimeout(wake, Math.max(1, Math.min(due - Date.now(), WALL_CLOCK_CHECK_MS)));
  };

  const plan = () =>
    enqueue(async () => {
      try {
        due = (await look()).next;
      } catch (error) {
        due = undefined;
        onError(error);
      }
      sleep();
    });

  function wake() {
    // Early (the timer's clock is not the wall clock) or a wall-clock check: sleep on.
    if (due === undefined || Date.now() < due) return sleep();
    enqueue(async () => {
      try {
        const { files } = await look();
        if (files.length > 0) onShown(await restore(session, library, files));
      } catch (error) {
        onError(error);
      }
    });
    plan();
  }

  plan();
  return {
    check: plan,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
