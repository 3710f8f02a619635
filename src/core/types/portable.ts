// The user's own data as `wallpaper export` writes it and `import` reads it (docs/design.md#your-data-portable), and
// the portable part of the Library facade; portable/format.ts checks a file against these shapes.

/** A wallpaper as the file names it: its id (what import matches) and its paths where exported. */
export interface ExportEntry {
  id: string;
  paths: string[];
}

export interface ExportFile {
  format: 'wallpaper-export';
  version: 1;
  exported_at: string;
  /** The settings record (every key); import's rules for each are in import.ts. */
  settings: Record<string, unknown>;
  favorites: ExportEntry[];
  hidden: ExportEntry[];
  tags: (ExportEntry & { tags: string[] })[];
  /** Pairs marked "not duplicates": ids and paths in the same order. */
  not_duplicates: { ids: [string, string]; paths: [string[], string[]] }[];
  /** Wallpapers set, oldest first; `monitor` null when one wallpaper went on every monitor. */
  history: (ExportEntry & { set_at: string; monitor: string | null })[];
}

export type ImportSection = 'favorites' | 'hidden' | 'tags' | 'not_duplicates' | 'history' | 'settings';

/** What could not be placed, and why. */
export type Unplaced =
  | (ExportEntry & { section: Exclude<ImportSection, 'settings' | 'not_duplicates'>; reason: string })
  | { section: 'not_duplicates'; ids: [string, string]; paths: [string[], string[]]; reason: string }
  | { section: 'settings'; key: string; value: unknown; reason: string };

export interface ImportReport {
  /** Entries that changed this library, by section. */
  added: Record<ImportSection, number>;
  /** Entries that matched and were already here. */
  unchanged: Record<ImportSection, number>;
  unplaced: Unplaced[];
  /** True when this library holds no wallpaper yet (never scanned, or its folders are empty): then
   * nothing keyed by id could be placed, and `scan`, then import again, places it. */
  library_empty: boolean;
}

export interface Portable {
  /** Settings, favourites, hidden marks, user tags, "not duplicates" marks and the history of
   * wallpapers set, each wallpaper by id with its paths. */
  exportData(): ExportFile;
  /** Check the export file's `text` (named `name` in messages) whole, then merge what matches this
   * library; invalid_param with the JSON path of the first fault, and nothing changed, otherwise. */
  importData(text: string, name: string): ImportReport;
}
