// The portable part of the Library facade (docs/design.md#your-data-portable): the user's own data out as one JSON
// document and merged back in, here or into another library (format.ts says what it holds).
// May use: curate, query, settings and store.
import type { LibraryDirs } from '../types/library.js';
import type { SettingsStore } from '../settings/index.js';
import type { Store } from '../store/index.js';
import type { Portable } from '../types.js';
import { buildExport } from './export.js';
import { parseExport } from './format.js';
import { importData } from './import.js';

export type { Portable };

export const createPortable = (store: Store, settings: SettingsStore, dirs: LibraryDirs): Portable => ({
  exportData: () => buildExport(store, settings.read(), new Date()),
  importData: (text, name) => importData(parseExport(text, name), name, store, settings, dirs),
});
export { copyIndex } from './copy.js';
export type { CopyReport } from './copy.js';
