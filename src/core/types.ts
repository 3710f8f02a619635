// The shapes the core hands to its faces: the Wallpaper record of the API spec (section 2), the list
// response, the scan summary, the settings record, and the Library facade itself.
import type { AspectRatio, Brightness, Hue, Orientation } from './classify.js';
import type { Curation } from './curate/facade.js';
import type { CurationFilters } from './curate/filter-params.js';
import type { PaletteColor } from './curate/palette.js';
import type { LibraryDirs } from './home.js';
import type { ListOrder } from './order-params.js';
import type { PickOptions } from './pick.js';
import type { SourceCredit, SourceSetting, Sources } from './sources/types.js';
import type { VariantFile, VariantSpec } from './variants/index.js';

export type { VariantFile, VariantSpec };
import type { OpenedFile } from './verify.js';

export type { OpenedFile };
export type * from './sources/types.js';

/** A wallpaper as the API spec's section 2.1 describes it, fields in the spec's order. */
export interface Wallpaper {
  id: string;
  filename: string;
  path: string;
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  size_bytes: number;
  added_at: string;
  content_type: string;
  brightness: Brightness;
  aspect_ratio: AspectRatio;
  orientation: Orientation;
  luminance: number;
  dominant_hue: Hue;
  /** `/api/wallpapers/<id>/download/<filename>`: the bytes of `url` under the file's own name. */
  download_url: string;
  /** Up to 5 colours and the share of the image each covers, largest first. */
  palette: PaletteColor[];
  favorite: boolean;
  hidden: boolean;
  /** Folder tags and user tags, sorted. */
  tags: string[];
  /** The id of its designer light/dark counterpart (a GNOME or KDE pair, or `-light`/`-dark`
   * names), or null. */
  pair_id: string | null;
  /** Where a fetched wallpaper came from and whom to credit (CONTRACT.md 7.3), or null. */
  source: SourceCredit | null;
}

export type ImageFormatName = 'jpg' | 'jpeg' | 'png' | 'webp';

/** Parsed filters: only the applied ones are present (this object is the `filters` echo). */
export interface Filters extends CurationFilters {
  brightness?: Brightness;
  aspect_ratio?: AspectRatio;
  orientation?: Orientation;
  dominant_hue?: Hue;
  format?: ImageFormatName;
  min_width?: number;
  min_height?: number;
  max_width?: number;
  max_height?: number;
}

export interface Paging {
  page: number;
  limit: number;
}

export interface ListResponse {
  wallpapers: Wallpaper[];
  pagination: { total: number; page: number; limit: number; total_pages: number };
  filters?: Filters;
}

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
  /** Wallpapers in the index after the scan. */
  total: number;
  duration_ms: number;
  /** Image files of formats the library does not index (.gif, .svg, .tif, .heic, ...), with the reason. */
  skipped: { path: string; reason: string }[];
  /** Wallpapers kept in the index whose every file is in a folder that is away (an unmounted disk). */
  unavailable: number;
}

export interface ScanProgress {
  /** Files to read in this scan (new or changed). */
  toRead: number;
  /** Files read so far. */
  read: number;
  failed: number;
}

/** What `GET /api/status` answers (CONTRACT.md section 6.2). */
export interface LibraryStatus {
  scanning: boolean;
  /** The running scan's progress, null when no scan runs in this process. */
  progress: { to_read: number; read: number; failed: number } | null;
  /** Wallpapers in the index now. */
  total: number;
  /** Changes whenever the index does (by this or another process). */
  version: string;
}

/** A wallpaper's file checked against the index: same size and mtime as when it was indexed. */
export interface VerifiedFile {
  wallpaper: Wallpaper;
  /** The path whose identity matched (the canonical one, or another indexed path of the same bytes). */
  path: string;
  size: number;
  mtimeMs: number;
}

export interface Settings {
  /** Absolute paths of the folders in the library. */
  folders: string[];
  /** Absolute path where uploads are saved; always part of the library. */
  upload_folder: string;
  /** Thumbnails fit inside this many pixels a side (64..2048). */
  thumbnail_size: number;
  /** Largest accepted upload, in bytes. */
  max_upload_bytes: number;
  /** Command that sets the desktop wallpaper, `{path}` replaced by the file; null to detect. */
  set_command: string | null;
  /** Sized variants kept on disk in the cache home, in bytes; least recently used out first. */
  variant_cache_bytes: number;
  /** Where wallpapers are fetched from (CONTRACT.md 7.3). */
  sources: SourceSetting[];
}

export interface UploadedFile {
  /** A temporary file holding the uploaded bytes (moved into place or removed by `add`). */
  tempPath: string;
  /** The client's file name, untrusted. */
  originalName: string;
}

/** The files of one upload request (Library.startUpload). */
export interface UploadBatch {
  /** A new temp file in the upload folder for one uploaded file; the caller writes its bytes there. */
  file(originalName: string): string;
  /** Files handed out so far. */
  readonly size: number;
  /** Decode, place and index them all, or none (Library.add). */
  commit(): Promise<Wallpaper[]>;
  /** Remove every temp file still there: call it on every path, after commit or instead of it. */
  discard(): Promise<void>;
}

export interface ImageFile {
  path: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  filename: string;
}

/** A picked wallpaper with a file that can be handed to a desktop tool. */
export interface PickedFile {
  wallpaper: Wallpaper;
  path: string;
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

/** A screen in pixels; `upscale` (default 1): how much a wallpaper may be enlarged to fit it and
 * still count as fitting. */
export interface Screen {
  w: number;
  h: number;
  upscale?: number;
}

/** The facade the CLI and the HTTP server use. */
export interface Library extends WallpaperSource, Curation, Sources {
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
