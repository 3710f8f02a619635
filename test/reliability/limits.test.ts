// Limits: the header timeout (slowloris), the request-body timeout, keep-alive idle
// close, the cap on concurrent uploads, and sharp's pixel limit on every decode. Proves each limit
// acts (with short timeouts configured through startServer's options) and that other clients are
// served while a slow one is being timed out.
// How it waits: for the server to close each slow socket (a generous limit that only ends a hang);
// what is asserted is the 408 and that the close came no sooner than the timeout, never how soon
// after it (a loaded machine may be late).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { request } from 'undici';
import { claimedSizePng } from '../../bench/soak/images.js';
import { MAX_PIXELS } from '../../src/core/limits.js';
import { imageBytes, tempDir } from '../helpers/fixtures.js';
import { call, eventually, header, startFixture, tempFilesIn } from '../http/helpers.js';
import { BOUNDARY, MULTIPART_TYPE, multipart, partHead } from './helpers.js';

/** Short deadlines for the test server, each far above what a loopback request needs. */
const HEADERS_MS = 600;
const REQUEST_MS = 1200;
const KEEP_ALIVE_MS = 500;
/** How long a slow socket may stay open before the test fails: a hang, not a slow machine. */
const CLOSE_LIMIT_MS = 60_000;

const f = await startFixture(t, {
  images: { 'a.jpg': { width: 64, height: 48, color: '#335577' } },
  timeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, keepAliveMs: KEEP_ALIVE_MS, checkIntervalMs: 100 },
});

/** The ms after which a socket closed, or -1 when it was still open at CLOSE_LIMIT_MS. */
function closedWithinLimit(closed: Promise<number>): Promise<number> {
  return new Promise((done) => {
    const limit = setTimeout(() => done(-1), CLOSE_LIMIT_MS);
    void closed.then((ms) => {
      clearTimeout(limit);
      done(ms);
    });
  });
}

/** A socket that records what the server says and when it closes. */
function openSocket(port: number): Promise<{ socket: Socket; text: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const opened = Date.now();
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - opened)));
    socket.once('connect', () => resolve({ socket, text: () => text, closed }));
    socket.once('error', reject);
  });
}

t.test('headers that never finish: 408 after the header timeout, others served meanwhile', async (t) => {
  const slow = await openSocket(f.server.port);
  slow.socket.write('GET /api/wallpapers HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  const drip = setInterval(() => slow.socket.writable && slow.socket.write('a'), 100); // slowloris drip
  t.teardown(() => clearInterval(drip));
  t.equal((await call(f.base, '/api/wallpapers')).status, 200, 'another client is served meanwhile');
  const ms = await closedWithinLimit(slow.closed);
  clearInterval(drip);
  t.ok(ms >= HEADERS_MS - 50, `closed by the timeout, not before it (${ms} ms)`);
  t.match(slow.text(), /^HTTP\/1\.1 408 /, '408');
  t.match(slow.text(), /Content-Type: text\/plain; charset=utf-8/);
});

t.test('a body that never finishes: 408 after the request timeout', async (t) => {
  const slow = await openSocket(f.server.port);
  slow.socket.write(
    'PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"thumbnail_size":',
  );
  const ms = await closedWithinLimit(slow.closed);
  t.ok(ms >= REQUEST_MS - 50, `closed by the timeout, not before it (${ms} ms)`);
  t.match(slow.text(), /^HTTP\/1\.1 408 /);
  t.equal(f.library.settings().thumbnail_size, 480, 'nothing changed');
});

t.test('idle keep-alive connections are closed', async (t) => {
  const idle = await openSocket(f.server.port);
  idle.socket.write('GET /api/wallpapers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const ms = await closedWithinLimit(idle.closed);
  t.match(idle.text(), /^HTTP\/1\.1 200 /);
  t.ok(ms >= KEEP_ALIVE_MS - 50, `closed by the timeout, not before it (${ms} ms after connecting)`);
});

t.test('concurrent uploads are capped: the third gets 503 with Retry-After', async (t) => {
  // Its own server: the short request timeout above would cut these deliberately slow uploads.
  const capped = await startFixture(t, { images: {}, uploads: { maxConcurrent: 2 } });
  const uploads = capped.library.settings().upload_folder;
  const bytes = await Promise.all(
    [0, 1].map((i) => imageBytes({ width: 60, height: 40, color: i ? '#550000' : '#005500', format: 'jpeg' })),
  );
  const slow = bytes.map((image) => {
    const body = new PassThrough();
    const response = request(`${capped.base}/api/upload`, { method: 'POST', headers: { 'content-type': MULTIPART_TYPE }, body });
    body.write(partHead('slow.jpg'));
    body.write(image.subarray(0, 100));
    return { body, response, rest: image.subarray(100) };
  });
  t.ok(await eventually(() => tempFilesIn(uploads).length === 2), 'two uploads in progress');
  const third = await call(capped.base, '/api/upload', {
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    body: multipart([{ filename: 'x.jpg', data: bytes[0]! }]),
  });
  t.equal(third.status, 503);
  t.match(header(third, 'retry-after'), /^\d+$/);
  t.equal(header(third, 'content-type'), 'text/plain; charset=utf-8');
  for (const [i, upload] of slow.entries()) {
    upload.body.end(Buffer.concat([upload.rest, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
    const done = await upload.response;
    t.equal(done.statusCode, 201, `slow upload ${i} completes`);
    await done.body.dump();
  }
  t.same(tempFilesIn(uploads), []);
  t.equal(
    (
      await call(capped.base, '/api/upload', {
        method: 'POST',
        headers: { 'content-type': MULTIPART_TYPE },
        body: multipart([{ filename: 'x.jpg', data: bytes[0]! }]),
      })
    ).status,
    201,
    'a slot is free again',
  );
});

t.test('every sharp() call of the source decodes under a pixel limit', async (t) => {
  const sources = readdirSync(new URL('../../src/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((p) =>
    p.endsWith('.ts'),
  );
  let calls = 0;
  for (const path of sources) {
    const text = readFileSync(new URL(`../../src/${path}`, import.meta.url), 'utf8');
    for (const match of text.matchAll(/\bsharp\(([^)]*)\)/g)) {
      calls++;
      // Either the limit is named, or the input is raw pixels this process made (already shrunk to
      // at most the thumbnail size by a limited decode).
      t.match(match[1], /limitInputPixels|\braw\b/, `${path}: sharp(${match[1]})`);
    }
  }
  t.ok(calls >= 1, `${calls} sharp() calls checked`);
});

t.test('a scan refuses an image over the pixel limit without decoding it', async (t) => {
  const folder = tempDir(t, 'wallpaper-limits-bomb-');
  const side = Math.ceil(Math.sqrt(MAX_PIXELS)) + 1;
  writeFileSync(join(folder, 'bomb.png'), claimedSizePng(side, side));
  writeFileSync(join(folder, 'huge-claim.png'), claimedSizePng(50_000, 50_000));
  await imageBytes({ width: 32, height: 32, color: '#777777', format: 'png' }).then((b) => writeFileSync(join(folder, 'fine.png'), b));
  const rss = process.memoryUsage().rss;
  f.library.updateSettings({ folders: [...f.library.settings().folders, folder] });
  const summary = await f.library.scan();
  const reasons = Object.fromEntries(summary.failed.map((p) => [p.path.split('/').pop(), p.error]));
  t.match(reasons['bomb.png'], /limit/, `${side}x${side} refused`);
  t.match(reasons['huge-claim.png'], /limit/, '50000x50000 refused');
  t.notOk('fine.png' in reasons, 'the good image beside them is indexed');
  t.ok(process.memoryUsage().rss - rss < 200 * 1024 * 1024, 'no giant allocation');
});
