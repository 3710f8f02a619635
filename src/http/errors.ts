// The ONE place where anything thrown in the HTTP face becomes a status and a one-line plain-text
// body: core WallpaperErrors by code, HttpErrors of the routes, busboy and JSON parse failures by
// kind, and everything else as a logged 500 "internal error" (never a stack trace or a file path).
import type { ServerResponse } from 'node:http';
import { type ErrorCode, oneLine, WallpaperError } from '../core/index.js';

/** Where the server writes what an operator should see: unexpected errors, background scans. */
export interface Logger {
  info(line: string): void;
  error(line: string, error?: unknown): void;
}

/** An error the HTTP face itself decides (405, 503, 400 for a broken request...). */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

const STATUS_OF_CODE: Partial<Record<ErrorCode, number>> = {
  invalid_param: 400,
  unsupported: 415,
  too_large: 413,
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  not_json: 415,
  io_failed: 500,
  bad_settings_file: 500, // the owner's file to fix, not the client's request
  setter_failed: 500,
  unavailable: 503,
  busy: 503,
  no_desktop: 409,
  no_lock_screen: 409, // valid, but this desktop has no lock-screen wallpaper of its own
  folder_tag: 409, // valid, but the wallpaper's folders decide that tag
};

/** Seconds a client refused as `busy` waits before asking again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** Error messages busboy throws or emits for a request that is not usable multipart. */
const MULTIPART_MESSAGES = [
  'Missing Content-Type',
  'Malformed content type',
  'Unsupported content type',
  'Multipart: Boundary not found',
  'Malformed part header',
  'Unexpected end of form',
  'Unexpected end of file',
];

/** An error body is one line; a hostile value echoed in a message must not make it a page. */
const MAX_MESSAGE_LENGTH = 300;

export interface MappedError {
  status: number;
  message: string;
  headers: Record<string, string>;
  /** True when nothing expected it: the caller logs it; the client only sees "internal error". */
  unexpected: boolean;
}

/** Decide the status, message and extra headers of anything thrown. Pure. */
export function mapError(error: unknown): MappedError {
  if (error instanceof HttpError) {
    return { status: error.status, message: error.message, headers: { ...error.headers }, unexpected: false };
  }
  if (error instanceof WallpaperError) {
    const status = STATUS_OF_CODE[error.code] ?? 500;
    const headers: Record<string, string> =
      error.code === 'unauthorized'
        ? { 'WWW-Authenticate': 'Bearer' }
        : error.code === 'busy'
          ? { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) }
          : {};
    // Server-side failures carry file system details (paths outside the library): logged only.
    if (status >= 500 && error.code !== 'unavailable' && error.code !== 'busy') {
      return { status, message: 'internal error: the server could not complete this (see its log)', headers, unexpected: true };
    }
    return { status, message: error.message, headers, unexpected: false };
  }
  if (error instanceof Error && MULTIPART_MESSAGES.some((start) => error.message.startsWith(start))) {
    return { status: 400, message: `invalid multipart/form-data body: ${error.message}`, headers: {}, unexpected: false };
  }
  if (error instanceof SyntaxError) {
    return { status: 415, message: `body is not JSON: ${error.message}`, headers: {}, unexpected: false };
  }
  return { status: 500, message: 'internal error', headers: {}, unexpected: true };
}

/** Headers that describe a success body and must not survive onto an error response. */
const KEPT_ON_ERROR = new Set([
  'x-content-type-options',
  'content-security-policy',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'vary',
  'connection',
]);

const clip = (text: string) => {
  const line = oneLine(text);
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH)}...` : line;
};

/** After an error answer to a request whose body was not read to its end, the rest is drained for
 * at most this long and then the connection is cut: long enough for the client to read the answer
 * before a reset, short enough that a client streaming gigabytes cannot hold the connection (and
 * its file descriptor) until the request timeout. */
const LINGER_MS = 1000;

/** Once the error answer is out, drain what is left of an unfinished body, then cut. Without this a
 * route that stopped reading (an upload over the limit) left a paused socket with the client still
 * writing: neither side ever closed it, and a graceful shutdown waited for the whole grace time. */
function closeUnfinished(res: ServerResponse): void {
  const req = res.req as ServerResponse['req'] | undefined;
  if (!req || req.complete) return;
  // The connection may be cut below: say so, so no client sends its next request on it (seen on
  // Node 24, whose server closes such a connection after the answer without saying).
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  res.once('finish', () => {
    if (req.complete) return;
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    req.once('end', () => clearTimeout(cut));
    req.once('close', () => clearTimeout(cut));
    req.resume();
  });
}

/** Answer a plain-text error; when headers are already out the only honest thing is to cut. */
export function sendError(res: ServerResponse, error: unknown, logger: Logger): void {
  const mapped = mapError(error);
  if (mapped.unexpected) logger.error(`unexpected error: ${oneLine(error)}`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) if (!KEPT_ON_ERROR.has(name)) res.removeHeader(name);
  const body = `${clip(mapped.message)}\n`;
  res.statusCode = mapped.status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(mapped.headers)) res.setHeader(name, value);
  closeUnfinished(res);
  res.end(body);
}
