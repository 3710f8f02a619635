// POST /api/upload: multipart files streamed to hidden temp files inside the upload folder (so the
// final rename is atomic and scans skip them), counted against max_upload_bytes while they arrive,
// then handed to the core, which decodes, names and indexes them. A failed request keeps no file:
// every temp file is removed on every path (errors, limits, client abort, stall).
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { WallpaperError } from '../../core/index.js';
import type { Library, UploadBatch } from '../../core/types.js';
import type { RouteContext, UploadLimits } from '../context.js';
import { HttpError } from '../errors.js';
import { MAX_UPLOAD_FIELDS, RETRY_AFTER_SECONDS } from '../limits.js';
import type { Route } from '../router.js';
import { json } from '../json.js';

/** Bytes of multipart framing allowed per part on top of the file itself (headers, boundary). */
const PART_OVERHEAD_BYTES = 16 * 1024;

const MULTIPART = /^multipart\/form-data\s*;/i;

export function uploadRoutes({ library, uploads }: RouteContext): Route[] {
  let active = 0;
  return [
    {
      path: '/api/upload',
      methods: {
        POST: async (req, res) => {
          if (active >= uploads.maxConcurrent) {
            req.resume();
            throw new HttpError(503, 'too many uploads at once: retry shortly', { 'Retry-After': String(RETRY_AFTER_SECONDS) });
          }
          active++;
          try {
            const wallpapers = await receive(req, library, uploads);
            json(res, 201, { wallpapers }, 'no-store');
          } finally {
            active--;
          }
        },
      },
    },
  ];
}

/** Receive the files of one request and index them; all or nothing. */
async function receive(req: IncomingMessage, library: Library, limits: UploadLimits): Promise<unknown[]> {
  if (!MULTIPART.test(req.headers['content-type'] ?? '')) {
    req.resume();
    throw new HttpError(400, 'an upload is multipart/form-data with at least one file part');
  }
  const settings = library.settings();
  const maxBytes = settings.max_upload_bytes;
  const maxRequestBytes = limits.maxFiles * (maxBytes + PART_OVERHEAD_BYTES);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxRequestBytes) {
    throw new HttpError(413, `the upload is too large: at most ${limits.maxFiles} files of ${maxBytes} bytes`, { Connection: 'close' });
  }
  // The core owns the temp files: it names them, places them on commit and removes what is left.
  const batch = await library.startUpload();
  try {
    await receiveParts(req, batch, maxBytes, maxRequestBytes, limits);
    if (batch.size === 0) throw new HttpError(400, 'no file part: send the image as a multipart/form-data file part');
    return await batch.commit();
  } finally {
    await batch.discard();
  }
}

/**
 * Stream every file part into its own temp file of the batch (recorded there as soon as it is
 * handed out, so the batch can clean up). Soft failures (a file over the limit, too many parts) let the body run
 * to its end so the client reads the answer; hard ones (broken multipart, a write error, client
 * gone, a stall) stop parsing at once.
 */
function receiveParts(
  req: IncomingMessage,
  batch: UploadBatch,
  maxBytes: number,
  maxRequestBytes: number,
  limits: UploadLimits,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // One byte over the limit tells "over" apart from "exactly at".
        limits: { files: limits.maxFiles, fileSize: maxBytes + 1, fields: MAX_UPLOAD_FIELDS, parts: limits.maxFiles + MAX_UPLOAD_FIELDS },
      });
    } catch (error) {
      req.resume();
      reject(error);
      return;
    }

    const writes: Promise<unknown>[] = [];
    let failure: unknown;
    let finished = false;
    let received = 0;
    let idle: NodeJS.Timeout | undefined;

    const settle = () => {
      if (finished) return;
      finished = true;
      clearTimeout(idle);
      req.off('data', onData);
      req.off('close', onClose);
      // Wait until every temp file is closed, so the caller's cleanup removes complete files.
      void Promise.allSettled(writes).then(() => (failure === undefined ? resolve() : reject(failure)));
    };
    const soft = (error: unknown) => {
      failure ??= error;
    };
    const hard = (error: unknown, { drain }: { drain: boolean }) => {
      failure ??= error;
      if (finished) return; // a late write error still fails the request via `failure`
      req.unpipe(parser);
      parser.destroy();
      if (drain) req.resume();
      settle();
    };
    const armIdleTimer = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        hard(new HttpError(408, `the upload stalled: nothing received for ${limits.idleTimeoutMs / 1000} s`, { Connection: 'close' }), {
          drain: false,
        });
      }, limits.idleTimeoutMs);
      idle.unref();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      armIdleTimer();
      if (received > maxRequestBytes) {
        hard(
          new HttpError(413, `the upload is too large: at most ${limits.maxFiles} files of ${maxBytes} bytes`, { Connection: 'close' }),
          { drain: false },
        );
      }
    };
    const onClose = () => {
      if (!req.complete) hard(new HttpError(400, 'the client closed the upload before it was complete'), { drain: false });
    };

    parser.on('file', (_field, stream, info) => {
      if (failure !== undefined) {
        stream.resume();
        return;
      }
      const tempPath = batch.file(info.filename ?? '');
      stream.on('limit', () => soft(new WallpaperError('too_large', `a file is over the upload limit of ${maxBytes} bytes`)));
      const out = createWriteStream(tempPath, { flags: 'wx' });
      const closed = new Promise<void>((done) => out.once('close', () => done()));
      writes.push(
        pipeline(stream, out)
          .catch((error: unknown) => hard(error, { drain: true }))
          .then(() => closed),
      );
    });
    parser.on('filesLimit', () => soft(new WallpaperError('too_large', `too many files in one upload: at most ${limits.maxFiles}`)));
    parser.on('partsLimit', () => soft(new WallpaperError('too_large', `too many parts in one upload: at most ${limits.maxFiles} files`)));
    parser.on('error', (error: unknown) => hard(error, { drain: true }));
    parser.on('close', settle);

    req.on('data', onData);
    req.on('close', onClose);
    armIdleTimer();
    req.pipe(parser);
  });
}
