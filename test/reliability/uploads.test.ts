// Hostile uploads against the real server: empty, truncated, random, HTML/script
// (an SVG is an image since docs/design.md#every-format: test/http/upload.test.ts keeps it sandboxed)
// bytes under image names, decompression-bomb PNG headers, bodies over the limit (declared and
// streamed without a length), broken multipart, 100 parts, a stalled upload. Proves each gets the
// right 4xx (408 for the stall), that no file or temp file is left anywhere in the data home, that
// memory stays bounded while a huge body arrives, and that other clients are served meanwhile.
// Nothing is timed except the stall, checked as "not before the idle timeout": an answer before a
// body ends is proved by the body still being open, and waits are for states (test/helpers/wait.ts).
import { Readable, PassThrough } from 'node:stream';
import t from 'tap';
import { request } from 'undici';
import { claimedSizePng, junk } from '../../bench/soak/images.js';
import type { ListResponse } from '../../src/core/types.js';
import { imageBytes } from '../helpers/fixtures.js';
import { call, eventually, header, startFixture, tempFilesIn } from '../http/helpers.js';
import { filesUnder, MULTIPART_TYPE, multipart, partHead, type Part, withoutIndex } from './helpers.js';

/** A small upload limit keeps the over-limit bodies cheap to send. */
const MAX_UPLOAD_BYTES = 1_000_000;
/** The stall timeout of the test server: short so the test needn't wait the real 60 s. */
const IDLE_TIMEOUT_MS = 600;
/** How much the server's resident memory may grow while refusing a 256 MiB body. */
const MEMORY_GROWTH_BOUND = 96 * 1024 * 1024;

const f = await startFixture(t, {
  images: { 'a.jpg': { width: 64, height: 48, color: '#335577' }, 'b.png': { width: 48, height: 64, color: '#aa2211', format: 'png' } },
  uploads: { idleTimeoutMs: IDLE_TIMEOUT_MS },
});
f.library.updateSettings({ max_upload_bytes: MAX_UPLOAD_BYTES });
const uploads = f.library.settings().upload_folder;
const homeFiles = () => withoutIndex(filesUnder(f.home));
const total = async () => (await call(f.base, '/api/wallpapers')).json<ListResponse>().pagination.total;

const send = (body: Buffer | string, headers: Record<string, string> = { 'content-type': MULTIPART_TYPE }) =>
  call(f.base, '/api/upload', { method: 'POST', headers, body });

const jpeg = await imageBytes({ width: 200, height: 150, color: '#123456', format: 'jpeg' });

t.test('each hostile upload: the right 4xx, nothing kept anywhere in the home', async (t) => {
  const cases: [string, Part[] | { body: string | Buffer; headers: Record<string, string> }, number][] = [
    ['zero bytes', [{ filename: 'empty.jpg', data: Buffer.alloc(0) }], 415],
    ['truncated JPEG', [{ filename: 'cut.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }], 415],
    ['JPEG header then junk', [{ filename: 'fake.jpg', data: Buffer.concat([jpeg.subarray(0, 200), junk(4000, 3)]) }], 415],
    ['random bytes named .jpg', [{ filename: 'noise.jpg', data: junk(20_000, 7) }], 415],
    [
      'HTML named .jpg',
      [
        {
          filename: 'page.jpg',
          type: 'image/jpeg',
          data: '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
        },
      ],
      415,
    ],
    ['shell script named .webp', [{ filename: 'run.webp', data: '#!/bin/sh\nrm -rf /\n' }], 415],
    ['GIF/JS polyglot named .jpg', [{ filename: 'poly.jpg', data: 'GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);' }], 415],
    ['PNG claiming 50000x50000 (bomb)', [{ filename: 'bomb.png', data: claimedSizePng(50_000, 50_000) }], 413],
    [
      "PNG claiming 10001x10000: over our 100 MP, under sharp's own default",
      [{ filename: 'big.png', data: claimedSizePng(10_001, 10_000) }],
      413,
    ],
    ['a file one byte over max_upload_bytes', [{ filename: 'big.jpg', data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1) }], 413],
    [
      'a good file with a bad one: all or nothing',
      [
        { filename: 'good.jpg', data: jpeg },
        { filename: 'bad.jpg', data: junk(100) },
      ],
      415,
    ],
    ['100 file parts', Array.from({ length: 100 }, (_, i) => ({ filename: `f${i}.jpg`, data: jpeg })), 413],
    ['100 field parts', Array.from({ length: 100 }, (_, i) => ({ field: `f${i}`, data: 'x', type: 'text/plain' })), 413],
    [
      'multipart without boundary',
      { body: multipart([{ filename: 'a.jpg', data: jpeg }]), headers: { 'content-type': 'multipart/form-data' } },
      400,
    ],
    [
      'boundary that never appears',
      { body: multipart([{ filename: 'a.jpg', data: jpeg }]), headers: { 'content-type': 'multipart/form-data; boundary=nope' } },
      400,
    ],
    [
      'a body cut inside a part',
      { body: multipart([{ filename: 'a.jpg', data: jpeg }]).subarray(0, 400), headers: { 'content-type': MULTIPART_TYPE } },
      400,
    ],
    ['no file part', [{ field: 'title', data: 'hello', type: 'text/plain' }], 400],
    ['not multipart', { body: jpeg, headers: { 'content-type': 'image/jpeg' } }, 400],
  ];
  const before = homeFiles();
  const count = await total();
  for (const [name, spec, status] of cases) {
    const reply = Array.isArray(spec) ? await send(multipart(spec)) : await send(spec.body, spec.headers);
    t.equal(reply.status, status, name);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8', `${name}: plain text`);
    t.notMatch(reply.text, f.home, `${name}: no server path in the answer`);
    t.same(homeFiles(), before, `${name}: no file or temp file left in the home`);
  }
  t.equal(await total(), count, 'nothing was indexed');
  t.same(f.logs, [], 'nothing unexpected logged');
});

t.test('a declared Content-Length over the limit is refused before the body is read', async (t) => {
  const body = new PassThrough();
  const reply = request(`${f.base}/api/upload`, {
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE, 'content-length': String(10 * 1024 ** 3) },
    body,
  });
  body.write(partHead('huge.jpg'));
  const response = await reply;
  t.equal(response.statusCode, 413);
  t.match(await response.body.text(), /too large/);
  // Only a part's head was sent and the body is still open: a server waiting for 10 GiB would never answer.
  t.notOk(body.writableEnded, 'answered while the body is still open, after one part head');
  body.destroy();
  t.same(tempFilesIn(uploads), []);
});

/** A body of `size` bytes produced lazily, so the client never holds it in memory. */
function hugeBody(size: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  return new Readable({
    read() {
      if (sent === 0) this.push(partHead('flood.jpg'));
      if (sent >= size) return void this.push(null);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

t.test('a 256 MiB body without a length: 413, memory bounded, others served meanwhile', async (t) => {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const flood = request(`${f.base}/api/upload`, {
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    body: hugeBody(256 * 1024 * 1024),
  })
    .then(async (response) => ({ status: response.statusCode, text: await response.body.text() }))
    .catch((error: Error) => ({ status: 0, text: error.message }));
  // While it floods, another client is answered.
  const reads: number[] = [];
  for (let i = 0; i < 5; i++) {
    reads.push((await call(f.base, '/api/wallpapers')).status);
  }
  const answer = await flood;
  clearInterval(sampler);
  // The server cuts the connection once it has answered, so the client may see its 413 or, when
  // it was still writing, the reset; either way the upload is refused.
  t.ok(answer.status === 413 || answer.status === 0, `refused: ${answer.status} ${answer.text.slice(0, 80)}`);
  t.same(reads, [200, 200, 200, 200, 200], 'reads served meanwhile');
  t.ok(peak - rssBefore < MEMORY_GROWTH_BOUND, `memory grew by ${Math.round((peak - rssBefore) / 2 ** 20)} MiB`);
  t.ok(await eventually(() => tempFilesIn(uploads).length === 0), 'no temp file left');
});

t.test('a stalled upload: 408 after the idle timeout, no temp file, others served meanwhile', async (t) => {
  const before = homeFiles();
  const body = new PassThrough();
  const started = Date.now();
  const pending = request(`${f.base}/api/upload`, { method: 'POST', headers: { 'content-type': MULTIPART_TYPE }, body });
  body.write(partHead('stall.jpg'));
  body.write(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  t.ok(await eventually(() => tempFilesIn(uploads).length === 1), 'the upload is in progress');
  const read = await call(f.base, '/api/wallpapers');
  t.equal(read.status, 200, 'a read is answered while the upload stalls');
  const response = await pending;
  t.equal(response.statusCode, 408);
  t.match(await response.body.text(), /stalled/);
  t.ok(Date.now() - started >= IDLE_TIMEOUT_MS, 'not before the idle timeout');
  body.destroy();
  t.ok(await eventually(() => tempFilesIn(uploads).length === 0), 'temp file removed');
  t.same(homeFiles(), before, 'nothing left in the home');
  t.equal((await call(f.base, '/api/wallpapers')).status, 200, 'still serving');
});

t.test('a good upload still works after all that', async (t) => {
  const reply = await send(multipart([{ filename: 'fine.jpg', data: jpeg }]));
  t.equal(reply.status, 201);
  t.same(tempFilesIn(uploads), []);
});
