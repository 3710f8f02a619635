// What `schedule --every` accepts, turned into calendar times: an interval that divides the hour or
// the day (15m, 30m, 1h, 2h...), `hourly`, `daily`, `weekly`, or days and times ("Mon..Fri 08:00",
// "Sat,Sun 10:30", "07:00,19:00"). Calendar times, not intervals from start-up, are what survive a
// reboot: a systemd timer with Persistent=true (and launchd, and the Windows task scheduler with
// StartWhenAvailable) runs a time missed while the machine was off or asleep once, on wake.
import { WallpaperError } from '../errors.js';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface Every {
  /** The text as given, for messages and the unit's description. */
  text: string;
  /** Days of the week (0 = Sunday) on which it runs. */
  days: number[];
  /** Times of day on those days, as [hour, minute], sorted. */
  times: [number, number][];
  /** systemd's OnCalendar= expression. */
  calendar: string;
  /** The shortest gap between two runs, in ms: what `--if-due` measures against. */
  intervalMs: number;
  /** For an even step through the day (30m, 2h): its length in minutes. */
  stepMinutes?: number;
}

const MINUTE = 60_000;
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const ACCEPTED =
  'an interval that divides an hour or a day (15m, 30m, 1h, 2h, 6h, 1d), hourly, daily, weekly, or days and times such as "Mon..Fri 08:00" or "Sat,Sun 10:30"';

const invalid = (text: string) =>
  new WallpaperError('invalid_param', `invalid --every ${JSON.stringify(text.slice(0, 64))}: expected ${ACCEPTED}`);

const two = (n: number) => String(n).padStart(2, '0');

/** Mon..Fri, Sat,Sun, Mon -> day numbers; undefined when not days. */
function parseDays(text: string): number[] | undefined {
  const index = (name: string) => DAY_NAMES.findIndex((day) => day.toLowerCase() === name.slice(0, 3).toLowerCase());
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to] = part.split('..');
    const start = index(from ?? '');
    if (start < 0) return undefined;
    const end = to === undefined ? start : index(to);
    if (end < 0) return undefined;
    for (let day = start; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === end) break;
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** 08:00 or 7:30,19:00 -> sorted [hour, minute] pairs; undefined when not times. */
function parseTimes(text: string): [number, number][] | undefined {
  const times: [number, number][] = [];
  for (const part of text.split(',')) {
    const match = /^(\d{1,2}):(\d{2})$/.exec(part);
    if (!match) return undefined;
    const [hour, minute] = [Number(match[1]), Number(match[2])];
    if (hour > 23 || minute > 59) return undefined;
    times.push([hour, minute]);
  }
  return times.sort((a, b) => a[0] * 60 + a[1] - (b[0] * 60 + b[1]));
}

/** The shortest gap between consecutive runs over a week, wrapping around. */
function shortestGap(days: number[], times: [number, number][]): number {
  const runs = days.flatMap((day) => times.map(([hour, minute]) => (day * 24 + hour) * 60 + minute)).sort((a, b) => a - b);
  const week = 7 * 24 * 60;
  let gap = week;
  for (let i = 0; i < runs.length; i++) gap = Math.min(gap, (runs[(i + 1) % runs.length]! - runs[i]! + week) % week || week);
  return gap * MINUTE;
}

function calendarOf(days: number[], times: [number, number][]): string {
  const dayPart = days.length === 7 ? '' : `${days.map((day) => DAY_NAMES[day]).join(',')} `;
  const hours = [...new Set(times.map(([hour]) => hour))];
  const minutes = [...new Set(times.map(([, minute]) => minute))];
  // One expression when the times are a grid of hours x minutes (always so for intervals).
  if (hours.length * minutes.length === times.length) {
    return `${dayPart}*-*-* ${hours.map(two).join(',')}:${minutes.map(two).join(',')}:00`;
  }
  return times.map(([hour, minute]) => `${dayPart}*-*-* ${two(hour)}:${two(minute)}:00`).join('\n');
}

function build(text: string, days: number[], times: [number, number][], calendar = calendarOf(days, times)): Every {
  return { text, days, times, calendar, intervalMs: shortestGap(days, times) };
}

/** The short systemd form of a step through the day: `*:00/30:00`, `00/2:00:00`, `*:00:00`. */
function stepCalendar(minutes: number): string {
  if (minutes < 60) return `*-*-* *:00/${minutes}:00`;
  if (minutes === 60) return '*-*-* *:00:00';
  return `*-*-* 00/${minutes / 60}:00:00`;
}

/** Every `step` minutes from midnight, as times of day. */
function everyMinutes(step: number): [number, number][] {
  const times: [number, number][] = [];
  for (let minute = 0; minute < 24 * 60; minute += step) times.push([Math.floor(minute / 60), minute % 60]);
  return times;
}

export function parseEvery(input: string): Every {
  const text = input.trim();
  const lower = text.toLowerCase();
  if (lower === 'hourly') return { ...build(text, ALL_DAYS, everyMinutes(60), stepCalendar(60)), stepMinutes: 60 };
  if (lower === 'daily') return build(text, ALL_DAYS, [[0, 0]]);
  if (lower === 'weekly') return build(text, [1], [[0, 0]]);
  const interval = /^(\d+)\s*(m|min|h|d)$/.exec(lower);
  if (interval) {
    const amount = Number(interval[1]);
    const minutes = amount * { m: 1, min: 1, h: 60, d: 24 * 60 }[interval[2] as 'm' | 'min' | 'h' | 'd'];
    if (minutes === 24 * 60) return build(text, ALL_DAYS, [[0, 0]]);
    // Only steps that divide the hour or the day keep an even rhythm across midnight.
    const even = minutes > 0 && (minutes < 60 ? 60 % minutes === 0 : minutes % 60 === 0 && (24 * 60) % minutes === 0);
    if (!even) throw invalid(text);
    return { ...build(text, ALL_DAYS, everyMinutes(minutes), stepCalendar(minutes)), stepMinutes: minutes };
  }
  const [first = '', second, ...rest] = text.split(/\s+/);
  if (rest.length > 0) throw invalid(text);
  const days = second === undefined ? ALL_DAYS : parseDays(first);
  const times = parseTimes(second ?? first);
  if (!days || !times) throw invalid(text);
  return build(text, days, times);
}
