// Answers of the sized variants: the variant's own Content-Type, a strong ETag per
// variant, Content-Length, ranges, 304 and HEAD as for images, `Content-Disposition`
// `<stem>-<w>x<h>.<ext>`; and `redirect=1` on /random/image: a 302 to the immutable {id} URL, so a
// CDN or a browser cache keeps the bytes and the server sends only the redirect (Picsum's design).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type RawParams, WallpaperError } from '../core/index.js';
import type { VariantFile } from '../core/types.js';
import { API_READ_HEADERS } from './json.js';
import { type FilePolicy, type FileSlot, preparedOf } from './prepared.js';
import { sendBytes, sendOpened } from './send.js';

/** The slots of warm variants (the core answers one with the same object while it is warm), so
 * their headers are prepared once. */
const slots = new WeakMap<VariantFile, FileSlot>();

export function sendVariant(req: IncomingMessage, res: ServerResponse, variant: VariantFile, policy: FilePolicy): Promise<void> | void {
  let slot = slots.get(variant);
  if (!slot) {
    slot = { facts: { path: '', contentType: variant.contentType, filename: variant.filename, etag: variant.etag }, prepared: [] };
    slots.set(variant, slot);
  }
  const { body } = variant;
  if ('bytes' in body) return sendBytes(req, res, preparedOf(slot, policy, body.size, body.mtimeMs), body.bytes);
  return sendOpened(req, res, slot, policy, body);
}

/** `redirect=1` (or 0, or absent); anything else is a 400 naming it. */
export function parseRedirect(query: RawParams): boolean {
  const value = query.redirect;
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '' || text === '0') return false;
  if (text === '1') return true;
  throw new WallpaperError(
    'invalid_param',
    `invalid redirect ${JSON.stringify(text.slice(0, 64))}: expected 1 (answer 302 to the image's own URL) or 0`,
  );
}

/** 302 to `location` (a path of this server); never cached: the next request picks again. */
export function redirect(res: ServerResponse, location: string): void {
  const body = `${location}\n`;
  res.writeHead(302, [
    ...API_READ_HEADERS,
    'Location',
    location,
    'Cache-Control',
    'no-store',
    'Content-Type',
    'text/plain; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(body)),
  ]);
  res.end(body);
}
