// How an image is streamed: a file from disk or bytes from memory, answered 304, 206, 416, 200 or
// HEAD from its prepared headers (prepared.ts; the validator rules are conditional.ts). Files are
// described from their open descriptor (fstat), so the length sent is the length read, and the
// descriptor is closed on every path. Small files (thumbnails) are read whole and sent with one
// write; large ones stream in 1 MiB reads (bench/RESULTS.md: 1.1x sirv where 64 KiB gave 0.8x).
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { goneFromDisk, isMissingFile, readRange } from '../core/index.js';
import { decideRange, ifRangeAllows, isNotModified } from './conditional.js';
import { HttpError } from './errors.js';
import { type FileSlot, type FilePolicy, type PreparedFile, preparedOf } from './prepared.js';

/** Files up to this size are read into memory and sent in one write: below it a stream's set-up
 * costs more than the copy (thumbnails are 20-80 KB). */
const SMALL_FILE_BYTES = 256 * 1024;
/** Read size when streaming larger files: fewer read() calls and socket writes per file (measured
 * in bench/RESULTS.md). Each file being sent holds at most about this much in memory. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

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
  const rangeHeader =
    file.policy.ranges && headers.range !== undefined && (!validators || ifRangeAllows(header(req, 'if-range'), validators))
      ? headers.range
      : undefined;
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
      const bytes = await readRange(handle, 0, stat.size);
      if (bytes.length === stat.size) keep(file, bytes);
      sendBytes(req, res, bytes.length === stat.size ? file : preparedOf(slot, policy, bytes.length, stat.mtimeMs), bytes);
      return;
    }
    const range = answer(req, res, file);
    if (!range) return;
    const length = range.end - range.start + 1;
    if (length <= SMALL_FILE_BYTES) {
      res.end(await readRange(handle, range.start, length)); // truncated behind our back: what is there
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

/** One value of a request header (Node joins most repeated headers already). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Tag a derived answer of an id with its strong `etag` (revalidated each time: no-cache) and answer
 * 304 when the client already has it; true when the 304 was sent. */
export function answeredNotModified(req: IncomingMessage, res: ServerResponse, etag: string): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (!isNotModified({ ifNoneMatch: req.headers['if-none-match'] }, { etag, lastModifiedMs: 0 })) return false;
  res.statusCode = 304;
  res.end();
  return true;
}
