// Named limits of the HTTP face, each with the reason for its value. The core's own limits (pixels,
// page sizes, upload bytes default) live in src/core/limits.ts; these only concern the server.

/** Files accepted in one upload request: a gallery drop of a folder's worth, while a request with
 * hundreds of parts (a cheap way to make the server create hundreds of temp files) is refused. */
export const MAX_UPLOAD_FILES = 20;

/** Non-file form fields tolerated in an upload (browsers may add a few); they are ignored. */
export const MAX_UPLOAD_FIELDS = 20;

/** Uploads processed at once. Each holds temp files and ends in a full decode; a home server with
 * 2 cores gains nothing from more, and a flood of uploads must not starve the readers. */
export const MAX_CONCURRENT_UPLOADS = 4;

/** Seconds a client refused for load is asked to wait before retrying. */
export const RETRY_AFTER_SECONDS = 5;

/** An upload that sends nothing for this long is abandoned (temp files removed), so a stalled
 * client cannot hold an upload slot until the request timeout. */
export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/** Largest JSON body of PUT /api/settings: the record is a few hundred bytes; 64 KiB leaves room
 * for many folders while a hostile body is refused before it is buffered. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Whole-request receive deadline: long enough for a 50 MiB upload over a slow uplink. */
export const REQUEST_TIMEOUT_MS = 5 * 60_000;

/** Time allowed to send the request headers (slowloris guard). */
export const HEADERS_TIMEOUT_MS = 30_000;

/** How often Node checks open connections against the header and request timeouts. Node's default
 * (30 s) would let a slowloris client hold a connection for up to twice HEADERS_TIMEOUT_MS. */
export const CONNECTION_CHECK_INTERVAL_MS = 5_000;

/** Idle keep-alive connections are closed after this; phones and displays reconnect cheaply. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** Shutdown waits this long for requests in flight before it destroys the remaining sockets. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Id-addressed images never change (the id is a hash of the bytes): cache for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** CORS preflight answers are cached by browsers for a day. */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** Loopback by default: serving the network is a choice (`--host 0.0.0.0`). 8519 is the spec's port. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8519;

/** A file found changed behind the index is re-read by a rescan this long after the first such
 * find: a burst (a folder being replaced) costs one scan, and a request never waits for it. */
export const STALE_RESCAN_DELAY_MS = 2_000;

/** Bytes of serialised list bodies kept per index version: a page of 50 is ~35 KB, so ~450 pages;
 * the least recently asked go first. */
export const LIST_CACHE_BYTES = 16 * 1024 * 1024;
/** List bodies kept per index version, whatever their size (empty pages are a few bytes each). */
export const LIST_CACHE_ENTRIES = 4096;
