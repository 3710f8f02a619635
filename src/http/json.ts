// JSON and empty answers of the API, and the headers every API read carries.
import type { ServerResponse } from 'node:http';

/** Response headers a cross-origin reader may see. */
export const EXPOSED_HEADERS = 'Content-Length, Content-Range, Content-Disposition, ETag, Last-Modified, Accept-Ranges';

/** The headers every API read carries (app.ts sets them with setHeader for routes reached through
 * polka; prepared answers carry them in their list, and writeHead(array) replaces, not repeats). */
export const API_READ_HEADERS: readonly string[] = [
  'X-Content-Type-Options',
  'nosniff',
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED_HEADERS,
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
  res.writeHead(200, [
    ...API_READ_HEADERS,
    'Content-Type',
    JSON_TYPE,
    'Cache-Control',
    cacheControl,
    'Content-Length',
    String(Buffer.byteLength(body)),
  ]);
  res.end(body);
}

/** 204 No Content. */
export function noContent(res: ServerResponse): void {
  res.statusCode = 204;
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}
