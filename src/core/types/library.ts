// The Library facade the CLI and the HTTP server use, the WallpaperSource part it shares with a
// running server's client (`--server`), its curation part, and the options of a random pick.
import type { ImageFile, OpenedFile, UploadBatch, UploadedFile, VariantFile, VariantSpec, VerifiedFile } from './files.js';
import type { Filters, ListResponse, Paging, PickedFile, Screen, Wallpaper } from './records.js';
import type { LibraryStatus, ScanProgress, ScanSummary } from './scan.js';
import type { Portable } from './portable.js';
import type { Sources } from './sources.js';
import type { Settings } from './settings.js';

/** A named client's walk or a seed's position (docs/design.md#beyond-the-specification, order-params.ts). */
export interface RandomOrder {
  /** A named client walking its own permutation (stateful). */
  client?: string;
  /** A stateless seeded order, read at position n. */
  seed?: string;
  n?: number;
}

/** The list orders besides added and random: name (A to Z), luminance (darkest first), -luminance
 * (lightest first), pixels (most pixels first), color (closest to the first `color` first). */
export type ListSort = 'name' | 'luminance' | '-luminance' | 'pixels' | 'color';
export type ListOrder = { sort: 'added' } | { sort: 'random'; seed: string } | { sort: ListSort };

/** What a random pick from the index can be asked (pick.ts). */
export interface PickOptions {
  /** Ids to avoid while other matches remain; the last ones are given up first. */
  avoid?: readonly string[];
  /** Ids never taken while any other match exists, at any tier of the screen rule (the other
   * monitors' picks of one call). */
  exclude?: readonly string[];
  /** The screen the wallpaper is for. */
  screen?: Screen;
  /** A named client's walk or a seed's position instead of a uniform pick (order-params.ts). */
  order?: RandomOrder;
}

export type Mark = 'favorite' | 'hidden';

export interface DuplicateGroup {
  ids: string[];
  /** The member to keep: most pixels of picture (letterbox bars do not count), then least
   * compressed (PNG, lossless, before the lossy formats; then most bytes per pixel), then id. */
  keep: string;
}

/** A group as the CLI and the API answer it: its members' records too. */
export type DuplicateGroupRecords = DuplicateGroup & { wallpapers: Wallpaper[] };

export interface Curation {
  /** The id of the wallpaper named by an id, the path of one of its files, or (as git allows) a
   * unique prefix of at least 4 hex characters of its id; undefined if none; invalid_param listing
   * the candidates when a prefix is ambiguous. */
  resolveWallpaper(idOrPath: string): string | undefined;
  /** Set or clear a mark; the wallpaper as it is then, or undefined for an unknown id. */
  setMark(id: string, mark: Mark, on: boolean): Wallpaper | undefined;
  /** Replace the user tags (validated: invalid_param naming the bad one); undefined for an unknown id. */
  setTags(id: string, tags: unknown): Wallpaper | undefined;
  /** Add and remove user tags; removing a tag the wallpaper has from a folder (or a source) is
   * refused (`folder_tag`), and nothing changes. */
  editTags(id: string, add: readonly string[], remove: readonly string[]): Wallpaper | undefined;
  /** Every tag with how many wallpapers (not hidden) carry it, by name. */
  tags(): { name: string; count: number }[];
  /** Near-duplicate groups, each with the member to keep and every member's record; the group that
   * frees the most bytes (every member but the one to keep) first. */
  duplicates(): DuplicateGroupRecords[];
  /** Mark wallpapers as not duplicates of each other (not_found naming an unknown id). */
  markDistinct(ids: readonly string[]): void;
}

/**
 * What `list` and `random` need of a library, the local index or a running server (`--server`),
 * so both follow one no-repeat policy: `avoid` ids are skipped while other matches remain.
 */
export interface WallpaperSource {
  list(filters: Filters, paging: Paging, order?: ListOrder): ListResponse | Promise<ListResponse>;
  random(filters: Filters, options?: SourcePickOptions): Wallpaper | undefined | Promise<Wallpaper | undefined>;
  /** A random match whose file can be used now (reachable and as indexed; for a server, downloaded
   * and checked), picking again past those that cannot. */
  randomFile(filters: Filters, options?: SourcePickOptions): Promise<PickedFile | undefined>;
}

/** What a random pick from any source can be asked: ids to avoid while others remain, and the
 * screen (a monitor) the wallpaper is for, with the upscaling a fitting pick may need. */
export interface SourcePickOptions {
  avoid?: readonly string[];
  /** Ids never taken while any other match exists (the other monitors' picks of one call). */
  exclude?: readonly string[];
  screen?: Screen;
}

/** The facade the CLI and the HTTP server use. */
export interface Library extends WallpaperSource, Curation, Portable, Sources {
  /** Where its settings, index and caches live. */
  readonly dirs: LibraryDirs;
  /** The settings record, read fresh from the file. */
  settings(): Settings;
  /** Validate and apply any subset of the settings keys; returns the whole new record. */
  updateSettings(patch: unknown): Settings;
  /** Rescan every folder; a call while a scan runs in this process waits for it and gets its summary. */
  scan(options?: { onProgress?: (progress: ScanProgress) => void }): Promise<ScanSummary>;
  /** One page of matches: newest first, or (sort=random) in a seed's order. */
  list(filters: Filters, paging: Paging, order?: ListOrder): ListResponse;
  /** A token that changes whenever the index may have changed (this process or another): answers
   * computed at one version can be reused while it holds. */
  version(): string;
  /** A uniformly random match, or undefined; `avoid` ids are skipped while other matches remain;
   * for a `screen`, fitting wallpapers first, else the closest (pick.ts). */
  random(filters: Filters, options?: PickOptions): Wallpaper | undefined;
  /** The same pick as the API's JSON text (a plain uniform one built by the index itself). */
  randomJson(filters: Filters, options?: PickOptions): string | undefined;
  get(id: string): Wallpaper | undefined;
  /** What the index holds and whether a scan runs (with its progress). */
  status(): LibraryStatus;
  /** undefined when the index opens and answers a real read; else why not, in words. */
  health(): string | undefined;
  /** `PRAGMA integrity_check` and the schema version, for `doctor`. */
  checkIndex(): { integrity: string[]; schemaVersion: number; expectedVersion: number };
  /** Open a file of the wallpaper that is still what the index recorded (size and mtime, by fstat on
   * the opened descriptor), trying its other indexed paths; each one that changed is queued for a
   * rescan. The caller reads from `handle` and closes it. undefined for an unknown id or no match. */
  openFile(id: string): Promise<OpenedFile | undefined>;
  /** Listen for files found changed behind the index (a server rescans); returns the unsubscribe. */
  watchStale(listener: (path: string) => void): () => void;
  /** A file of the wallpaper whose size and mtime still match the index (fstat of the opened file);
   * a file that changed behind the index is queued for a rescan. undefined when no path matches. */
  verifiedFile(id: string): Promise<VerifiedFile | undefined>;
  /** Like random(), but only a wallpaper whose file opens unchanged (openFile), picking again
   * (bounded) past the others; the caller reads from `opened.handle` and closes it. */
  openRandom(filters: Filters, options?: PickOptions): Promise<{ wallpaper: Wallpaper; opened: OpenedFile } | undefined>;
  /** Like random(), but only a wallpaper with a reachable, unchanged file (verifiedFile); picks
   * again (bounded) past unreachable ones. undefined when nothing matches or nothing is reachable. */
  randomFile(filters: Filters, options?: SourcePickOptions): Promise<VerifiedFile | undefined>;
  /** The cached thumbnail of a wallpaper, made on demand (once) if missing; undefined for unknown id. */
  thumbnailFile(id: string): Promise<ImageFile | undefined>;
  /** The sized variant of a wallpaper (made once, kept in the cache home's budget); undefined for an
   * unknown id; not found when its source changed behind the index. */
  variantFile(id: string, spec: VariantSpec): Promise<VariantFile | undefined>;
  /** A wallpaper's point of interest, fractions of its width and height as displayed (docs/api.md#focus);
   * undefined for an unknown id. */
  focus(id: string): Promise<{ x: number; y: number } | undefined>;
  /** What the variant cache holds and the resize pool's load (for tests and status). */
  variantStats(): Promise<{ entries: number; bytes: number; rendered: number; running: number; queued: number }>;
  /** Begin an upload: temp files in the upload folder, committed or discarded as one. */
  startUpload(): Promise<UploadBatch>;
  /** Index uploaded files into the upload folder; all or nothing. */
  add(files: readonly UploadedFile[]): Promise<Wallpaper[]>;
  /** Move the wallpaper's file to the trash and drop it from the index; false for an unknown id. */
  remove(id: string): Promise<boolean>;
  /** Remove what killed processes left behind: unfinished uploads in the upload folder (of dead
   * processes, or abandoned for STALE_UPLOAD_AGE_MS) or thumbnail temp files (older than
   * STALE_THUMBNAIL_TEMP_AGE_MS). Returns how many were removed. */
  sweep(what: 'uploads' | 'thumbnails'): Promise<number>;
  /** Record that a wallpaper was set as the desktop wallpaper (for no-repeat picks), on one monitor
   * or on all. */
  recordSet(id: string, monitor?: string): void;
  /** Ids set most recently, newest first: on `monitor` (and on all), or anywhere. */
  recentlySet(count: number, monitor?: string): string[];
  close(): void;
}

/** Where a library's files live (settings/home.ts decides, docs/design.md#where-files-live). */
export interface LibraryDirs {
  /** settings.json */
  config: string;
  /** index.sqlite, uploads/, trash/, downloads/, the if-due state */
  data: string;
  /** thumbnails/ (and variants/): remade when removed */
  cache: string;
  /** How these were chosen: `home` (one folder given), `legacy` (an old one-folder library in the
   * config home, used in place) or `platform` (the platform's base directories). */
  layout: 'home' | 'legacy' | 'platform';
}
