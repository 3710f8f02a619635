// How responses leave the server: JSON, empty, and image files from disk or memory with the caching
// rules of CONTRACT.md section 3 (strong ETag, Last-Modified, 304, single Range, HEAD). Files are
// opened once and described from that open descriptor (fstat), so the length sent is the length
// read even if the index is behind the disk, and the descriptor is closed on every path.
// Small files (thumbnails) are read whole and sent with one write; large ones stream in bigger
// chunks than the 64 KiB default, so a 4 MB wallpaper takes 4 reads and socket writes instead of 64.
// Header lists are prepared once per file state and policy and sent with one writeHead(array):
// building them per request with setHeader was a visible share of a cached thumbnail's cost.
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { goneFromDisk, isMissingFile } from '../core/index.js';
import { decideRange, ifRangeAllows, isNotModified, type Validators } from './conditional.js';
import { HttpError } from './errors.js';

/** Files up to this size are read into memory and sent in one write: below it a stream's set-up
 * costs more than the copy (thumbnails are 20-80 KB). */
export const SMALL_FILE_BYTES = 256 * 1024;
/** Read size when streaming larger files: fewer read() calls and socket writes per file. Measured
 * on a 3.6 MB JPEG against sirv (64 KiB reads): 64 KiB 0.80x, 256 KiB 0.87-0.99x, 1 MiB 1.08-1.13x.
 * Each file being sent holds at most about this much in memory. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/** Response headers a cross-origin reader may see. */
export const EXPOSED_HEADERS = 'Content-Length, Content-Range, Content-Disposition, ETag, Last-Modified, Accept-Ranges';

/** The headers every API read carries (app.ts sets them with setHeader for routes reached through
 * polka; prepared answers carry them in their list, and writeHead(array) replaces, not repeats). */
export const API_READ_HEADERS: readonly string[] = [
  'X-Content-Type-Options', 'nosniff',
  'Access-Control-Allow-Origin', '*',
  'Access-Control-Expose-Headers', EXPOSED_HEADERS,
];

const JSON_TYPE = 'application/json; charset=utf-8';

/** Send a JSON body. Metadata can change with any rescan, so by default caches revalidate. */
export function json(res: ServerResponse, status: number, value: unknown, cacheControl = 'no-cache'): void {
  jsonBody(res, status, Buffer.from(JSON.stringify(value)), cacheControl);
}

/** Send an already serialised JSON body (a cached one): the same headers as json(). */
export function jsonBody(res: ServerResponse, status: number, body: Buffer, cacheControl = 'no-cache'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', cacheControl);
  res.end(body);
}

/** A 200 JSON read with the API read headers in one writeHead (the hot /random path). The body is
 * passed as a string on purpose: Node then sends head and body as one string write, where a Buffer
 * body goes out through writev of two chunks (writev was the top self time of /random). */
export function jsonRead(res: ServerResponse, body: string, cacheControl: string): void {
  res.writeHead(200, [...API_READ_HEADERS, 'Content-Type', JSON_TYPE, 'Cache-Control', cacheControl, 'Content-Length', String(Buffer.byteLength(body))]);
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

async function openImage(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch (error) {
    throw isMissingFile(error) ? goneFromDisk() : error;
  }
}

/** A client that hangs up mid-download is normal, not an error. */
const isClientAbort = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET';

export interface FilePolicy {
  cacheControl: string;
  /** Strong ETag and Last-Modified, hence 304 and If-Range, for content-addressed URLs. Off for
   * the random endpoints, whose URL names no particular file. */
  validators: boolean;
  /** Honour Range requests (off for random: a second request would pick another image). */
  ranges: boolean;
}

/** What a file's answers are made of, besides its size and mtime (read from the open file). */
export interface FileFacts {
  path: string;
  contentType: string;
  filename: string;
  /** The strong entity tag (quotes included), used when the policy has validators. */
  etag: string;
}

/** The answers of one file state (size, mtime) under one policy, headers ready to send. */
export class PreparedFile {
  readonly validators: Validators | undefined;
  /** Headers of a full 200 answer and of a 304. */
  readonly full: readonly string[];
  readonly notModified: readonly string[];
  private readonly common: readonly string[];

  constructor(readonly facts: FileFacts, readonly policy: FilePolicy, readonly size: number, readonly mtimeMs: number) {
    this.validators = policy.validators ? { etag: facts.etag, lastModifiedMs: mtimeMs } : undefined;
    const validatorHeaders = this.validators ? ['ETag', facts.etag, 'Last-Modified', new Date(mtimeMs).toUTCString()] : [];
    this.notModified = [...API_READ_HEADERS, 'Cache-Control', policy.cacheControl, ...validatorHeaders];
    this.common = [
      ...this.notModified,
      ...(policy.ranges ? ['Accept-Ranges', 'bytes'] : []),
      'Content-Type', facts.contentType,
      'Content-Disposition', contentDisposition(facts.filename),
    ];
    this.full = [...this.common, 'Content-Length', String(size)];
  }

  matches(size: number, mtimeMs: number): boolean {
    return size === this.size && mtimeMs === this.mtimeMs;
  }

  /** Headers of a 206 answer for bytes start..end. */
  partial(start: number, end: number): string[] {
    return [...this.common, 'Content-Range', `bytes ${start}-${end}/${this.size}`, 'Content-Length', String(end - start + 1)];
  }
}

/** Prepared answers of one file, kept by the caller (the file table) across requests. */
export interface FileSlot {
  facts: FileFacts;
  prepared: PreparedFile[];
}

/** The prepared answers of `slot` for this policy and file state, made once and then reused. */
export function preparedOf(slot: FileSlot, policy: FilePolicy, size: number, mtimeMs: number): PreparedFile {
  for (const p of slot.prepared) if (p.policy === policy && p.matches(size, mtimeMs)) return p;
  const made = new PreparedFile(slot.facts, policy, size, mtimeMs);
  // Another file state replaces the old answers of that policy: the file changed on disk.
  slot.prepared = [...slot.prepared.filter((p) => p.policy !== policy), made];
  return made;
}

/**
 * Answer 304 / 416 / 206 / 200 and HEAD from prepared headers. Returns the byte range to send as
 * the body, or undefined when the answer is already complete.
 */
function answer(req: IncomingMessage, res: ServerResponse, file: PreparedFile): { start: number; end: number } | undefined {
  const validators = file.validators;
  const headers = req.headers;
  if (validators && (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined)) {
    if (isNotModified({ ifNoneMatch: headers['if-none-match'], ifModifiedSince: headers['if-modified-since'] }, validators)) {
      res.writeHead(304, file.notModified as string[]);
      res.end();
      return undefined;
    }
  }
  const size = file.size;
  const rangeHeader = file.policy.ranges && headers.range !== undefined && (!validators || ifRangeAllows(header(req, 'if-range'), validators)) ? headers.range : undefined;
  const range = decideRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    throw new HttpError(416, `range not satisfiable: the file has ${size} bytes`, { 'Content-Range': `bytes */${size}` });
  }
  let start = 0;
  let end = size - 1;
  if (range.kind === 'partial') {
    start = range.start;
    end = range.end;
    res.writeHead(206, file.partial(start, end));
  } else {
    res.writeHead(200, file.full as string[]);
  }
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return undefined;
  }
  return { start, end };
}

/** Answer from bytes already in memory (a cached thumbnail): no file system call at all. */
export function sendBytes(req: IncomingMessage, res: ServerResponse, file: PreparedFile, bytes: Buffer): void {
  const range = answer(req, res, file);
  if (!range) return;
  res.end(range.start === 0 && range.end === bytes.length - 1 ? bytes : bytes.subarray(range.start, range.end + 1));
}

/**
 * Send a file of our own (a cached thumbnail) with its metadata headers, answering 304/206/416 and
 * HEAD as RFC 9110 says. A small file read whole is handed to `keep` (with its prepared answers),
 * so the caller may keep its bytes.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  slot: FileSlot,
  policy: FilePolicy,
  keep?: (file: PreparedFile, bytes: Buffer) => void,
): Promise<void> {
  const handle = await openImage(slot.facts.path);
  let stat: Stats;
  try {
    stat = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return sendOpened(req, res, slot, policy, { handle, size: stat.size, mtimeMs: stat.mtimeMs }, keep);
}

/** An open file and its state as read from the descriptor (fstat). */
export interface OpenFile {
  handle: FileHandle;
  size: number;
  mtimeMs: number;
}

/**
 * Send an already opened file (a library image, opened by the core only while it is the file the
 * index recorded) as sendFile does; the descriptor is closed on every path.
 */
export async function sendOpened(
  req: IncomingMessage,
  res: ServerResponse,
  slot: FileSlot,
  policy: FilePolicy,
  { handle, ...stat }: OpenFile,
  keep?: (file: PreparedFile, bytes: Buffer) => void,
): Promise<void> {
  let streaming = false;
  try {
    const file = preparedOf(slot, policy, stat.size, stat.mtimeMs);
    const whole = req.method !== 'HEAD' && keep !== undefined && stat.size > 0 && stat.size <= SMALL_FILE_BYTES;
    if (whole) {
      // Read it all first (even for a 304 or a range) so the caller can keep it for later requests.
      const bytes = await readAll(handle, stat.size);
      if (bytes.length === stat.size) keep(file, bytes);
      sendBytes(req, res, bytes.length === stat.size ? file : preparedOf(slot, policy, bytes.length, stat.mtimeMs), bytes);
      return;
    }
    const range = answer(req, res, file);
    if (!range) return;
    const length = range.end - range.start + 1;
    if (length <= SMALL_FILE_BYTES) {
      const buffer = Buffer.allocUnsafe(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, range.start + read);
        if (bytesRead === 0) break; // truncated behind our back: send what is there
        read += bytesRead;
      }
      res.end(read === length ? buffer : buffer.subarray(0, read));
      return;
    }
    streaming = true; // from here the stream owns the descriptor and closes it
    const stream = handle.createReadStream({ start: range.start, end: range.end, autoClose: true, highWaterMark: STREAM_CHUNK_BYTES });
    try {
      await pipeline(stream, res);
    } catch (error) {
      if (!isClientAbort(error)) throw error;
    }
  } finally {
    if (!streaming) await handle.close();
  }
}

/** Up to `size` bytes from the start of the file (fewer if it shrank behind our back). */
async function readAll(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await handle.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read === size ? buffer : buffer.subarray(0, read);
}

/** One value of a request header (Node joins most repeated headers already). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
