// The mutations other than upload, against a real server: DELETE to the trash, POST /api/refresh
// (with concurrent calls sharing one scan), GET/PUT /api/settings with validation and the rescan of
// changed folders, and a scan by a second process showing up without a restart.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import type { ListResponse, ScanSummary, Settings } from '../../src/core/types.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { call, eventually, header, startFixture } from './helpers.js';

const f = await startFixture(t);
const total = async () => (await call(f.base, '/api/wallpapers')).json<ListResponse>().pagination.total;

t.test('DELETE /api/wallpapers/{id}: 204, file in the trash, record gone', async (t) => {
  const w = f.byName.get('cool.png')!;
  const bytes = readFileSync(w.path);
  const before = await total();
  const reply = await call(f.base, `/api/wallpapers/${w.id}`, { method: 'DELETE' });
  t.equal(reply.status, 204);
  t.equal(reply.body.length, 0, 'empty body');
  t.notOk(existsSync(w.path), 'gone from the folder');
  const trash = join(f.home, 'trash');
  const trashed = readdirSync(trash).filter((name) => name.endsWith('cool.png'));
  t.equal(trashed.length, 1, 'moved into <home>/trash');
  t.ok(readFileSync(join(trash, trashed[0]!)).equals(bytes), 'never destroyed');
  t.equal((await call(f.base, `/api/wallpapers/${w.id}`)).status, 404, 'record gone');
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/image`)).status, 404);
  t.equal((await call(f.base, `/api/wallpapers/${w.id}/thumbnail`)).status, 404);
  t.equal(await total(), before - 1);
  const again = await call(f.base, `/api/wallpapers/${w.id}`, { method: 'DELETE' });
  t.equal(again.status, 404, 'unknown id');
  t.equal(header(again, 'content-type'), 'text/plain; charset=utf-8');
  t.equal((await call(f.base, '/api/wallpapers/..%2F..%2Fsettings.json', { method: 'DELETE' })).status, 404, 'malformed id');
  t.equal((await call(f.base, '/api/wallpapers/random', { method: 'DELETE' })).status, 405, 'random is not an id');
});

t.test('POST /api/refresh: 200 and the summary; calls during a scan share one scan after it', async (t) => {
  const idle = await call(f.base, '/api/refresh', { method: 'POST' });
  t.equal(idle.status, 200);
  t.equal(header(idle, 'content-type'), 'application/json; charset=utf-8');
  const summary = idle.json<ScanSummary>();
  t.match(summary, { added: 0, removed: 0, total: await total() });
  for (const key of ['added', 'updated', 'removed', 'unchanged', 'duplicates', 'failed', 'total', 'duration_ms']) t.ok(key in summary, key);

  for (let i = 0; i < 4; i++)
    await writeImage(join(f.folder, 'new', `n${i}.png`), { width: 900 + i, height: 600, color: `#40${i}0${i}0`, format: 'png' });
  const replies = await Promise.all(Array.from({ length: 5 }, () => call(f.base, '/api/refresh', { method: 'POST' })));
  const summaries = replies.map((reply) => reply.json<ScanSummary>());
  for (const reply of replies) t.equal(reply.status, 200);
  // The first starts a scan; those arriving while it runs are answered by one scan after it.
  const scans = [...new Set(summaries.map((summary) => JSON.stringify(summary)))].map((text) => JSON.parse(text) as ScanSummary);
  t.ok(scans.length <= 2, `at most two scans for five concurrent refreshes (${scans.length})`);
  t.equal(
    scans.reduce((sum, scan) => sum + scan.added, 0),
    4,
    'the four new files read once',
  );
  t.equal(Math.max(...summaries.map((summary) => summary.added)), 4);
  t.equal(await total(), summaries[0]!.total);
});

t.test('GET/PUT /api/settings', async (t) => {
  const got = await call(f.base, '/api/settings');
  t.equal(got.status, 200);
  const settings = got.json<Settings>();
  t.same(Object.keys(settings).sort(), [
    'colors',
    'folders',
    'location',
    'max_upload_bytes',
    'min_size',
    'notify',
    'on_change',
    'set_command',
    'sources',
    'thumbnail_size',
    'upload_folder',
    'variant_cache_bytes',
  ]);
  t.same(settings.folders, [f.folder]);
  t.same(settings.sources, [], 'no sources until one is added (docs/design.md#sources)');
  t.equal(settings.location, null, 'no location until one is set (docs/design.md#the-time-of-day)');

  const put = (body: string, type = 'application/json') =>
    call(f.base, '/api/settings', { method: 'PUT', headers: { 'content-type': type }, body });
  const changed = await put(JSON.stringify({ thumbnail_size: 256, set_command: null }));
  t.equal(changed.status, 200);
  t.same(changed.json(), { ...settings, thumbnail_size: 256 }, 'the whole new record');
  t.same((await call(f.base, '/api/settings')).json(), changed.json(), 'kept');
  t.equal((await put('{}')).status, 200, 'an empty patch is fine');
  t.equal((await put(JSON.stringify({ thumbnail_size: 480 }), 'application/json; charset=utf-8')).status, 200);
  const located = await put(JSON.stringify({ location: '-33.92, 18.42' }));
  t.equal(located.json<Settings>().location, '-33.92,18.42', 'a location is kept as written, without spaces');
  t.equal((await put(JSON.stringify({ location: null }))).json<Settings>().location, null, 'null unsets it');

  const invalid: [string, string][] = [
    [JSON.stringify({ colour: 'blue' }), 'colour'],
    [JSON.stringify({ thumbnail_size: 'big' }), 'thumbnail_size'],
    [JSON.stringify({ thumbnail_size: 10 }), 'thumbnail_size'],
    [JSON.stringify({ max_upload_bytes: -1 }), 'max_upload_bytes'],
    [JSON.stringify({ folders: ['/does/not/exist/anywhere'] }), 'folders'],
    [JSON.stringify({ folders: 'not-an-array' }), 'folders'],
    [JSON.stringify({ folders: ['relative/path'] }), 'folders'],
    [JSON.stringify({ upload_folder: 42 }), 'upload_folder'],
    [JSON.stringify({ set_command: 5 }), 'set_command'],
    [JSON.stringify({ location: '95,10' }), 'location'],
    [JSON.stringify({ location: [52.52, 13.4] }), 'location'],
    [JSON.stringify({ location: 'Berlin' }), 'location'],
    ['[1, 2]', 'settings'],
    ['"text"', 'settings'],
  ];
  for (const [body, key] of invalid) {
    const reply = await put(body);
    t.equal(reply.status, 400, body);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
    t.match(reply.text, key, `${body}: names ${key}`);
  }
  for (const [body, type] of [
    ['thumbnail_size=100', 'application/x-www-form-urlencoded'],
    ['{"thumbnail_size": 100}', 'text/plain'],
    ['{"a":', 'application/json'],
    ['', 'application/json'],
  ]) {
    const reply = await put(body!, type);
    t.equal(reply.status, 415, `not JSON (${type}): ${body}`);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  }
  const noType = await call(f.base, '/api/settings', { method: 'PUT', body: '{}' });
  t.equal(noType.status, 415, 'no content type');
  const huge = await put(JSON.stringify({ set_command: 'x'.repeat(100_000) }));
  t.equal(huge.status, 413, 'body over 64 KiB');
  t.same((await call(f.base, '/api/settings')).json<Settings>().thumbnail_size, 480, 'nothing changed by refused requests');
});

t.test('set_command changes over HTTP only on a server with a token', async (t) => {
  const body = JSON.stringify({ set_command: 'touch /tmp/planted {path}' });
  const refused = await call(f.base, '/api/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
  t.equal(refused.status, 403);
  t.match(refused.text, /^set_command can be changed over HTTP only on a server started with a token/);
  t.equal(f.library.settings().set_command, null, 'nothing planted');

  const guarded = await startFixture(t, { token: 'sesame' });
  const allowed = await call(guarded.base, '/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sesame' },
    body,
  });
  t.equal(allowed.status, 200);
  t.equal(allowed.json<Settings>().set_command, 'touch /tmp/planted {path}');
});

t.test("a broken settings file on the server is a logged 500, not the client's fault", async (t) => {
  const own = await startFixture(t);
  writeFileSync(join(own.home, 'settings.json'), '{ broken');
  const reply = await call(own.base, '/api/settings');
  t.equal(reply.status, 500);
  t.match(reply.text, /^internal error/);
  t.notMatch(reply.text, own.home, 'no server path in the body');
  t.ok(
    own.logs.some((line) => line.includes('settings.json cannot be read')),
    'the operator is told which file',
  );
});

t.test('changed folders start a rescan in the background', async (t) => {
  const extra = tempDir(t, 'wallpaper-http-extra-');
  await writeImage(join(extra, 'extra.webp'), { width: 1280, height: 720, color: '#a0a0f0', format: 'webp' });
  const before = await total();
  const current = f.library.settings().folders;
  const reply = await call(f.base, '/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ folders: [...current, extra] }),
  });
  t.equal(reply.status, 200);
  t.same(reply.json<Settings>().folders, [...current, extra]);
  t.ok(await eventually(async () => (await total()) === before + 1), 'the new folder is indexed without a refresh');
  t.ok(await eventually(() => f.logs.some((line) => /scan \(settings changed\)/.test(line))), 'its outcome is logged');
});

t.test("a file deleted behind the server's back: 404, not a server fault", async (t) => {
  const w = f.byName.get('light-red.png')!;
  rmSync(w.path);
  rmSync((await f.library.thumbnailFile(w.id).catch(() => undefined))?.path ?? '/nonexistent', { force: true });
  for (const suffix of ['/image', '/thumbnail']) {
    const reply = await call(f.base, `/api/wallpapers/${w.id}${suffix}`);
    t.equal(reply.status, 404, suffix);
    t.match(reply.text, /gone from disk/);
    t.notMatch(reply.text, /\//, 'no path');
  }
  t.notOk(
    f.logs.some((line) => /unexpected/.test(line)),
    'nothing logged as unexpected',
  );
});

t.test('a scan by another process shows up in the running server', async (t) => {
  const before = await total();
  mkdirSync(join(f.folder, 'cron'), { recursive: true });
  await writeImage(join(f.folder, 'cron', 'from-cron.jpg'), { width: 2560, height: 1440, color: '#203020', format: 'jpeg' });
  // A second library on the same home stands for `wallpaper scan` run by cron.
  const other = openLibrary({ home: f.home });
  const summary = await other.scan();
  other.close();
  t.equal(summary.added, 1);
  t.equal(await total(), before + summary.added - summary.removed, 'no restart needed');
  const list = (await call(f.base, '/api/wallpapers?min_width=2560&max_width=2560')).json<ListResponse>();
  t.same(
    list.wallpapers.map((w) => w.filename),
    ['from-cron.jpg'],
  );
  const image = await call(f.base, list.wallpapers[0]!.url);
  t.equal(image.status, 200);
  t.equal(header(image, 'content-type'), 'image/jpeg');
});
