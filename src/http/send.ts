// How responses leave the server: JSON, empty, and image files streamed from disk with the caching
// rules of CONTRACT.md section 3 (strong ETag, Last-Modified, 304, single Range, HEAD). Files are
// opened once and described from that open descriptor (fstat), so the length sent is the length
// read even if the index is behind the disk, and the descriptor is closed on every path.
// Small files (thumbnails) are read whole and sent with one write; large ones stream in bigger
// chunks than the 64 KiB default, so a 4 MB wallpaper takes 16 reads instead of 64.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { WallpaperError } from '../core/errors.js';
import type { ImageFile } from '../core/types.js';
import { decideRange, ifRangeAllows, isNotModified, type Validators } from './conditional.js';
import { HttpError } from './errors.js';

/** Files up to this size are read into memory and sent in one write: below it a stream's set-up
 * costs more than the copy (thumbnails are 20-80 KB). */
const SMALL_FILE_BYTES = 256 * 1024;
/** Read size when streaming larger files: fewer read() calls and socket writes per file. */
const STREAM_CHUNK_BYTES = 256 * 1024;

/** Send a JSON body. Metadata can change with any rescan, so by default caches revalidate. */
export function json(res: ServerResponse, status: number, value: unknown, cacheControl = 'no-cache'): void {
  jsonBody(res, status, Buffer.from(JSON.stringify(value)), cacheControl);
}

/** Send an already serialised JSON body (a cached one): the same headers as json(). */
export function jsonBody(res: ServerResponse, status: number, body: Buffer, cacheControl = 'no-cache'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', cacheControl);
  res.end(body);
}

/** 204 No Content. */
export function noContent(res: ServerResponse): void {
  res.statusCode = 204;
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

const ASCII_SAFE = /^[\x20-\x7e]*$/;

/** `inline; filename="..."`, plus RFC 8187 `filename*` when the name is not plain ASCII. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ASCII_SAFE.test(filename) && !/["\\]/.test(filename)) return `inline; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface FilePolicy {
  cacheControl: string;
  /** A strong entity tag (quotes included) for content-addressed URLs: enables 304 and If-Range.
   * Left out for the random endpoints, whose URL names no particular file. */
  etag?: string;
  /** Honour Range requests (off for random: a second request would pick another image). */
  ranges: boolean;
}

/** Error codes meaning "the file is not there (any more)". */
export const MISSING_FILE_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** An indexed file deleted or moved behind the index's back: 404 until the next rescan. */
export const goneFromDisk = () =>
  new WallpaperError('not_found', 'the file of this wallpaper is gone from disk; a rescan will update the library');

async function openImage(file: ImageFile): Promise<FileHandle> {
  try {
    return await open(file.path, 'r');
  } catch (error) {
    if (MISSING_FILE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) throw goneFromDisk();
    throw error;
  }
}

/** A client that hangs up mid-download is normal, not an error. */
const isClientAbort = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET';

/** Stream an image file with its metadata headers, answering 304/206/416 and HEAD as RFC 9110 says. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: ImageFile, policy: FilePolicy): Promise<void> {
  const handle = await openImage(file);
  let streaming = false;
  try {
    const stat = await handle.stat();
    const size = stat.size;
    const validators: Validators | undefined = policy.etag ? { etag: policy.etag, lastModifiedMs: stat.mtimeMs } : undefined;

    res.setHeader('Cache-Control', policy.cacheControl);
    if (validators) {
      res.setHeader('ETag', validators.etag);
      res.setHeader('Last-Modified', new Date(stat.mtimeMs).toUTCString());
      const conditional = { ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] };
      if (isNotModified(conditional, validators)) {
        res.statusCode = 304;
        res.end();
        return;
      }
    }

    const rangeHeader = policy.ranges && (!validators || ifRangeAllows(header(req, 'if-range'), validators)) ? req.headers.range : undefined;
    const range = decideRange(rangeHeader, size);
    if (range.kind === 'unsatisfiable') {
      throw new HttpError(416, `range not satisfiable: the file has ${size} bytes`, { 'Content-Range': `bytes */${size}` });
    }

    const start = range.kind === 'partial' ? range.start : 0;
    const end = range.kind === 'partial' ? range.end : size - 1;
    res.statusCode = range.kind === 'partial' ? 206 : 200;
    if (range.kind === 'partial') res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    if (policy.ranges) res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', Math.max(0, end - start + 1));
    res.setHeader('Content-Disposition', contentDisposition(file.filename));

    if (req.method === 'HEAD' || size === 0) {
      res.end();
      return;
    }
    const length = end - start + 1;
    if (length <= SMALL_FILE_BYTES) {
      const buffer = Buffer.allocUnsafe(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
        if (bytesRead === 0) break; // truncated behind our back: send what is there
        read += bytesRead;
      }
      res.end(read === length ? buffer : buffer.subarray(0, read));
      return;
    }
    streaming = true; // from here the stream owns the descriptor and closes it
    const stream = handle.createReadStream({ start, end, autoClose: true, highWaterMark: STREAM_CHUNK_BYTES });
    try {
      await pipeline(stream, res);
    } catch (error) {
      if (!isClientAbort(error)) throw error;
    }
  } finally {
    if (!streaming) await handle.close();
  }
}

/** One value of a request header (Node joins most repeated headers already). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
