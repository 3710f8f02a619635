// POST /api/upload against a real server: success, several files, duplicates, type by content,
// hostile names, size limit, not-an-image, broken or empty multipart, part cap, concurrency cap,
// stalls and client aborts; and after every failure no file and no temp file is left behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { request } from 'undici';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { imageBytes } from '../helpers/fixtures.js';
import { call, eventually, header, startFixture, tempFilesIn } from './helpers.js';

const BOUNDARY = '----wallpaper-test-boundary';

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte (names, framing). */
function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field ?? 'file'}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type ?? (part.filename === undefined ? 'text/plain' : 'application/octet-stream')}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const f = await startFixture(t);
const uploads = f.library.settings().upload_folder;

const upload = (parts: Part[], headers: Record<string, string> = {}) =>
  call(f.base, '/api/upload', { method: 'POST', headers: { 'content-type': MULTIPART_TYPE, ...headers }, body: multipart(parts) });

const total = async () => (await call(f.base, '/api/wallpapers')).json<ListResponse>().pagination.total;
const filesInUploads = () => (existsSync(uploads) ? readdirSync(uploads) : []);

t.test('one file: 201, saved under its name in the upload folder, indexed', async (t) => {
  const bytes = await imageBytes({ width: 640, height: 480, color: '#602080', format: 'png' });
  const reply = await upload([{ filename: 'sunset.png', type: 'image/png', data: bytes }]);
  t.equal(reply.status, 201);
  t.equal(header(reply, 'content-type'), 'application/json; charset=utf-8');
  const { wallpapers } = reply.json<{ wallpapers: Wallpaper[] }>();
  t.equal(wallpapers.length, 1);
  const w = wallpapers[0]!;
  t.match(w, { filename: 'sunset.png', width: 640, height: 480, content_type: 'image/png', aspect_ratio: '4:3', size_bytes: bytes.length });
  t.equal(w.path, join(uploads, 'sunset.png'));
  t.ok(readFileSync(w.path).equals(bytes), 'the bytes as sent');
  t.same((await call(f.base, `/api/wallpapers/${w.id}`)).json(), w, 'GET by id');
  t.ok((await call(f.base, `/api/wallpapers/${w.id}/image`)).body.equals(bytes));
  t.same(tempFilesIn(uploads), [], 'no temp file left');

  // A second upload with the same name but other bytes gets a suffix, never overwrites.
  const other = await imageBytes({ width: 640, height: 480, color: '#208060', format: 'png' });
  const second = await upload([{ filename: 'sunset.png', data: other }]);
  t.equal(second.status, 201);
  t.equal(second.json<{ wallpapers: Wallpaper[] }>().wallpapers[0]!.filename, 'sunset-1.png');
  t.ok(readFileSync(w.path).equals(bytes), 'first file untouched');
});

t.test('several files in one request, any field names', async (t) => {
  const a = await imageBytes({ width: 800, height: 450, color: '#aa3311', format: 'jpeg' });
  const b = await imageBytes({ width: 500, height: 500, color: '#11aa33', format: 'webp' });
  const before = await total();
  const reply = await upload([
    { field: 'first', filename: 'a.jpg', data: a },
    { field: 'note', data: 'a text field is ignored' },
    { field: 'second', filename: 'b.webp', data: b },
  ]);
  t.equal(reply.status, 201);
  const { wallpapers } = reply.json<{ wallpapers: Wallpaper[] }>();
  t.same(
    wallpapers.map((w) => w.filename),
    ['a.jpg', 'b.webp'],
  );
  t.equal(await total(), before + 2);
});

t.test('the type comes from the bytes, not the name or the part type', async (t) => {
  const png = await imageBytes({ width: 300, height: 200, color: '#3355ff', format: 'png' });
  const reply = await upload([{ filename: 'photo.jpg', type: 'image/jpeg', data: png }]);
  t.equal(reply.status, 201);
  const w = reply.json<{ wallpapers: Wallpaper[] }>().wallpapers[0]!;
  t.equal(w.content_type, 'image/png');
  t.equal(w.filename, 'photo.png', 'extension of the detected type');
});

t.test('a duplicate returns the existing record and writes nothing', async (t) => {
  const existing = f.byName.get('dark-blue.jpg')!;
  const before = filesInUploads();
  const reply = await upload([{ filename: 'copy.jpg', data: readFileSync(existing.path) }]);
  t.equal(reply.status, 201);
  t.same(reply.json<{ wallpapers: Wallpaper[] }>().wallpapers, [existing]);
  t.same(filesInUploads(), before, 'no new file');
});

t.test('hostile file names stay inside the upload folder', async (t) => {
  const names = [
    '../../etc/passwd.jpg',
    '..\\..\\windows\\evil.jpg',
    '<script>alert(1)</script>.png',
    '.hidden.jpg',
    '',
    'a\tb.jpg',
    'été à la plage.png',
  ];
  let colour = 0x101010;
  for (const name of names) {
    colour += 0x0a0b07;
    const bytes = await imageBytes({ width: 320, height: 240, color: `#${colour.toString(16).padStart(6, '0')}`, format: 'jpeg' });
    const reply = await upload([{ filename: name, data: bytes }]);
    t.equal(reply.status, 201, JSON.stringify(name));
    const w = reply.json<{ wallpapers: Wallpaper[] }>().wallpapers[0]!;
    t.equal(dirname(w.path), uploads, `${JSON.stringify(name)}: saved directly in the upload folder`);
    t.equal(basename(w.path), w.filename);
    t.notOk(w.filename.startsWith('.'), 'not hidden (scans would skip it)');
    t.notMatch(w.filename, /[/\\<>\u0000]/, 'sanitised');
    t.ok(existsSync(w.path));
    const image = await call(f.base, `/api/wallpapers/${w.id}/image`);
    t.equal(image.status, 200);
    const disposition = header(image, 'content-disposition')!;
    t.match(disposition, /^inline; filename="[\x20-\x7e]*"/, 'ASCII fallback name');
    t.notMatch(disposition, /[\r\n]/);
    if (/[^\x20-\x7e]/.test(w.filename)) t.match(disposition, /filename\*=UTF-8''/, 'filename* for non-ASCII');
  }
  t.notOk(existsSync('/etc/passwd.jpg'));
});

t.test('over max_upload_bytes: 413, nothing kept', async (t) => {
  const limit = 50_000;
  const saved = f.library.settings().max_upload_bytes;
  f.library.updateSettings({ max_upload_bytes: limit });
  t.teardown(() => void f.library.updateSettings({ max_upload_bytes: saved }));
  const before = filesInUploads();
  const good = await imageBytes({ width: 64, height: 64, color: '#010203', format: 'png' });
  const big = Buffer.alloc(limit + 1, 7);
  const reply = await upload([
    { filename: 'good.png', data: good },
    { filename: 'big.jpg', data: big },
  ]);
  t.equal(reply.status, 413);
  t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  t.match(reply.text, /limit/);
  t.same(filesInUploads(), before, 'neither file kept, no temp file');

  // Exactly at the limit is allowed through to decoding (random bytes: 415, not 413).
  const exact = await upload([{ filename: 'exact.jpg', data: Buffer.alloc(limit, 9) }]);
  t.equal(exact.status, 415);
  t.same(filesInUploads(), before);
});

t.test('not an image: 415; a failed request keeps none of its files', async (t) => {
  const before = filesInUploads();
  const count = await total();
  const table: [string, Buffer][] = [
    ['text.jpg', Buffer.from('hello, I am not a picture')],
    ['page.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['empty.webp', Buffer.alloc(0)],
    ['truncated.jpg', (await imageBytes({ width: 400, height: 300, color: '#123456', format: 'jpeg' })).subarray(0, 500)],
  ];
  for (const [name, data] of table) {
    const reply = await upload([{ filename: name, data }]);
    t.equal(reply.status, 415, name);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  }
  const good = await imageBytes({ width: 200, height: 100, color: '#445566', format: 'png' });
  const mixed = await upload([
    { filename: 'good.png', data: good },
    { filename: 'bad.jpg', data: Buffer.from('nope') },
  ]);
  t.equal(mixed.status, 415, 'one bad file fails the request');
  t.same(filesInUploads(), before, 'the good one is not kept either');
  t.equal(await total(), count, 'nothing indexed');
});

t.test('an SVG is an image since docs/design.md#every-format: kept as .svg whatever its name, served sandboxed', async (t) => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" onload="alert(1)"><script>alert(2)</script></svg>';
  const reply = await upload([{ filename: 'logo.png', data: Buffer.from(svg) }]);
  t.equal(reply.status, 201, reply.text);
  const [saved] = (JSON.parse(reply.text) as { wallpapers: { id: string; filename: string; content_type: string }[] }).wallpapers;
  t.equal(saved?.filename, 'logo.svg', 'named by what it is, not by the name it came with');
  t.equal(saved?.content_type, 'image/svg+xml');
  const image = await call(f.base, `/api/wallpapers/${saved?.id}/image`);
  t.equal(header(image, 'content-security-policy'), 'sandbox', "its script never runs in the server's origin");
  t.equal(header(image, 'x-content-type-options'), 'nosniff');
});

t.test('no file part, broken or wrong multipart: 400', async (t) => {
  const noFile = await upload([{ field: 'title', data: 'just a field' }]);
  t.equal(noFile.status, 400);
  t.match(noFile.text, /file part/);
  const empty = await call(f.base, '/api/upload', {
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    body: `--${BOUNDARY}--\r\n`,
  });
  t.equal(empty.status, 400, 'empty form');
  const table: [string, Record<string, string>, string][] = [
    ['no boundary', { 'content-type': 'multipart/form-data' }, multipart([{ filename: 'a.jpg', data: 'x' }]).toString()],
    ['JSON', { 'content-type': 'application/json' }, '{"file":"x"}'],
    ['no content type', {}, 'raw bytes'],
    ['url-encoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'file=x'],
    [
      'truncated body',
      { 'content-type': MULTIPART_TYPE },
      multipart([{ filename: 'a.jpg', data: 'xxxx' }])
        .subarray(0, 120)
        .toString(),
    ],
    ['garbage', { 'content-type': MULTIPART_TYPE }, 'this is not multipart at all'],
    ['NUL in a part header', { 'content-type': MULTIPART_TYPE }, multipart([{ filename: 'a\u0000b.jpg', data: 'xxxx' }]).toString()],
  ];
  for (const [name, headers, body] of table) {
    const reply = await call(f.base, '/api/upload', { method: 'POST', headers, body });
    t.equal(reply.status, 400, name);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8', name);
  }
  t.same(tempFilesIn(uploads), []);
});

t.test('too many files in one request: 413, nothing kept', async (t) => {
  const before = filesInUploads();
  const parts = Array.from({ length: 21 }, (_, i) => ({ filename: `f${i}.jpg`, data: `not an image ${i}` }));
  const reply = await upload(parts);
  t.equal(reply.status, 413);
  t.match(reply.text, /at most 20/);
  t.same(filesInUploads(), before);
});

/** Start an upload whose body we feed by hand; returns the pending response and the feed. */
function streamingUpload(base: string, signal?: AbortSignal) {
  const body = new PassThrough();
  const response = request(`${base}/api/upload`, { method: 'POST', headers: { 'content-type': MULTIPART_TYPE }, body, signal });
  return { body, response };
}

const HEAD_OF_PART = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
);

t.test('concurrent uploads are capped: 503 with Retry-After', async (t) => {
  const capped = await startFixture(t, { images: {}, uploads: { maxConcurrent: 1 } });
  const folder = capped.library.settings().upload_folder;
  const slow = streamingUpload(capped.base);
  const bytes = await imageBytes({ width: 120, height: 90, color: '#777700', format: 'jpeg' });
  slow.body.write(HEAD_OF_PART);
  slow.body.write(bytes.subarray(0, 100));
  t.ok(await eventually(() => tempFilesIn(folder).length === 1), 'the first upload is in progress');
  const refused = await call(capped.base, '/api/upload', {
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    body: multipart([{ filename: 'x.jpg', data: bytes }]),
  });
  t.equal(refused.status, 503);
  t.match(header(refused, 'retry-after'), /^\d+$/);
  slow.body.end(Buffer.concat([bytes.subarray(100), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
  const done = await slow.response;
  t.equal(done.statusCode, 201, 'the first one completes');
  await done.body.dump();
  const after = await call(capped.base, '/api/upload', {
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    body: multipart([{ filename: 'x.jpg', data: bytes }]),
  });
  t.equal(after.status, 201, 'the slot is free again');
});

t.test('a stalled upload times out (408) and leaves no temp file', async (t) => {
  const stalled = await startFixture(t, { images: {}, uploads: { idleTimeoutMs: 300 } });
  const folder = stalled.library.settings().upload_folder;
  const slow = streamingUpload(stalled.base);
  slow.body.write(HEAD_OF_PART);
  slow.body.write(Buffer.alloc(1000, 1));
  const reply = await slow.response;
  t.equal(reply.statusCode, 408);
  t.match(await reply.body.text(), /stalled/);
  slow.body.destroy();
  t.ok(await eventually(() => tempFilesIn(folder).length === 0), 'temp file removed');
  t.equal((await call(stalled.base, '/api/wallpapers')).status, 200, 'the server still serves');
});

t.test('a client that hangs up mid-upload leaves no temp file', async (t) => {
  const abort = new AbortController();
  const slow = streamingUpload(f.base, abort.signal);
  slow.body.write(HEAD_OF_PART);
  slow.body.write(Buffer.alloc(5000, 2));
  t.ok(await eventually(() => tempFilesIn(uploads).length === 1), 'upload in progress');
  abort.abort();
  await slow.response.catch(() => undefined);
  t.ok(await eventually(() => tempFilesIn(uploads).length === 0), 'temp file removed');
  t.equal((await call(f.base, '/api/wallpapers')).status, 200, 'the server still serves');
  t.same(f.logs, [], 'nothing unexpected logged');
});
