// Served bytes are the indexed bytes (docs/design.md#identity): an id URL sends only a file whose
// size and mtime, read with fstat on the opened descriptor, still match the index. A file replaced,
// touched, swapped for a link to /etc/passwd or for a FIFO is never sent under its id: another
// indexed path of the same bytes is tried, else 404, and the server rescans the file soon. Nothing
// is timed: the FIFO case's proof is an answer that a blocked open() could never give, and waits
// are for the log line or status that proves them, with generous limits (test/helpers/wait.ts).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { constants, copyFileSync, openSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { Wallpaper } from '../../src/core/types.js';
import { call, header, startFixture } from './helpers.js';
import { until } from '../helpers/serve.js';

// Many cases in one file, run on PostgreSQL too (test/postgres/http-identity.test.ts): at the
// suite's load on a machine half as fast as usual that took up to 143 s in fresh-clone runs, near
// tap's 180 s: a longer limit, so that only a hang ends it.
t.setTimeout(360_000);

const idOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

t.test('a file replaced after indexing is not sent under the old id; a rescan follows', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('dark-blue.jpg')!;
  const path = `/api/wallpapers/${w.id}/image`;
  const before = await call(f.base, path);
  t.equal(before.status, 200);
  t.equal(idOf(before.body), w.id);

  const other = readFileSync(f.byName.get('cool.png')!.path);
  writeFileSync(w.path, other); // new bytes, same name, no rescan
  for (const method of ['GET', 'HEAD'] as const) {
    const reply = await call(f.base, path, { method });
    t.equal(reply.status, 404, `${method}: not the new bytes`);
    t.not(header(reply, 'etag'), `"${w.id}"`, 'no validator of the old id on the new bytes');
    t.notMatch(header(reply, 'cache-control') ?? '', /immutable/, 'nothing cached for a year');
  }
  const ranged = await call(f.base, path, { headers: { range: 'bytes=0-10' } });
  t.equal(ranged.status, 404, 'not even a range of it');

  // Queued for a rescan: the server re-reads it by itself, and the new bytes get their own id.
  await until(() => f.logs.some((line) => /files changed on disk/.test(line)), 20_000); // the rescan says why it ran
  t.equal(f.library.get(w.id), undefined, 'the old id is gone with its bytes');
  t.equal(f.library.get(idOf(other))?.id, idOf(other), 'the file is indexed under the id of its bytes');
});

t.test('a file swapped for a link to /etc/passwd sends nothing of /etc/passwd', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('ultrawide.jpg')!;
  rmSync(w.path);
  symlinkSync('/etc/passwd', w.path);
  for (const suffix of ['image', 'image?via=polka']) {
    const reply = await call(f.base, `/api/wallpapers/${w.id}/${suffix}`);
    t.equal(reply.status, 404, suffix);
    t.notMatch(reply.text, /root:/, 'no line of /etc/passwd');
    t.notMatch(header(reply, 'content-type') ?? '', /image/);
  }
});

t.test('a file touched (same bytes, new mtime) is not sent until the rescan confirms it', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('green.webp')!;
  const later = new Date(Date.now() + 60_000);
  utimesSync(w.path, later, later);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/image`)).status, 404);
  await until(async () => (await call(f.base, `/api/wallpapers/${w.id}/image`)).status === 200, 20_000);
  const again = await call(f.base, `/api/wallpapers/${w.id}/image`);
  t.equal(idOf(again.body), w.id, 'after the rescan the same id is served again, from its own bytes');
});

t.test('another indexed path of the same bytes is served when the canonical one changed', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('custom.jpeg')!;
  copyFileSync(w.path, join(f.folder, 'zz-copy.jpeg')); // sorts after: a duplicate, not canonical
  await f.library.scan();
  t.equal(f.library.get(w.id)?.path, w.path);
  writeFileSync(w.path, Buffer.from('not the indexed bytes'));
  const reply = await call(f.base, `/api/wallpapers/${w.id}/image`);
  t.equal(reply.status, 200, 'served from the copy');
  t.equal(idOf(reply.body), w.id);
  t.equal(header(reply, 'etag'), `"${w.id}"`);
});

t.test('a file swapped for a FIFO answers 404 at once instead of hanging', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('cool.png')!;
  rmSync(w.path);
  execFileSync('mkfifo', [w.path]);
  // An open() blocked on the FIFO would wait for a writer forever: the answer coming at all is the
  // proof, and a writer's non-blocking open then finding no reader shows nothing is left waiting.
  const reply = await call(f.base, `/api/wallpapers/${w.id}/image`, { headersTimeout: 120_000, bodyTimeout: 120_000 });
  t.equal(reply.status, 404);
  t.throws(() => openSync(w.path, constants.O_WRONLY | constants.O_NONBLOCK), { code: 'ENXIO' }, 'no open() is left blocked on the FIFO');
});

t.test('random image skips wallpapers whose files changed or are gone; every byte sent is indexed', async (t) => {
  const f = await startFixture(t);
  const keep = f.byName.get('light-red.png')!;
  for (const w of f.byName.values()) if (w.id !== keep.id) writeFileSync(w.path, Buffer.from(`changed ${w.id}`));
  for (let i = 0; i < 12; i++) {
    const reply = await call(f.base, '/api/wallpapers/random/image');
    t.equal(reply.status, 200);
    t.equal(idOf(reply.body), keep.id, 'only the unchanged file is sent');
  }
  for (const w of f.byName.values()) rmSync(w.path, { force: true });
  const none = await call(f.base, '/api/wallpapers/random/image');
  t.equal(none.status, 404, 'nothing reachable: 404, not a broken file');
  t.match(none.text, /reachable/);
});

t.test('a missing thumbnail is never made from a file that changed behind the index', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('dark-blue.jpg')!;
  const thumbnail = (await f.library.thumbnailFile(w.id))!.path;
  rmSync(thumbnail);
  writeFileSync(w.path, readFileSync(f.byName.get('light-red.png')!.path));
  const reply = await call(f.base, `/api/wallpapers/${w.id}/thumbnail`);
  t.equal(reply.status, 404, 'no thumbnail of other bytes under this id');
});

t.test('the JSON record of an unchanged wallpaper is untouched by all this', async (t) => {
  const f = await startFixture(t);
  const w = f.byName.get('green.webp')!;
  const record = (await call(f.base, `/api/wallpapers/${w.id}`)).json<Wallpaper>();
  t.equal(record.path, w.path);
  t.equal(record.size_bytes, readFileSync(w.path).length);
});
