// The file table and the hot path (src/http/file-table.ts, app.ts): answers from memory or from
// prepared headers must follow the disk and the index at once — a thumbnail replaced or deleted on
// disk, a new thumbnail_size, a removal by another process, an image deleted or replaced behind
// the index's back — and the hot path must send the very headers the polka routes send.
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { openStore } from '../../src/core/store/index.js';
import { call, header, startFixture } from './helpers.js';

t.test('a thumbnail kept in memory follows its file on disk', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  const path = `/api/wallpapers/${w.id}/thumbnail`;
  const first = await call(f.base, path);
  const again = await call(f.base, path);
  t.equal(again.status, 200);
  t.ok(again.body.equals(first.body), 'the same bytes from memory');
  const file = (await f.library.thumbnailFile(w.id))!.path;
  t.ok(readFileSync(file).equals(first.body));

  // Replaced on disk (another size, another mtime): the new bytes at once, with a matching length.
  const replacement = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
    .webp()
    .toBuffer();
  writeFileSync(file, replacement);
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  const replaced = await call(f.base, path);
  t.ok(replaced.body.equals(replacement), 'the replaced file is read, not the kept bytes');
  t.equal(header(replaced, 'content-length'), String(replacement.length));
  t.equal(header(replaced, 'last-modified'), new Date(statSync(file).mtimeMs).toUTCString());

  // Deleted on disk: made again from the source, not served from memory.
  rmSync(file);
  const remade = await call(f.base, path);
  t.equal(remade.status, 200);
  t.ok(statSync(file).isFile(), 'back on disk');
  t.ok(readFileSync(file).equals(remade.body));
  t.same(f.logs, []);
});

t.test('a new thumbnail_size gives new thumbnails and tags at once', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  const path = `/api/wallpapers/${w.id}/thumbnail`;
  t.equal(header(await call(f.base, path), 'etag'), `"${w.id}-t480"`);
  f.library.updateSettings({ thumbnail_size: 256 });
  const reply = await call(f.base, path);
  t.equal(header(reply, 'etag'), `"${w.id}-t256"`);
  t.equal((await sharp(reply.body).metadata()).width, 256);
  t.equal((await call(f.base, path, { headers: { 'if-none-match': `"${w.id}-t480"` } })).status, 200, 'the old tag no longer matches');
});

t.test('a removal by another process is a 404 on the next request', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/image`)).status, 200);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 200);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 200);
  const other = openStore(join(f.home, 'index.sqlite'));
  t.teardown(() => other.close());
  other.removeFiles([w.path]);
  const image = await call(f.base, `/api/wallpapers/${w.id}/image`);
  t.equal(image.status, 404);
  t.equal(header(image, 'x-content-type-options'), 'nosniff');
  t.equal(header(image, 'access-control-allow-origin'), '*');
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 404);
});

t.test('a deletion through the API is a 404 at once', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 200);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 200);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}`, { method: 'DELETE' })).status, 204);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 404);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/image`)).status, 404);
});

t.test('an image deleted or replaced behind the index is never sent under its id (test/http/identity.test.ts has the rest)', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  const path = `/api/wallpapers/${w.id}/image`;
  t.equal((await call(f.base, path)).status, 200);
  writeFileSync(w.path, Buffer.alloc(1234, 7));
  const replaced = await call(f.base, path);
  t.equal(replaced.status, 404, 'the new bytes are not the indexed ones');
  t.notOk(replaced.body.equals(Buffer.alloc(1234, 7)));
  rmSync(w.path);
  const gone = await call(f.base, path);
  t.equal(gone.status, 404);
  t.match(gone.text, /changed or is gone/);
});

t.test('the hot path and the polka routes send the same headers', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  const strip = (reply: Awaited<ReturnType<typeof call>>) => {
    const { date: _date, ...rest } = reply.headers;
    return rest;
  };
  for (const kind of ['image', 'thumbnail']) {
    const hot = await call(f.base, `/api/wallpapers/${w.id}/${kind}`);
    const routed = await call(f.base, `/api/wallpapers/${w.id}/${kind}?via=polka`);
    t.same(strip(routed), strip(hot), `${kind}: same headers`);
    t.ok(routed.body.equals(hot.body));
    t.equal(header(hot, 'x-content-type-options'), 'nosniff');
    t.equal(header(hot, 'access-control-allow-origin'), '*');
    t.match(header(hot, 'access-control-expose-headers'), /ETag/);
    t.match(header(hot, 'content-disposition'), /^inline; filename="/);
    t.equal(header(hot, 'cache-control'), 'public, max-age=31536000, immutable');
    const head = await call(f.base, `/api/wallpapers/${w.id}/${kind}`, { method: 'HEAD' });
    t.equal(head.status, 200);
    t.equal(header(head, 'content-length'), header(hot, 'content-length'));
    t.equal(head.body.length, 0);
    const ranged = await call(f.base, `/api/wallpapers/${w.id}/${kind}`, { headers: { range: 'bytes=2-5' } });
    t.equal(ranged.status, 206);
    t.ok(ranged.body.equals(hot.body.subarray(2, 6)));
    t.equal(header(ranged, 'content-range'), `bytes 2-5/${hot.body.length}`);
    const unsatisfiable = await call(f.base, `/api/wallpapers/${w.id}/${kind}`, { headers: { range: `bytes=${hot.body.length + 10}-` } });
    t.equal(unsatisfiable.status, 416);
    t.equal(header(unsatisfiable, 'x-content-type-options'), 'nosniff');
    const since = await call(f.base, `/api/wallpapers/${w.id}/${kind}`, {
      headers: { 'if-modified-since': header(hot, 'last-modified')! },
    });
    t.equal(since.status, 304);
    t.equal(header(since, 'etag'), header(hot, 'etag'));
  }
  for (const path of ['/api/wallpapers/random', '/api/wallpapers/random/image']) {
    const reply = await call(f.base, path);
    t.equal(reply.status, 200);
    t.equal(header(reply, 'cache-control'), 'no-store');
    t.equal(header(reply, 'etag'), undefined);
    t.equal(header(reply, 'x-content-type-options'), 'nosniff');
    t.equal(header(reply, 'access-control-allow-origin'), '*');
    t.equal(header(reply, 'content-length'), String(reply.body.length));
  }
  const random = await call(f.base, '/api/wallpapers/random/image', { headers: { range: 'bytes=0-3' } });
  t.equal(random.status, 200, 'no ranges on random');
  t.equal(header(random, 'accept-ranges'), undefined);
  const none = await call(f.base, '/api/wallpapers/random?brightness=light&min_width=99999');
  t.equal(none.status, 404);
  t.equal((await call(f.base, '/api/wallpapers/random', { method: 'POST' })).status, 405);
  t.same(f.logs, []);
});

t.test('the file table: bounded by entries and by bytes, least recently used out first', async (t) => {
  const { FileTable } = await import('../../src/http/file-table.js');
  const { PreparedFile } = await import('../../src/http/prepared.js');
  const policy = { cacheControl: 'x', validators: false, ranges: false };
  const slot = (id: string) => ({ facts: { path: `/t/${id}`, contentType: 'image/webp', filename: id, etag: `"${id}"` }, prepared: [] });
  const keepBytes = (table: InstanceType<typeof FileTable>, token: string, id: string, size: number) => {
    const entry = table.get(token, id) ?? slot(id);
    table.set(token, id, entry);
    table.keep(token, id, entry, new PreparedFile(entry.facts, policy, size, 0), Buffer.alloc(size));
  };

  const byEntries = new FileTable({ maxEntries: 2, memoryBytes: 1000 });
  byEntries.set('v', 'a', slot('a'));
  byEntries.set('v', 'b', slot('b'));
  t.ok(byEntries.get('v', 'a'), 'a read');
  byEntries.set('v', 'c', slot('c'));
  t.ok(byEntries.get('v', 'a'), 'the recently read entry stays');
  t.equal(byEntries.get('v', 'b'), undefined, 'the least recently used went');

  const byBytes = new FileTable({ maxEntries: 100, memoryBytes: 250 });
  keepBytes(byBytes, 'v', 'hot', 100);
  keepBytes(byBytes, 'v', 'cold', 100);
  for (let i = 0; i < 3; i++) {
    t.ok(byBytes.get('v', 'hot')?.memory, 'the hottest thumbnail is read before every insert');
    keepBytes(byBytes, 'v', `new${i}`, 100);
  }
  t.ok(byBytes.get('v', 'hot')?.memory, 'and keeps its bytes (a FIFO lost them)');
  t.ok(byBytes.held.bytes <= 250, `bytes held ${byBytes.held.bytes} within the budget`);
  t.equal(byBytes.get('v2', 'hot'), undefined, 'a new token empties the table');
  t.same(byBytes.held, { entries: 0, bytes: 0 });
});
