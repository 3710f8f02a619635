// What a dynamic wallpaper is once parsed, whatever its file (docs/design.md#the-time-of-day), and which of its
// frames is shown at a given moment, with the moment that changes. Pure: the clock and the place
// are parameters.
//
// Three kinds. `timed`: frame changes at times of a cycle (GNOME's XML: a cycle of the sum of its
// durations from its <starttime>; `.stw` and Apple's h24: a day from local midnight). A transition
// (a cross-fade where the desktop plays it) shows its `from` frame for its first half and its `to`
// frame for the second: one whole frame at a time, never a blend. `solar`: the frame whose sun
// position is nearest the sun's now at the `location` setting. `light-dark`: the light frame from
// sunrise to sunset at `location`, the dark one otherwise (the light one without a location).
import { type Location, type SunPosition, sunAt, sunPosition } from '../sun/index.js';

/** A frame: an image file (XML, .stw) or an image of the HEIC itself (its index among its images). */
export type Frame = { path: string } | { image: number };

/** From `at` seconds into the cycle, `frame` (an index into the frames) is shown. */
export interface Change {
  at: number;
  frame: number;
}

export interface Timed {
  kind: 'timed';
  frames: Frame[];
  /** Sorted by `at`; consecutive changes show different frames. */
  changes: Change[];
  /** Seconds in one cycle. */
  period: number;
  /** Where the cycle starts (GNOME's <starttime>, local time), or null: at each local midnight. */
  anchor: Date | null;
}

export interface Solar {
  kind: 'solar';
  frames: Frame[];
  positions: (SunPosition & { frame: number })[];
}

export interface LightDark {
  kind: 'light-dark';
  frames: Frame[];
  light: number;
  dark: number;
}

export type Dynamic = Timed | Solar | LightDark;

/** What the Wallpaper JSON says of it: `{"kind", "frames"}`. */
export interface DynamicSummary {
  kind: Dynamic['kind'];
  frames: number;
}

export const summaryOf = (dynamic: Dynamic): DynamicSummary => ({ kind: dynamic.kind, frames: dynamic.frames.length });

export interface FrameNow {
  /** Index into the frames. */
  frame: number;
  /** When the frame shown next differs (null: not within a day, or never). */
  next: Date | null;
}

const DAY_S = 86_400;
/** How finely the sun's path is followed to find a solar wallpaper's next change. */
const SOLAR_STEP_S = 300;

/** Seconds into the cycle at `now`. */
function elapsed(timed: Timed, now: Date): number {
  if (timed.anchor === null) return now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds() + now.getMilliseconds() / 1000;
  const seconds = (now.getTime() - timed.anchor.getTime()) / 1000;
  return ((seconds % timed.period) + timed.period) % timed.period;
}

function timedAt(timed: Timed, now: Date): FrameNow {
  const into = elapsed(timed, now);
  const { changes } = timed;
  let i = -1;
  for (let j = 0; j < changes.length; j++) if (changes[j]!.at <= into) i = j;
  // Before the first change of the cycle, the last one still shows, and the first comes next.
  const frame = changes[i >= 0 ? i : changes.length - 1]!.frame;
  if (changes.length < 2) return { frame, next: null };
  const following = i + 1 < changes.length ? changes[i + 1]!.at : changes[0]!.at + timed.period;
  return { frame, next: new Date(now.getTime() + (following - into) * 1000) };
}

const RADIANS = Math.PI / 180;

/** The angle between two points of the sky, in degrees. */
function separation(a: SunPosition, b: SunPosition): number {
  const cos =
    Math.sin(a.altitude * RADIANS) * Math.sin(b.altitude * RADIANS) +
    Math.cos(a.altitude * RADIANS) * Math.cos(b.altitude * RADIANS) * Math.cos((a.azimuth - b.azimuth) * RADIANS);
  return Math.acos(Math.min(1, Math.max(-1, cos))) / RADIANS;
}

function nearest(solar: Solar, sun: SunPosition): number {
  let best = solar.positions[0]!;
  for (const position of solar.positions) if (separation(position, sun) < separation(best, sun)) best = position;
  return best.frame;
}

function solarAt(solar: Solar, now: Date, location: Location): FrameNow {
  const frame = nearest(solar, sunPosition(now, location));
  for (let s = SOLAR_STEP_S; s <= DAY_S; s += SOLAR_STEP_S) {
    const later = new Date(now.getTime() + s * 1000);
    if (nearest(solar, sunPosition(later, location)) !== frame) return { frame, next: later };
  }
  return { frame, next: null };
}

/** The frame shown at `now` and when that changes. A solar wallpaper needs `location`; a light/dark
 * one without it shows its light frame. */
export function frameAt(dynamic: Dynamic, now: Date, location?: Location): FrameNow {
  switch (dynamic.kind) {
    case 'timed':
      return timedAt(dynamic, now);
    case 'solar':
      if (!location) throw new Error('a solar dynamic wallpaper follows the sun at your location');
      return solarAt(dynamic, now, location);
    case 'light-dark': {
      if (!location) return { frame: dynamic.light, next: null };
      const sun = sunAt(now, location);
      return { frame: sun.up ? dynamic.light : dynamic.dark, next: sun.next?.at ?? null };
    }
  }
}

/** The frame its analysis, thumbnail and filters use: the one shown at noon (docs/design.md#the-time-of-day): at
 * local noon (of GNOME's start day), the sun at its highest, the light one. */
export function noonFrame(dynamic: Dynamic): number {
  switch (dynamic.kind) {
    case 'timed': {
      const day = dynamic.anchor ?? new Date(2000, 0, 1);
      return timedAt(dynamic, new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12)).frame;
    }
    case 'solar':
      return dynamic.positions.reduce((best, p) => (p.altitude > best.altitude ? p : best)).frame;
    case 'light-dark':
      return dynamic.light;
  }
}

/** Changes as parsed (in cycle order) -> sorted, without a change to the frame already shown. */
export function settleChanges(changes: readonly Change[]): Change[] {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  const kept = sorted.filter((change, i) => i === 0 || change.frame !== sorted[i - 1]!.frame);
  if (kept.length > 1 && kept[0]!.frame === kept.at(-1)!.frame) kept.shift();
  return kept;
}
