// The routes about the API rather than of it (docs/design.md#beyond-the-specification): GET /healthz for monitors and
// service managers, GET /api/openapi.json (the document kept in the repository's openapi/), and the
// Media RSS feed GET /api/feed.rss of the list's matches.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'polka';
import { type RawParams, parseFilters, parsePaging } from '../../core/index.js';
import { parseHost } from '../access.js';
import { isNotModified } from '../conditional.js';
import type { RouteContext } from '../context.js';
import { HttpError } from '../errors.js';
import { renderFeed } from '../feed.js';
import type { Route } from '../router.js';
import { urlOf } from '../url.js';

/** `openapi/openapi.json` at the package root: three levels up from src/http/routes and dist/http/routes. */
export const OPENAPI_FILE = new URL('../../../openapi/openapi.json', import.meta.url);

/** The server's absolute origin as this client reached it: the Host it sent (a reverse proxy's
 * `X-Forwarded-Proto: https` makes it https), else the address the connection came in on. */
export function originOf(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  const scheme = forwarded === 'https' ? 'https' : 'http';
  const host = parseHost(req.headers.host)?.host;
  if (host) return `${scheme}://${host}`;
  return urlOf(req.socket.localAddress ?? '127.0.0.1', req.socket.localPort ?? 80);
}

/** A text answer with a strong ETag of its bytes, answered 304 when the client has them. */
export function sendTagged(req: IncomingMessage, res: ServerResponse, body: Buffer, contentType: string): void {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Type', contentType);
  if (isNotModified({ ifNoneMatch: req.headers['if-none-match'] }, { etag, lastModifiedMs: 0 })) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

export function metaRoutes({ library }: RouteContext): Route[] {
  let openapi: Buffer | undefined;
  return [
    {
      path: '/healthz',
      methods: {
        GET: (_req, res) => {
          const problem = library.health();
          if (problem) throw new HttpError(503, problem);
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Content-Length', 2);
          res.end('ok');
        },
      },
    },
    {
      path: '/api/openapi.json',
      methods: {
        GET: (req, res) => {
          openapi ??= readFileSync(OPENAPI_FILE);
          sendTagged(req, res, openapi, 'application/json; charset=utf-8');
        },
      },
    },
    {
      path: '/api/feed.rss',
      methods: {
        GET: (req: Request, res) => {
          const query = (req.query ?? {}) as unknown as RawParams;
          const filters = parseFilters(query);
          const list = library.list(filters, parsePaging(query));
          const origin = originOf(req);
          const body = Buffer.from(renderFeed(list, origin, `${origin}${req.url}`));
          sendTagged(req, res, body, 'application/rss+xml; charset=utf-8');
        },
      },
    },
  ];
}
