// The one record of each change (docs/design.md#one-record-of-each-change). A change of the desktop
// or the lock screen is written here and nowhere else, once its setter succeeded: what it showed and
// what it replaced per monitor and slot, with the request it came from, go in the journal of what
// is on the screen (on-screen.ts), and the wallpapers it showed in the library's set history (the
// no-repeat memory, kept in the index because it is the user's data: exported, copied between
// databases). What is on the screen, `back`, `next` and the no-repeat picks are read from it, and the
// tray and `current --follow` follow it (follow-shown.ts).
import type { Library } from '../../types.js';
import type { DesktopSet } from '../types.js';
import { appendChange, type Change, type LastRequest, type Part, type ShownFile } from './on-screen.js';

/** Record `change`: the journal and the set history, from the one change. */
export async function recordChange(library: Library, change: Change, request?: LastRequest): Promise<void> {
  const places = new Map<string, { id: string; monitor: string | null }>();
  for (const file of [...change.shown, ...(change.lock?.shown ?? [])]) {
    if (file.id !== null) places.set(`${file.id}\0${file.monitor ?? ''}`, { id: file.id, monitor: file.monitor });
  }
  for (const { id, monitor } of places.values()) library.recordSet(id, monitor ?? undefined);
  await appendChange(library.dirs.data, change, request);
}

/** The files of `before` that a change showing `shown` covers: what `back` puts back. A file shown
 * on every monitor replaces every monitor's; one monitor's replaces that monitor's (or the file
 * that was on every monitor, there). */
export function replacedBy(before: readonly ShownFile[], shown: readonly ShownFile[]): ShownFile[] {
  const replaced: ShownFile[] = [];
  // A monitor's own file before the one that was everywhere else (the history holds both after a
  // change of one monitor), so each monitor gets back what it showed.
  const ordered = [...before.filter((old) => old.monitor !== null), ...before.filter((old) => old.monitor === null)];
  for (const now of shown) {
    for (const old of ordered) {
      const monitorMeets = now.monitor === null || old.monitor === null || old.monitor === now.monitor;
      const slotMeets = now.slot === null || old.slot === null || old.slot === now.slot;
      if (!monitorMeets || !slotMeets) continue;
      const entry = { monitor: now.monitor ?? old.monitor, slot: now.slot ?? old.slot, path: old.path, id: old.id };
      if (!replaced.some((r) => r.monitor === entry.monitor && r.slot === entry.slot)) replaced.push(entry);
    }
  }
  return replaced;
}

/** Record a change that showed `set`, replacing `before`; `request` when it was a pick by filters. */
export async function remember(library: Library, before: ShownFile[], set: DesktopSet, request?: LastRequest): Promise<void> {
  const shown = set.entries.map(({ monitor, slot, picked }) => ({
    monitor: monitor?.name ?? null,
    slot,
    path: picked.path,
    id: picked.wallpaper.id,
  }));
  const change: Change = { at: new Date().toISOString(), shown, replaced: replacedBy(before, shown) };
  await recordChange(library, change, request);
}

/** A change of the lock screen alone (its desktop lists empty). */
export async function rememberLock(library: Library, lock: Part, request?: LastRequest): Promise<void> {
  await recordChange(library, { at: new Date().toISOString(), shown: [], replaced: [], lock }, request);
}
