// What this library put on the screen (docs/design.md#the-wallpaper-on-screen): the changes it made, newest last, each with
// what it showed and what it replaced per monitor and slot (what `back` puts back), and the request
// of the last `random --set` (what `next` asks again). Kept in the data home as one small JSON file,
// written whole and atomically: a timer, a shortcut and a terminal may change the wallpaper at once,
// and a torn file must never lose the history.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { SET_HISTORY_DEPTH } from '../../limits.js';
import type { Filters } from '../../types.js';
import type { DesktopOptions, Slot } from '../types.js';

/** One wallpaper on the screen: on a monitor (null: every one), in a slot (null: both). `id` is null
 * for a file the library does not know (the desktop's own, another tool's). */
export interface ShownFile {
  monitor: string | null;
  slot: Slot | null;
  path: string;
  id: string | null;
}

/** What one change did to one place: what it showed there and what was there before it. */
export interface Part {
  shown: ShownFile[];
  replaced: ShownFile[];
}

/** One change of the wallpaper: what it showed and what was on the screen before it; `lock`, what
 * it did to the lock screen (`--target lock|both`; its desktop lists are then empty for `lock`). */
export interface Change extends Part {
  at: string;
  lock?: Part;
}

/** The filters and options of the last `random --set`, asked again by `next`. */
export interface LastRequest {
  filters: Filters;
  options: DesktopOptions;
  server?: string;
}

interface State {
  version: 1;
  changes: Change[];
  last_request: LastRequest | null;
}

export const ON_SCREEN_FILE = 'on-screen.json';
const FILE = ON_SCREEN_FILE;
const empty = (): State => ({ version: 1, changes: [], last_request: null });

/** The state kept in `dataDir`; an absent or unreadable file is an empty history (never an error:
 * the wallpaper can always be changed). */
export function readOnScreen(dataDir: string): State {
  try {
    const state = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Partial<State>;
    if (state.version !== 1 || !Array.isArray(state.changes)) return empty();
    return { version: 1, changes: state.changes, last_request: state.last_request ?? null };
  } catch {
    return empty();
  }
}

async function write(dataDir: string, state: State): Promise<void> {
  await writeFileAtomic(join(dataDir, FILE), Buffer.from(`${JSON.stringify(state, null, 1)}\n`));
}

/** Append a change (the newest) to the journal (record.ts records it), keeping the last SET_HISTORY_DEPTH; `request` when it came from a
 * pick by filters (random --set, next), so that `next` can ask it again. */
export async function appendChange(dataDir: string, change: Change, request?: LastRequest): Promise<void> {
  const state = readOnScreen(dataDir);
  state.changes = [...state.changes, change].slice(-SET_HISTORY_DEPTH);
  if (request) state.last_request = request;
  await write(dataDir, state);
}

/** Change how the last pick by filters follows light and dark (the tray's "Light and dark"): `next`
 * and the tray ask with it from now on; undefined: no appearance (the filters alone). */
export async function setLastAppearance(dataDir: string, appearance: DesktopOptions['appearance']): Promise<boolean> {
  const state = readOnScreen(dataDir);
  if (!state.last_request) return false;
  const { appearance: _old, ...options } = state.last_request.options;
  state.last_request = { ...state.last_request, options: appearance ? { ...options, appearance } : options };
  await write(dataDir, state);
  return true;
}

/** Take the newest change off the history (`back`), or undefined when there is none. */
export async function takeLastChange(dataDir: string): Promise<Change | undefined> {
  const state = readOnScreen(dataDir);
  const change = state.changes.pop();
  if (change) await write(dataDir, state);
  return change;
}

/** Give the newest change its lock-screen part (a `both` set: the desktop's part is recorded first). */
export async function attachLock(dataDir: string, lock: Part): Promise<void> {
  const state = readOnScreen(dataDir);
  const newest = state.changes.at(-1);
  if (!newest) return;
  newest.lock = lock;
  await write(dataDir, state);
}

/** Take the newest change's part for the desktop or the lock screen off the history (the change goes
 * when nothing of it is left): `back --target desktop|lock`. */
export async function takePart(dataDir: string, index: number, part: 'desktop' | 'lock'): Promise<void> {
  const state = readOnScreen(dataDir);
  const change = state.changes[index];
  if (!change) return;
  if (part === 'lock') delete change.lock;
  else Object.assign(change, { shown: [], replaced: [] });
  if (change.shown.length === 0 && !change.lock) state.changes.splice(index, 1);
  await write(dataDir, state);
}

/** What the recorded changes say is on the screen now: for each monitor and slot the newest file
 * shown there, where a change for every monitor (null) covers every monitor before it, and a file for
 * one monitor covers that monitor only: an older file for every monitor stays on the others, as one
 * entry per monitor. The monitors are `monitors` (the desktop's, when known) and every one the
 * history names; with none but the one set, the older file stays for every monitor. */
export function shownByHistory(changes: readonly Change[], monitors: readonly string[] = []): ShownFile[] {
  const named = new Set(monitors);
  for (const change of changes) for (const file of change.shown) if (file.monitor !== null) named.add(file.monitor);
  const shown: ShownFile[] = [];
  for (const change of changes) {
    for (const file of change.shown) {
      for (let i = shown.length - 1; i >= 0; i--) {
        const old = shown[i]!;
        const sameSlot = file.slot === null || old.slot === file.slot;
        if (!sameSlot || (file.monitor !== null && old.monitor !== null && old.monitor !== file.monitor)) continue;
        if (file.monitor !== null && old.monitor === null) {
          // An older file for every monitor: still on each other monitor without a file of its own
          // (kept for every monitor when no other monitor is known by name).
          const others = [...named].filter((monitor) => monitor !== file.monitor);
          if (others.length === 0 && monitors.length === 0) continue;
          const own = (monitor: string) => shown.some((entry) => entry.monitor === monitor && entry.slot === old.slot);
          shown.splice(i, 1, ...others.filter((monitor) => !own(monitor)).map((monitor) => ({ ...old, monitor })));
          continue;
        }
        shown.splice(i, 1);
      }
      shown.push(file);
    }
  }
  return shown;
}

/** What the recorded changes say the lock screen shows now: what the newest change that set it
 * showed there (`back --target lock` takes a part off, so the one before speaks again). */
export function lockShownByHistory(changes: readonly Change[]): ShownFile[] {
  return changes.findLast((change) => (change.lock?.shown.length ?? 0) > 0)?.lock?.shown ?? [];
}
