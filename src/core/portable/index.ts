// The portable part of the Library facade (CONTRACT.md 7.4): the user's own data out as one JSON
// document and merged back in, here or into another library (format.ts says what it holds).
import type { LibraryDirs } from '../home.js';
import type { SettingsStore } from '../settings.js';
import type { Store } from '../store/index.js';
import { buildExport } from './export.js';
import { type ExportFile, parseExport } from './format.js';
import { type ImportReport, importData } from './import.js';

export type { ExportFile } from './format.js';
export type { ImportReport, ImportSection, Unplaced } from './import.js';

export interface Portable {
  /** Settings, favourites, hidden marks, user tags, "not duplicates" marks and the history of
   * wallpapers set, each wallpaper by id with its paths. */
  exportData(): ExportFile;
  /** Check the export file's `text` (named `name` in messages) whole, then merge what matches this
   * library; invalid_param with the JSON path of the first fault, and nothing changed, otherwise. */
  importData(text: string, name: string): ImportReport;
}

export const createPortable = (store: Store, settings: SettingsStore, dirs: LibraryDirs): Portable => ({
  exportData: () => buildExport(store, settings.read(), new Date()),
  importData: (text, name) => importData(parseExport(text, name), name, store, settings, dirs),
});
