// `--appearance sun` (docs/design.md#the-time-of-day): light or medium picks from sunrise to sunset at the
// settings' `location`, dark picks outside; and following the sun for `watch`: one timer that
// sleeps until the next sunrise or sunset, checking the wall clock on the way.
import { WallpaperError } from '../../errors.js';
import { type Location, type SunNow, parseLocation, sunAt } from '../../sun/index.js';
import type { Scheme } from './appearance.js';

/** The longest the timer sleeps. Timers count the time the machine is awake (the monotonic
 * clock stops during suspend), so a sunset passed while suspended would otherwise wait as long
 * again; a wake this often only compares the wall clock with the next event (microseconds, idle
 * CPU ~0), and the wallpaper follows within this time after a resume that crossed one. */
export const WALL_CLOCK_CHECK_MS = 30_000;

/** The settings' location; without one, an error that says how to set it. */
export function sunLocation(setting: string | null): Location {
  const location = setting === null ? undefined : parseLocation(setting);
  if (location) return location;
  throw new WallpaperError(
    'invalid_param',
    'invalid --appearance sun: it needs your location: set it with wallpaper config set location LAT,LON (decimal degrees, e.g. 52.52,13.40)',
  );
}

export const schemeOf = (sun: SunNow): Scheme => (sun.up ? 'light' : 'dark');

/** The scheme the sun gives now at the settings' location. */
export const sunScheme = (setting: string | null): Scheme => schemeOf(sunAt(new Date(), sunLocation(setting)));

/** Call `onScheme` with the sun's scheme now, then again whenever it changes: at each sunrise and
 * sunset, and after a resume that crossed one. Returns the function that stops. */
export function followSun(location: Location, onScheme: (scheme: Scheme) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let shown: Scheme | undefined;
  const wake = () => {
    const now = new Date();
    const sun = sunAt(now, location);
    const scheme = schemeOf(sun);
    if (scheme !== shown) {
      shown = scheme;
      onScheme(scheme);
    }
    // A timer that fires a little early (its clock is not the wall clock) finds the same event
    // still ahead and sleeps the rest.
    const untilNext = sun.next ? sun.next.at.getTime() - now.getTime() : Number.POSITIVE_INFINITY;
    timer = setTimeout(wake, Math.max(1, Math.min(untilNext, WALL_CLOCK_CHECK_MS)));
  };
  wake();
  return () => clearTimeout(timer);
}
