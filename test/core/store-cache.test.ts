// The store's per-version caches (counts, random id lists) and the settings read cache never outlive
// a change: writes by this connection, commits by another connection (another process: a cron scan),
// and a settings file replaced by another process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { Analysis } from '../../src/core/analysis/analyze.js';
import { oneFolder } from '../../src/core/settings/home.js';
import { openSettings } from '../../src/core/settings/settings.js';
import { openStore, type Store } from '../../src/core/store/index.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir } from '../helpers/fixtures.js';
import { until } from '../helpers/serve.js';

const analysis = (n: number, brightness: Analysis['brightness'] = 'dark'): Analysis => ({
  id: n.toString(16).padStart(16, '0'),
  format: 'jpeg',
  content_type: 'image/jpeg',
  width: 1920,
  height: 1080,
  luminance: 0.2,
  brightness,
  aspect_ratio: '16:9',
  orientation: 'landscape',
  dominant_hue: 'blue',
  palette: [],
  fingerprint: Buffer.alloc(59),
});
const write = (store: Store, n: number, brightness: Analysis['brightness'] = 'dark') =>
  store.writeFiles(
    [{ path: `/pics/${n}.jpg`, state: { size: n, mtimeMs: 1 }, analysis: analysis(n, brightness) }],
    new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  );

eachBackend('a commit by another connection changes the version and every cached answer', async (t, backend) => {
  const file = await backend.fresh(t);
  const server = openStore(file);
  const cron = openStore(file);
  t.teardown(() => {
    server.close();
    cron.close();
  });
  write(server, 1);
  const before = server.version();
  t.equal(server.version(), before, 'stable while nothing changes');
  // Ask twice so the random id list is built and cached, and the count is cached.
  t.equal(server.random({ brightness: 'dark' })?.id, analysis(1).id);
  t.equal(server.random({ brightness: 'dark' })?.id, analysis(1).id);
  t.equal(server.count({ brightness: 'dark' }), 1);

  write(cron, 2);
  // SQLite's data_version moves at once; PostgreSQL's change notice arrives a moment after the commit.
  await until(() => server.version() !== before, 1000);
  t.not(server.version(), before, 'another connection committed');
  t.equal(server.count({ brightness: 'dark' }), 2, 'count sees the other process');
  t.equal(server.page({ brightness: 'dark' }, { page: 1, limit: 10 }).total, 2);
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) seen.add(server.random({ brightness: 'dark' })!.id);
  t.same([...seen].sort(), [analysis(1).id, analysis(2).id], 'random picks from the new set');

  const beforeRemoval = server.version();
  cron.removeFiles(['/pics/1.jpg', '/pics/2.jpg']);
  await until(() => server.version() !== beforeRemoval, 1000);
  t.equal(server.count({ brightness: 'dark' }), 0);
  t.equal(server.random({ brightness: 'dark' }), undefined, 'no stale id survives a removal');
});

eachBackend("this connection's own writes change the version too", async (t, backend) => {
  const store = openStore(await backend.fresh(t));
  t.teardown(() => store.close());
  write(store, 1, 'light');
  store.random({});
  store.random({});
  const before = store.version();
  write(store, 2, 'light');
  t.not(store.version(), before);
  t.equal(store.count({}), 2);
  store.removeFiles(['/pics/1.jpg']);
  for (let i = 0; i < 50; i++) t.equal(store.random({})?.id, analysis(2).id);
});

eachBackend('random avoids excluded ids from the cached list and returns undefined when all are excluded', async (t, backend) => {
  const store = openStore(await backend.fresh(t));
  t.teardown(() => store.close());
  for (let n = 1; n <= 3; n++) write(store, n);
  store.random({});
  for (let i = 0; i < 50; i++) t.equal(store.random({}, [analysis(1).id, analysis(2).id])?.id, analysis(3).id);
  t.equal(
    store.random(
      {},
      [1, 2, 3].map((n) => analysis(n).id),
    ),
    undefined,
  );
});

t.test('settings are re-read when another process replaces the file', async (t) => {
  const home = tempDir(t);
  const settings = openSettings(oneFolder(home));
  t.equal(settings.read().thumbnail_size, 480, 'defaults without a file');
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ thumbnail_size: 320 }));
  t.equal(settings.read().thumbnail_size, 320, 'a new file is seen');
  const copy = settings.read();
  copy.folders.push('/elsewhere');
  t.same(settings.read().folders, [], 'callers cannot change the cached record');
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ thumbnail_size: 640 }));
  t.equal(settings.read().thumbnail_size, 640, 'an in-place rewrite is seen');
  writeFileSync(join(home, 'settings.json'), '{"thumbnail_size": 1}');
  t.throws(() => settings.read(), /invalid thumbnail_size/, 'validation still runs on a changed file');
});

eachBackend('a client walk is in the index after every call, so connections alternating walk one walk', async (t, backend) => {
  const file = await backend.fresh(t);
  const server = openStore(file);
  for (let n = 1; n <= 6; n++) write(server, n);
  const rows = () => server.prepare('SELECT cycle, last_id FROM random_clients').all() as { cycle: number; last_id: string }[];
  const served = [server.nextFor('tv', {})!.id];
  t.same(rows(), [{ cycle: 0, last_id: served[0] }], 'written by the call itself');
  served.push(server.nextFor('tv', {})!.id);
  t.same(rows(), [{ cycle: 0, last_id: served[1] }], 'and moved by the next');

  // Another process on the same index goes on with the walk, and this one goes on after it at once.
  const other = openStore(file);
  served.push(other.nextFor('tv', {})!.id);
  served.push(server.nextFor('tv', {})!.id);
  served.push(other.nextFor('tv', {})!.id);
  other.close();
  server.close();
  const reopened = openStore(file);
  t.teardown(() => reopened.close());
  served.push(reopened.nextFor('tv', {})!.id);
  t.equal(new Set(served).size, 6, 'six picks over three connections, none twice');
});
