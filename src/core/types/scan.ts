// What a scan reports (its summary and progress) and what `GET /api/status` answers.

export interface ScanProblem {
  path: string;
  error: string;
}

export interface ScanSummary {
  /** Wallpapers new in the index. */
  added: number;
  /** Wallpapers kept whose file was re-read or moved. */
  updated: number;
  /** Wallpapers no longer in the index. */
  removed: number;
  /** Files not re-read: same size and modification time as last time. */
  unchanged: number;
  /** Files whose bytes equal another file's: one wallpaper, the other path reported here. */
  duplicates: { path: string; duplicate_of: string }[];
  /** Files (and folders) that could not be indexed, with the reason. */
  failed: ScanProblem[];
  /** Wallpapers in the index after the scan (not those marked hidden). */
  total: number;
  /** Wallpapers marked hidden, not in `total` (a count that differs says why). */
  hidden?: number;
  duration_ms: number;
  /** Files not indexed on purpose, with the reason: image files of formats no decoder here reads,
   * pictures smaller than the settings key min_size (`smaller than min_size 640x360`). */
  skipped: { path: string; reason: string }[];
  /** Wallpapers kept in the index whose every file is in a folder that is away (an unmounted disk). */
  unavailable: number;
  /** Files read and found to be no wallpaper (an XML that is no timed background: a GNOME, MATE or
   * UKUI `<wallpapers>` list, any other document): neither failed nor skipped (docs/formats.md#xml-files). */
  ignored: number;
  /** With min_size off: pictures this scan indexed under 320x200 either way round (icons, sprites),
   * present only when there are some (docs/cli.md#wallpaper-config). */
  small?: number;
}

export interface ScanProgress {
  /** Files to read in this scan (new or changed). */
  toRead: number;
  /** Files read so far. */
  read: number;
  failed: number;
}

/** What `GET /api/status` answers (docs/design.md#beyond-the-specification). */
export interface LibraryStatus {
  scanning: boolean;
  /** The running scan's progress, null when no scan runs in this process. */
  progress: { to_read: number; read: number; failed: number } | null;
  /** Wallpapers in the index now. */
  total: number;
  /** Changes whenever the index does (by this or another process). */
  version: string;
}

/** A file's state as the walk sees it and the index keeps it (library/diff.ts compares them). */
export interface FileState {
  size: number;
  mtimeMs: number;
  /** The path is a symbolic link (to a file): an alias, canonical only when no regular file holds
   * the same bytes (docs/design.md#identity). Absent means a regular file. */
  link?: boolean;
}
