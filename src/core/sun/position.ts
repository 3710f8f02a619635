// Where the sun stands in the sky at a place and time (suncalc), in the terms Apple's solar dynamic
// wallpapers use: altitude above the horizon and azimuth as a compass bearing, both in degrees.
import { getPosition } from 'suncalc';
import type { Location } from './location.js';

export interface SunPosition {
  /** Degrees above the horizon (negative: below). */
  altitude: number;
  /** Compass bearing in degrees, 0 north, 90 east, 180 south, 270 west. */
  azimuth: number;
}

/** suncalc 2 answers in these very terms (degrees; azimuth clockwise from north, refraction applied). */
export function sunPosition(at: Date, { lat, lon }: Location): SunPosition {
  const { altitude, azimuth } = getPosition(at, lat, lon);
  return { altitude, azimuth };
}
