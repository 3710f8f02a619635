// A local stand-in for a web service, on port 0: routes answer as the service documents (the
// kinds' own files build the bodies), images are served from memory, and the failure cases a
// source must survive are at fixed paths (`/redirect-to?u=URL` sends anywhere). Every request is
// recorded for the tests to inspect.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The address the request came in on (a fake listening on 0.0.0.0 answers on several). */
  local: string;
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface Fake {
  base: string;
  requests: Recorded[];
  /** Bytes served at `/img/<name>`. */
  images: Map<string, Buffer>;
  /** Answers by path (exact match), before the images and the failure paths. */
  routes: Map<string, Route>;
  close(): Promise<void>;
}

export const sendJson = (res: ServerResponse, body: unknown, status = 200): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** A PNG whose header claims `width` x `height` (no real pixels): a decompression bomb's shape. */
function bombPng(width = 50_000, height = 50_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The failure paths every fake has. */
function failure(path: string, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const hops = /^\/redirect\/(\d+)\/(.+)$/.exec(path);
  if (hops) {
    const left = Number(hops[1]);
    res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}/${hops[2]}` : `/img/${hops[2]}` });
    res.end();
    return true;
  }
  switch (path) {
    case '/redirect-to':
      res.writeHead(302, { location: url.searchParams.get('u') ?? '/' });
      res.end();
      return true;
    case '/slow':
      return true; // never answers: the client's time limit ends it
    case '/loop':
      res.writeHead(302, { location: '/loop' });
      res.end();
      return true;
    case '/to-file':
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
      return true;
    case '/html':
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end('<!doctype html><html><body>Not an image</body></html>');
      return true;
    case '/truncated':
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '100000' });
      res.write(Buffer.alloc(1000, 0xff));
      setTimeout(() => req.socket.destroy(), 20);
      return true;
    case '/bomb.png':
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(bombPng());
      return true;
    case '/500':
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('server error');
      return true;
    case '/bad-json':
      sendJson(res, '{"data": [ this is not json');
      return true;
    case '/429':
      res.writeHead(429, { 'retry-after': '120', 'content-type': 'text/plain' });
      res.end('slow down');
      return true;
    default:
      return false;
  }
}

/** A fake on port 0 of `host` (127.0.0.1; 0.0.0.0 answers on every address of the machine). */
export async function startFake(host = '127.0.0.1'): Promise<Fake> {
  const requests: Recorded[] = [];
  const images = new Map<string, Buffer>();
  const routes = new Map<string, Route>();
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, local: req.socket.localAddress ?? '' });
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = routes.get(url.pathname);
    if (route) return route(req, res, url);
    const image = url.pathname.startsWith('/img/') ? images.get(decodeURIComponent(url.pathname.slice(5))) : undefined;
    if (image) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(image.length) });
      return res.end(image);
    }
    if (failure(url.pathname, req, res, url)) return;
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    requests,
    images,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
