// Sunrise and sunset at a location, from suncalc (the standard rise/set altitude, -0.833 degrees:
// the upper limb on the horizon with refraction, as almanacs publish them). Beyond the polar
// circles a day may have neither: the sun then stays up (polar day) or down (polar night) for
// weeks, and suncalc says which; every answer here is a time or null, never NaN.
import { getTimes } from 'suncalc';
import type { Location } from './location.js';

const DAY_MS = 86_400_000;
/** How far ahead the next sunrise or sunset is looked for: a polar night or day lasts at most
 * half a year (at the poles), so a year always finds one except exactly at a pole's edge cases. */
const SEARCH_DAYS = 370;

export interface SunEvent {
  kind: 'sunrise' | 'sunset';
  at: Date;
}

export interface SunNow {
  /** The sun is above the rise/set altitude: between a sunrise and the next sunset. */
  up: boolean;
  /** The next sunrise or sunset after `at`; null when none comes within a year. */
  next: SunEvent | null;
}

/** One solar day's sunrise and sunset (those that happen), and whether the sun stays up or down
 * all that day when neither does. */
function dayOf(at: number, { lat, lon }: Location): { events: SunEvent[]; stays?: boolean } {
  const times = getTimes(new Date(at), lat, lon);
  const events: SunEvent[] = [];
  if (times.sunrise) events.push({ kind: 'sunrise', at: times.sunrise });
  if (times.sunset) events.push({ kind: 'sunset', at: times.sunset });
  if (times.alwaysUp) return { events, stays: true };
  if (times.alwaysDown) return { events, stays: false };
  return { events };
}

/** The first sunrise or sunset strictly after `after`, or null within a year. */
export function nextSunEvent(after: Date, location: Location): SunEvent | null {
  const t = after.getTime();
  // From the day before: at longitudes far from Greenwich a solar day's events spill into the
  // neighbouring UTC dates.
  for (let day = -1; day <= SEARCH_DAYS; day++) {
    const later = dayOf(t + day * DAY_MS, location)
      .events.filter((event) => event.at.getTime() > t)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    if (later[0]) return later[0];
  }
  return null;
}

/** Whether the sun is up at `at`, and the next sunrise or sunset. */
export function sunAt(at: Date, location: Location): SunNow {
  const t = at.getTime();
  const days = [-2, -1, 0, 1].map((day) => dayOf(t + day * DAY_MS, location));
  const last = days
    .flatMap((day) => day.events)
    .filter((event) => event.at.getTime() <= t)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .at(-1);
  // No sunrise or sunset in the last two days: a polar day or night, which the latest solar day
  // that began before `at` names.
  const up = last ? last.kind === 'sunrise' : ([days[2], days[1], days[0]].find((day) => day?.stays !== undefined)?.stays ?? false);
  return { up, next: nextSunEvent(at, location) };
}
