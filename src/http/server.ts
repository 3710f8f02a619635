// The server's lifecycle, apart from what it serves: a hardened node:http server around the app,
// listening, and a graceful close (stop accepting, let requests in flight finish for a while, then
// cut the remaining connections).
import { createServer, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { oneLine, WallpaperError } from '../core/index.js';
import type { Library } from '../core/types.js';
import { type AppOptions, createApp, stderrLogger } from './app.js';
import {
  CONNECTION_CHECK_INTERVAL_MS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  SHUTDOWN_GRACE_MS,
  STALE_RESCAN_DELAY_MS,
} from './limits.js';
import { scanInBackground } from './background.js';
import { type AccessEntry, recordAccess } from './logger.js';
import { urlOf } from './url.js';

/** Receive deadlines of the server (all in milliseconds). */
export interface ServerTimeouts {
  /** To send the request headers (slowloris guard). Default: HEADERS_TIMEOUT_MS (30 s). */
  headersMs: number;
  /** To send the whole request, headers and body. Default: REQUEST_TIMEOUT_MS (5 min). */
  requestMs: number;
  /** How often connections are checked against the two above. Default: CONNECTION_CHECK_INTERVAL_MS. */
  checkIntervalMs: number;
  /** Idle keep-alive connections close after this. Default: KEEP_ALIVE_TIMEOUT_MS (5 s). */
  keepAliveMs: number;
}

export interface ServerOptions extends AppOptions {
  /** Address to listen on. Default: 127.0.0.1 (this machine only). */
  host?: string;
  /** Port; 0 picks a free one. Default: 8519. */
  port?: number;
  /** How long close() lets requests in flight finish. Default: SHUTDOWN_GRACE_MS (10 s). */
  graceMs?: number;
  /** Receive deadlines; tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /** Called once per answered request (the access log). Default: none. */
  accessLog?: (entry: AccessEntry) => void;
}

export interface RunningServer {
  server: Server;
  host: string;
  /** The real port (never 0). */
  port: number;
  /** `http://HOST:PORT`, IPv6 hosts in brackets. */
  url: string;
  /** Stop accepting, wait for requests in flight (up to the grace time), then cut the rest. */
  close(): Promise<void>;
}

export { urlOf };

/** Node's own answers to a request it cannot parse or that timed out, as plain text like every
 * other error (its default is an empty body with no type). */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'the request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request took too long to arrive'],
};

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'the request is not valid HTTP'];
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** Why the server cannot listen, in words and with what to do: no raw EADDRINUSE. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): WallpaperError {
  const reasons: Record<string, string> = {
    EADDRINUSE: `port ${port} is in use: choose another with --port`,
    EACCES: `port ${port} needs privileges this user does not have: choose one above 1023 with --port`,
    EADDRNOTAVAIL: `${host} is not an address of this machine: choose another with --host`,
    ENOTFOUND: `${host} is not a known host name: choose another with --host`,
  };
  return new WallpaperError('unavailable', reasons[error.code ?? ''] ?? `cannot listen on ${urlOf(host, port)}: ${oneLine(error)}`, {
    cause: error,
  });
}

export async function startServer(library: Library, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const logger = options.logger ?? stderrLogger;
  // Upload temp files of a server that was killed mid-upload are removed before we accept any.
  await library.sweep('uploads').then(
    (removed) => removed > 0 && logger.info(`removed ${removed} unfinished upload(s) left by a stopped server`),
    (error: unknown) => logger.error(`cannot sweep the upload folder: ${oneLine(error)}`),
  );
  const app = createApp(library, options);
  const timeouts = options.timeouts ?? {};
  const server = createServer({ connectionsCheckingInterval: timeouts.checkIntervalMs ?? CONNECTION_CHECK_INTERVAL_MS });
  server.requestTimeout = timeouts.requestMs ?? REQUEST_TIMEOUT_MS;
  server.headersTimeout = timeouts.headersMs ?? HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = timeouts.keepAliveMs ?? KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  let closing = false;
  server.on('request', (req, res) => {
    // While closing, every answer ends its connection so keep-alive clients let go.
    if (closing) res.setHeader('Connection', 'close');
    if (options.accessLog) recordAccess(req, res, options.accessLog);
    app(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(listenError(error, host, options.port ?? DEFAULT_PORT));
    server.once('error', onError);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // Thumbnail temp files of a killed scan: swept in the background, a large cache never delays start.
  void library.sweep('thumbnails').then(
    (removed) => removed > 0 && logger.info(`removed ${removed} unfinished thumbnail(s) left by a stopped scan`),
    (error: unknown) => logger.error(`cannot sweep the thumbnail cache: ${oneLine(error)}`),
  );

  // Files the app found changed behind the index (docs/design.md#identity) are re-read by one rescan soon.
  let rescan: NodeJS.Timeout | undefined;
  const unwatch = library.watchStale(() => {
    rescan ??= setTimeout(() => {
      rescan = undefined;
      void scanInBackground(library, logger, 'files changed on disk');
    }, STALE_RESCAN_DELAY_MS).unref();
  });

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      closing = true;
      unwatch();
      clearTimeout(rescan);
      const cut = setTimeout(() => server.closeAllConnections(), options.graceMs ?? SHUTDOWN_GRACE_MS);
      cut.unref();
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    }));

  return { server, host, port, url: urlOf(host, port), close };
}
