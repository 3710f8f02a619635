// Reading a small JSON request body with a hard size cap, before anything is buffered beyond it.
import type { IncomingMessage } from 'node:http';
import { WallpaperError } from '../core/index.js';

/** application/json and the structured-syntax suffix `+json` (RFC 6839). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Read and parse a JSON body: 415 when it is not JSON, 413 over `maxBytes`. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) {
    req.resume(); // discard: the answer does not depend on it
    throw new WallpaperError('not_json', 'the body must be JSON: send Content-Type: application/json');
  }
  const declared = Number(req.headers['content-length']);
  const tooLarge = () => new WallpaperError('too_large', `the body is too large: at most ${maxBytes} bytes`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw tooLarge();
  }
  const body = await collect(req, maxBytes, tooLarge);
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new WallpaperError('not_json', `the body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The whole body, or a rejection as soon as it passes `maxBytes`. The rest is still read and
 * dropped (not destroyed) so the connection stays usable and the client gets the answer. */
function collect(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      length += chunk.length;
      if (length > maxBytes) {
        over = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, length)));
    req.on('error', reject);
  });
}
