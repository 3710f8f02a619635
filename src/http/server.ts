// The server's lifecycle, apart from what it serves: a hardened node:http server around the app,
// listening, and a graceful close (stop accepting, let requests in flight finish for a while, then
// cut the remaining connections).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'polka';
import { WallpaperError } from '../core/errors.js';
import type { Library } from '../core/types.js';
import { type AppOptions, createApp } from './app.js';
import { DEFAULT_HOST, DEFAULT_PORT, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, SHUTDOWN_GRACE_MS } from './limits.js';

export interface ServerOptions extends AppOptions {
  /** Address to listen on. Default: 127.0.0.1 (this machine only). */
  host?: string;
  /** Port; 0 picks a free one. Default: 8519. */
  port?: number;
  /** How long close() lets requests in flight finish. Default: SHUTDOWN_GRACE_MS (10 s). */
  graceMs?: number;
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


/** `http://host:port`, with an IPv6 literal in brackets as URLs require. */
export function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startServer(library: Library, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const app = createApp(library, options);
  const server = createServer();
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  let closing = false;
  server.on('request', (req, res) => {
    // While closing, every answer ends its connection so keep-alive clients let go.
    if (closing) res.setHeader('Connection', 'close');
    void app.handler(req as Request, res, undefined as never);
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(new WallpaperError('unavailable', `cannot listen on ${urlOf(host, options.port ?? DEFAULT_PORT)}: ${error.code ?? error.message}`));
    server.once('error', onError);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      closing = true;
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
