// `random --set --if-due DURATION`: change the wallpaper only when the last change is at least that
// long ago, so a timer, a login hook and cron together change it at most once per interval. The last
// change (and whether changes are paused) is a small JSON state file in the data home; a lock file
// beside it makes two triggers at the same moment one change: the second finds the lock and stands
// down. Time is injected, so the rules are tested without waiting.
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WallpaperError } from '../errors.js';

const STATE_FILE = 'last-change.json';
const LOCK_FILE = 'last-change.lock';
/** A lock older than this was left by a process that died mid-change: taken over. */
const STALE_LOCK_MS = 2 * 60_000;
/** A last change this far in the future means the clock was wrong then or is now: due. */
const CLOCK_SLACK_MS = 5 * 60_000;

export interface ChangeState {
  /** ISO time of the last change, or null. */
  last_change: string | null;
  /** Paused: --if-due changes nothing until resumed. */
  paused: boolean;
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `30m`, `1h30m`, `90s`, `1d`, `daily` (1d), `hourly` (1h) -> ms, or an error naming `flag`. */
export function parseDuration(text: string, flag = '--if-due'): number {
  const value = text.trim().toLowerCase();
  const named: Record<string, number> = { hourly: UNITS.h!, daily: UNITS.d!, weekly: UNITS.w! };
  if (named[value]) return named[value];
  const parts = [...value.matchAll(/(\d+)\s*(s|m|h|d|w)/g)];
  const total = parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNITS[unit!]!, 0);
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value.replace(/\s+/g, '') || total <= 0) {
    throw new WallpaperError(
      'invalid_param',
      `invalid ${flag} ${JSON.stringify(text.slice(0, 64))}: expected a duration such as 30m, 1h, 1h30m, 90s or daily`,
    );
  }
  return total;
}

/** ms as the shortest duration text parseDuration() reads back: 29m, 23h59m, 54s. */
export function formatDuration(ms: number): string {
  let rest = Math.max(1000, Math.round(ms / 1000) * 1000);
  let text = '';
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNITS[unit]!;
    if (rest >= size) {
      text += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  return text;
}

/** The `--if-due` a schedule's runs use: its interval less a margin (a tenth, at most a minute), so
 * a run a second early is never taken for one too soon. */
export const dueIntervalOf = (intervalMs: number): number => intervalMs - Math.min(intervalMs / 10, 60_000);

/** The rule itself: due when nothing was changed yet, the interval has passed, or the clock went
 * back past the last change; never while paused. */
export function isDue(state: ChangeState, nowMs: number, intervalMs: number): boolean {
  if (state.paused) return false;
  if (state.last_change === null) return true;
  const last = Date.parse(state.last_change);
  if (Number.isNaN(last)) return true;
  const elapsed = nowMs - last;
  return elapsed >= intervalMs || elapsed < -CLOCK_SLACK_MS;
}

/** The state in `dataDir`; a missing or unreadable file is the empty state (and is rewritten). */
export function readState(dataDir: string, file = STATE_FILE): ChangeState {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as Partial<ChangeState>;
    return {
      last_change: typeof parsed.last_change === 'string' ? parsed.last_change : null,
      paused: parsed.paused === true,
    };
  } catch {
    return { last_change: null, paused: false };
  }
}

/** Write atomically: a temp file renamed over the old one. */
export function writeState(dataDir: string, state: ChangeState, name = STATE_FILE): void {
  const file = join(dataDir, name);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state)}\n`);
  renameSync(temp, file);
}

/** Take the lock, or undefined when another trigger holds a fresh one. */
function lock(dataDir: string, nowMs: number, name = LOCK_FILE): (() => void) | undefined {
  const file = join(dataDir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(file, 'wx'));
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = nowMs - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? nowMs);
      if (age < STALE_LOCK_MS) return undefined;
      rmSync(file, { force: true });
    }
  }
  return undefined;
}

/** What is claimed: a wallpaper change (last-change.json), or a fetch of the sources
 * (last-fetch.json, `fetch --if-due`): each has its own state and lock. */
export type DueJob = 'change' | 'fetch';

export interface DueClaim {
  /** Record a change made now and let go. */
  changed(): void;
  /** Let go without recording a change (the change failed). */
  release(): void;
}

/** Claim the right to change the wallpaper now: undefined when not due, paused, or another trigger
 * is changing it at this moment. The caller changes it, then calls changed() (or release()). */
export function claimIfDue(
  dataDir: string,
  intervalMs: number,
  now: () => number = Date.now,
  job: DueJob = 'change',
): DueClaim | undefined {
  const unlock = lock(dataDir, now(), `last-${job}.lock`);
  if (!unlock) return undefined;
  const state = readState(dataDir, `last-${job}.json`);
  if (!isDue(state, now(), intervalMs)) {
    unlock();
    return undefined;
  }
  // Let go once: a second release must not remove a lock another trigger has taken since.
  let held = true;
  const letGo = () => {
    if (held) unlock();
    held = false;
  };
  return {
    changed() {
      try {
        if (held) writeState(dataDir, { ...state, last_change: new Date(now()).toISOString() }, `last-${job}.json`);
      } finally {
        letGo();
      }
    },
    release: letGo,
  };
}
