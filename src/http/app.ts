// createApp(library, options): the whole HTTP face as one request handler. The hottest reads
// (random, image, thumbnail without a query: reads.ts's fastRead) are answered first, by the same
// handlers the routes use: polka's URL parsing, route matching and middleware chain were a measured
// share of a small answer's cost. Everything else goes through polka: global headers, the API
// routes of the spec's table, then the gallery (sirv) at `/`. Every error of every handler, thrown
// or rejected, and every unmatched request go through the one mapper of errors.ts.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import polka, { type Request, type Response } from 'polka';
import sirv from 'sirv';
import type { Library } from '../core/types.js';
import type { RouteContext, UploadLimits } from './context.js';
import { HttpError, type Logger, sendError } from './errors.js';
import { DEFAULT_HOST, MAX_CONCURRENT_UPLOADS, MAX_JSON_BODY_BYTES, MAX_UPLOAD_FILES, UPLOAD_IDLE_TIMEOUT_MS } from './limits.js';
import { type Route, mountRoutes } from './router.js';
import { adminRoutes } from './routes/admin.js';
import { colorRoutes } from './routes/colors.js';
import { focusRoutes } from './routes/focus.js';
import { curationRoutes } from './routes/curation.js';
import { sourceRoutes } from './routes/sources.js';
import { uploadRoutes } from './routes/upload.js';
import { createReads } from './reads.js';
import { fastRead } from './fast-read.js';
import { metaRoutes, sendTagged } from './routes/meta.js';
import { frameRoutes } from './routes/frame.js';
import { wallpaperRoutes } from './routes/wallpapers.js';
import { API_READ_HEADERS, EXPOSED_HEADERS } from './json.js';

export interface AppOptions {
  /** Bearer token every mutation must carry, from anywhere. Default: none, and then mutations are
   * only accepted from loopback clients whose Origin, if any, is this server. */
  token?: string | undefined;
  /** Where unexpected errors and background scan outcomes go. Default: lines on process.stderr. */
  logger?: Logger;
  /** Host names besides IP literals and localhost by which a loopback client may address this
   * server for token-less mutations (DNS-rebinding guard). Default: [os.hostname()]. */
  hostNames?: readonly string[];
  /** Origins besides the server's own accepted for token-less mutations from loopback clients,
   * e.g. a TLS reverse proxy's `https://wall.example`. Default: none. */
  trustedOrigins?: readonly string[];
  /** Folder served at `/`. Default: the package's `gallery/`. */
  galleryDir?: string;
  /** Upload limits. Defaults: MAX_UPLOAD_FILES, MAX_CONCURRENT_UPLOADS, UPLOAD_IDLE_TIMEOUT_MS. */
  uploads?: Partial<UploadLimits>;
  /** Largest JSON request body in bytes. Default: MAX_JSON_BODY_BYTES (64 KiB). */
  maxJsonBodyBytes?: number;
  /** The desktop session POST /api/wallpapers/{id}/set sets (its XDG_CURRENT_DESKTOP, DISPLAY,
   * DBUS_SESSION_BUS_ADDRESS, PATH, ...). Default: this process's environment. */
  desktopEnv?: NodeJS.ProcessEnv;
  /** The address the server listens on, so /api/status can tell the gallery the server's network
   * addresses (lan.ts). Default: DEFAULT_HOST (loopback). */
  host?: string;
}

/** The gallery's Content-Security-Policy: only this server's own files, no inline code. */
export const GALLERY_CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Where the gallery loads qrcode-generator's ES module from, and the file served there. */
const QRCODE_PATH = '/vendor/qrcode.mjs';
const QRCODE_FILE = join(dirname(createRequire(import.meta.url).resolve('qrcode-generator')), 'qrcode.mjs');

/** `gallery/` at the package root: two levels up from src/http/ and from dist/http/ alike. */
const DEFAULT_GALLERY_DIR = fileURLToPath(new URL('../../gallery/', import.meta.url));

/** Log lines to stderr; the stack of unexpected errors helps the operator, never the client. */
export const stderrLogger: Logger = {
  info: (line) => process.stderr.write(`${line}\n`),
  error: (line, error) => process.stderr.write(`${line}\n${error instanceof Error && error.stack ? `${error.stack}\n` : ''}`),
};

const isApi = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/healthz';

/** Every route of the server, in mounting order (fixed paths before patterns that also match). */
function routesOf(context: RouteContext, reads: ReturnType<typeof createReads>): Route[] {
  return [
    ...metaRoutes(context),
    ...wallpaperRoutes(context, reads),
    ...curationRoutes(context),
    ...colorRoutes(context),
    ...focusRoutes(context),
    ...uploadRoutes(context),
    ...adminRoutes(context),
    ...frameRoutes(context),
    ...sourceRoutes(context),
  ];
}

/** The route table as data: each polka path and its methods (HEAD and OPTIONS are implied), for the
 * OpenAPI document's test. Built over a library that refuses every use: only the table is read. */
export function apiRouteTable(): { path: string; methods: string[] }[] {
  const unused = new Proxy({} as Library, {
    get: () => {
      throw new Error('the route table is data only');
    },
  });
  const context: RouteContext = {
    library: unused,
    logger: stderrLogger,
    uploads: { maxFiles: 0, maxConcurrent: 0, idleTimeoutMs: 0 },
    maxJsonBodyBytes: 0,
    tokenRequired: false,
    desktopEnv: {},
    host: DEFAULT_HOST,
  };
  return routesOf(context, createReads(unused)).map((route) => ({ path: route.path, methods: Object.keys(route.methods) }));
}

/** What createApp returns: a plain node:http request listener. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createApp(library: Library, options: AppOptions = {}): RequestHandler {
  const logger = options.logger ?? stderrLogger;
  const context: RouteContext = {
    library,
    logger,
    uploads: {
      maxFiles: options.uploads?.maxFiles ?? MAX_UPLOAD_FILES,
      maxConcurrent: options.uploads?.maxConcurrent ?? MAX_CONCURRENT_UPLOADS,
      idleTimeoutMs: options.uploads?.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS,
    },
    maxJsonBodyBytes: options.maxJsonBodyBytes ?? MAX_JSON_BODY_BYTES,
    tokenRequired: Boolean(options.token),
    desktopEnv: options.desktopEnv ?? process.env,
    host: options.host ?? DEFAULT_HOST,
  };

  const app = polka({
    onError: (error: unknown, _req: Request, res: Response) => sendError(res, error, logger),
    onNoMatch: (req: Request, res: Response) =>
      sendError(res, new HttpError(404, isApi(req.path) ? 'no such API endpoint' : 'not found'), logger),
  });

  app.use((req: Request, res: Response, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!isApi(req.path)) {
      res.setHeader('Content-Security-Policy', GALLERY_CSP);
    } else if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    return next();
  });

  const reads = createReads(library);
  mountRoutes(app, routesOf(context, reads), {
    token: options.token,
    hostNames: options.hostNames ?? [hostname()],
    trustedOrigins: options.trustedOrigins ?? [],
  });

  // The QR code drawer of the gallery's device link, from the npm package (no copy in the repository).
  let qrcode: Buffer | undefined;
  app.get(QRCODE_PATH, (req: Request, res: Response) => {
    qrcode ??= readFileSync(QRCODE_FILE);
    sendTagged(req, res, qrcode, 'text/javascript; charset=utf-8');
  });

  const galleryDir = options.galleryDir ?? DEFAULT_GALLERY_DIR;
  // sirv indexes the folder once at start; a missing gallery just means 404 at `/`.
  if (existsSync(galleryDir)) {
    const gallery = sirv(galleryDir, { etag: true, maxAge: 0, dotfiles: false });
    app.use((req: Request, res: Response, next) => {
      if (isApi(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      return gallery(req, res, () => next());
    });
  }

  // The fast reads' errors go through the same mapper, with the headers polka's middleware would set.
  const failFast = (res: ServerResponse, error: unknown) => {
    if (!res.headersSent)
      for (let i = 0; i < API_READ_HEADERS.length; i += 2) res.setHeader(API_READ_HEADERS[i]!, API_READ_HEADERS[i + 1]!);
    sendError(res as Response, error, logger);
  };
  // polka's public handler; its `next` is optional (polka's README, and its code falls back to
  // onError/onNoMatch without one), though its .d.ts declares it: only the type is narrowed here.
  const route = app.handler as (req: IncomingMessage, res: ServerResponse) => void;
  return (req, res) => {
    const read = fastRead(reads, req);
    if (!read) return route(req, res);
    try {
      const done = read(res);
      if (done) done.catch((error: unknown) => failFast(res, error));
    } catch (error) {
      failFast(res, error);
    }
  };
}
