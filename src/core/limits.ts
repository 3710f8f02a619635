// Named limits and defaults shared by the core and its faces, each with the reason for its value.

/** Decompression-bomb guard on every decode: 100 megapixels is three times an 8K image (33 MP), so
 * no real wallpaper meets it, while a crafted 50000x50000 header is refused before decoding. */
export const MAX_PIXELS = 100_000_000;

/** WebP quality of thumbnails: visually clean at gallery sizes, a third of the bytes of JPEG. */
export const THUMBNAIL_QUALITY = 80;

/** Default settings values (docs/design.md#http-rules). */
export const DEFAULT_THUMBNAIL_SIZE = 480;
export const MIN_THUMBNAIL_SIZE = 64;
export const MAX_THUMBNAIL_SIZE = 2048;
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Sized variants kept on disk (the variant_cache_bytes default): least recently used out first. */
export const DEFAULT_VARIANT_CACHE_BYTES = 1024 * 1024 * 1024;
/** Variants waiting for a resize slot beyond the ones being made (one slot per core): past this a
 * request is answered 503 with Retry-After rather than queued for seconds. */
export const VARIANT_QUEUE_PER_CORE = 8;

/** List paging (spec section 8). */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

/** Files analysed per write transaction during a scan: large enough to amortise the commit, small
 * enough that a killed scan loses little work. */
export const SCAN_BATCH_SIZE = 64;

/** How many recently set wallpapers `random --set` avoids. */
export const HISTORY_AVOID = 20;
/** Changes of the wallpaper `back` can undo, one after the other (docs/design.md#the-wallpaper-on-screen): as deep as the
 * no-repeat memory, and a small file (data home's on-screen.json) however long the history runs. */
export const SET_HISTORY_DEPTH = 20;
/** Rows of set history kept: far more than HISTORY_AVOID, so a cron job every minute for years
 * keeps a small table. */
export const HISTORY_KEEP = 1000;

/** An upload temp file older than this is abandoned whoever wrote it: far longer than the HTTP
 * face's idle timeout plus the decode of the largest image, so a live upload is never swept. */
export const STALE_UPLOAD_AGE_MS = 10 * 60_000;

/** Picks a random file makes past wallpapers whose files are unreachable or changed (each one
 * tried is avoided by the next pick): bounded, so a library whose disk is away fails fast. */
export const RANDOM_FILE_TRIES = 8;

/** A thumbnail temp file older than this was left by a killed process: a live one exists for the
 * milliseconds of one write. */
export const STALE_THUMBNAIL_TEMP_AGE_MS = 60_000;

/** Pixels decoded at once in one process (scans and uploads together): one image at the pixel limit
 * alone, or a dozen 4K wallpapers side by side. Measured: a 100-megapixel decode peaks at 120-180 MB
 * even with shrink-on-load, so this keeps `serve` under four such uploads, and a scan, within a few
 * hundred MB (bench/RESULTS.md). */
export const DECODE_PIXEL_BUDGET = 100_000_000;

/** An `on_change` hook still running after this long is killed, with its process group (its own
 * children too): a hook that hangs must not pile up behind every change (docs/colors.md#on-change). */
export const ON_CHANGE_TIMEOUT_MS = 30_000;
