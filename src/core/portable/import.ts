// `wallpaper import`: merge an export file (format.ts, already checked) into this library. Only
// what is missing is added, never anything removed, so importing twice changes nothing more:
// - marks, tags, "not duplicates" pairs and history apply to wallpapers of this library by id (an
//   edited file is another picture, so a path alone never places anything); the rest is reported;
// - user tags are merged with the wallpaper's own (up to MAX_USER_TAGS);
// - history entries not yet here are added and the history kept in the order of their times;
// - settings: folders that exist here are added (the others reported), the upload folder stays
//   this library's own (a different one is reported), every other key takes the file's value;
// - a library with no wallpaper yet (an import before the first scan) says so: `library_empty`,
//   and each entry's reason says to scan first (the CLI then exits 1).
import { statSync } from 'node:fs';
import { MAX_USER_TAGS } from '../curate/index.js';
import { WallpaperError, oneLine } from '../errors.js';
import type { LibraryDirs } from '../settings/index.js';
import { type SettingsStore, validateSettings } from '../settings/index.js';
import type { HistoryRow, Store, UserDataChanges } from '../store/index.js';
import type { ExportFile, ImportReport, ImportSection } from '../types.js';

export type { ImportReport };

const NOT_IN_LIBRARY = 'no wallpaper with this id in this library';
/** The reason of every entry when the library has no wallpaper at all: the usual cause is an import
 * before the first scan, which the README's order (scan, then import) avoids. */
const NONE_HERE = 'this library has no wallpapers yet: scan first, then import again';
const notHere = (report: ImportReport) => (report.library_empty ? NONE_HERE : NOT_IN_LIBRARY);
const counts = (): Record<ImportSection, number> => ({ favorites: 0, hidden: 0, tags: 0, not_duplicates: 0, history: 0, settings: 0 });

/** Merge `file` (checked by parseExport; `name` names it in messages) into the library. */
export function importData(file: ExportFile, name: string, store: Store, settings: SettingsStore, dirs: LibraryDirs): ImportReport {
  const report: ImportReport = { added: counts(), unchanged: counts(), unplaced: [], library_empty: false };
  // Settings are checked before anything is written: a bad value refuses the whole file.
  const settingsPatch = planSettings(file.settings, settings, dirs, name, report);
  const changes = planIndex(file, store, report);
  store.addUserData(changes);
  if (Object.keys(settingsPatch).length > 0) settings.update(settingsPatch);
  return report;
}

function planIndex(file: ExportFile, store: Store, report: ImportReport): UserDataChanges {
  const have = store.userData();
  const known = new Set(store.pathsById().keys());
  report.library_empty = known.size === 0;
  const NOT_HERE = notHere(report);
  const changes: UserDataChanges = { marks: [], tags: new Map(), distinct: [], history: undefined };
  for (const [section, mark, marked] of [
    ['favorites', 'favorite', new Set(have.favorites)],
    ['hidden', 'hidden', new Set(have.hidden)],
  ] as const) {
    for (const entry of new Map(file[section].map((e) => [e.id, e])).values()) {
      if (!known.has(entry.id)) report.unplaced.push({ section, ...entry, reason: NOT_HERE });
      else if (marked.has(entry.id)) report.unchanged[section]++;
      else {
        changes.marks.push({ id: entry.id, mark });
        report.added[section]++;
      }
    }
  }
  for (const entry of file.tags) {
    if (!known.has(entry.id)) {
      report.unplaced.push({ section: 'tags', id: entry.id, paths: entry.paths, reason: NOT_HERE });
      continue;
    }
    const own = changes.tags.get(entry.id) ?? have.tags.get(entry.id) ?? [];
    const merged = [...new Set([...own, ...entry.tags])].sort();
    if (merged.length > MAX_USER_TAGS) {
      report.unplaced.push({
        section: 'tags',
        id: entry.id,
        paths: entry.paths,
        reason: `more than ${MAX_USER_TAGS} user tags with its own`,
      });
    } else if (merged.length === own.length) report.unchanged.tags++;
    else {
      changes.tags.set(entry.id, merged);
      report.added.tags++;
    }
  }
  const pairs = new Set(have.distinct.map(([a, b]) => `${a}\n${b}`));
  for (const { ids, paths } of file.not_duplicates) {
    const [a, b] = [...ids].sort() as [string, string];
    if (!known.has(a) || !known.has(b) || a === b) {
      report.unplaced.push({ section: 'not_duplicates', ids, paths, reason: a === b ? 'the same wallpaper twice' : NOT_HERE });
    } else if (pairs.has(`${a}\n${b}`)) report.unchanged.not_duplicates++;
    else {
      pairs.add(`${a}\n${b}`);
      changes.distinct.push([a, b]);
      report.added.not_duplicates++;
    }
  }
  changes.history = mergeHistory(have.history, file.history, known, report);
  return changes;
}

/** The whole history with the file's entries not yet here, ordered by time; undefined if none. */
function mergeHistory(have: HistoryRow[], entries: ExportFile['history'], known: Set<string>, report: ImportReport) {
  const key = (row: HistoryRow) => `${row.id}\n${row.set_at}\n${row.monitor ?? ''}`;
  const seen = new Set(have.map(key));
  const added: HistoryRow[] = [];
  for (const entry of entries) {
    const row = { id: entry.id, set_at: entry.set_at, monitor: entry.monitor };
    if (!known.has(entry.id)) report.unplaced.push({ section: 'history', id: entry.id, paths: entry.paths, reason: notHere(report) });
    else if (seen.has(key(row))) report.unchanged.history++;
    else {
      seen.add(key(row));
      added.push(row);
      report.added.history++;
    }
  }
  if (added.length === 0) return undefined;
  const time = (row: HistoryRow) => Date.parse(row.set_at);
  return [...have, ...added].sort((x, y) => time(x) - time(y));
}

/** The settings patch to apply; folders that cannot be added here are reported, a bad value of any
 * other key refuses the whole file (invalid_param naming `settings.KEY`). */
function planSettings(wanted: Record<string, unknown>, settings: SettingsStore, dirs: LibraryDirs, name: string, report: ImportReport) {
  const current = settings.read();
  const now = current as unknown as Record<string, unknown>;
  const malformed = (where: string, why: string) =>
    new WallpaperError('invalid_param', `invalid export file ${name} at settings.${where}: ${why}`);
  const patch: Record<string, unknown> = {};
  const { folders = [], upload_folder, ...rest } = wanted;
  for (const [key, value] of Object.entries(rest)) {
    let checked: Record<string, unknown>;
    try {
      checked = validateSettings(current, { [key]: value }, { change: true }, dirs) as unknown as Record<string, unknown>;
    } catch (error) {
      throw malformed(key, oneLine(error));
    }
    if (JSON.stringify(checked[key]) === JSON.stringify(now[key])) report.unchanged.settings++;
    else {
      patch[key] = checked[key];
      report.added.settings++;
    }
  }
  // A folder of the other machine that is not here (or cannot be a library folder) is reported.
  const place = (value: string): string | undefined => {
    try {
      const folder = validateSettings(current, { folders: [value] }, { change: true }, dirs).folders[0]!;
      if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${folder} does not exist here`);
      return folder;
    } catch (error) {
      report.unplaced.push({ section: 'settings', key: 'folders', value, reason: oneLine(error) });
      return undefined;
    }
  };
  if (!Array.isArray(folders)) throw malformed('folders', 'expected an array of folder paths');
  const added = new Set<string>();
  for (const [i, folder] of (folders as unknown[]).entries()) {
    if (typeof folder !== 'string') throw malformed(`folders[${i}]`, 'expected a folder path (a string)');
    const placed = current.folders.includes(folder) ? folder : place(folder);
    if (placed === undefined) continue;
    if (current.folders.includes(placed) || added.has(placed)) report.unchanged.settings++;
    else {
      added.add(placed);
      report.added.settings++;
    }
  }
  if (added.size > 0) patch.folders = [...current.folders, ...added];
  // The upload folder belongs to this library (its data home by default): another's is never taken.
  if (upload_folder === current.upload_folder) report.unchanged.settings++;
  else if (upload_folder !== undefined) {
    report.unplaced.push({
      section: 'settings',
      key: 'upload_folder',
      value: upload_folder,
      reason: 'this library keeps its own upload folder',
    });
  }
  return patch;
}
