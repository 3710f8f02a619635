// The sources endpoints against a real `wallpaper serve` (spawned bin): GET /api/sources, POST
// /api/sources/{name}/fetch (200 and the summary, 404 for an unknown name, the token rule), keys
// masked in GET /api/settings and kept when "***" is written back; and the `wallpaper` kind: a
// library fetching from another serve walks it as its own client, never taking one twice, and keeps
// each one's title with a link to it.
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { startFake } from '../helpers/fake-services/server.js';
import * as services from '../helpers/fake-services/services.js';
import { eventually, startServe } from '../helpers/serve.js';
import { photo } from '../helpers/photos.js';
import { call } from './helpers.js';
import { writeFileSync } from 'node:fs';

const post = { method: 'POST' as const };

t.test('GET /api/sources and POST /api/sources/{name}/fetch on a real serve; the key never shown', async (t) => {
  const home = tempDir(t);
  const fake = await startFake();
  t.teardown(() => fake.close());
  fake.images.set('h1', await photo(70));
  fake.images.set('h2', await photo(71));
  services.wallhaven(fake, [{ id: 'h1' }, { id: 'h2' }]);
  t.equal((await runCli(['--home', home, 'source', 'add', 'wallhaven', '--url', fake.base, '--key', 'hidden-key'])).code, 0);
  const serve = await startServe(t, { home, flags: ['--token', 'tok'] });
  const auth = { ...post, headers: { authorization: 'Bearer tok' } };

  const before = await call(serve.base, '/api/sources');
  t.equal(before.status, 200);
  t.same(before.json(), {
    sources: [{ name: 'wallhaven', kind: 'wallhaven', query: null, keep: 50, key: '***', count: 0, last_fetch: null, last_error: null }],
  });
  t.equal((await call(serve.base, '/api/sources/wallhaven/fetch', post)).status, 401, 'a mutation: the token rule');
  t.equal((await call(serve.base, '/api/sources/nope/fetch', auth)).status, 404);
  const fetched = await call(serve.base, '/api/sources/wallhaven/fetch', auth);
  t.equal(fetched.status, 200, fetched.text);
  t.same(fetched.json(), { name: 'wallhaven', added: 2, skipped: 0, removed: 0, failed: 0, error: null });
  const after = (await call(serve.base, '/api/sources')).json<{ sources: { count: number; last_fetch: string }[] }>();
  t.equal(after.sources[0]!.count, 2);
  t.match(after.sources[0]!.last_fetch, /^\d{4}-\d\d-\d\dT/);
  const listed = (await call(serve.base, '/api/wallpapers?tag=source:wallhaven')).json<{ wallpapers: { source: unknown }[] }>();
  t.equal(listed.wallpapers.length, 2, 'indexed before the answer');
  t.match(listed.wallpapers[0]!.source, { name: 'wallhaven', kind: 'wallhaven', page_url: /^https:\/\/wallhaven\.cc\/w\/h[12]$/ });

  const feed = (await call(serve.base, '/api/feed.rss?tag=source:wallhaven')).text;
  t.match(feed, /<source url="https:\/\/wallhaven\.cc\/w\/h1">wallhaven \(wallhaven\)<\/source>/, 'the feed says where it came from');

  const settings = await call(serve.base, '/api/settings');
  t.notMatch(settings.text, /hidden-key/);
  const shown = settings.json<{ sources: { key: string }[] }>();
  t.equal(shown.sources[0]!.key, '***');
  const put = await call(serve.base, '/api/settings', {
    method: 'PUT',
    headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
    body: JSON.stringify({ sources: shown.sources }),
  });
  t.equal(put.status, 200, put.text);
  t.notMatch(put.text, /hidden-key/);
  fake.requests.length = 0;
  await call(serve.base, '/api/sources/wallhaven/fetch', auth);
  t.ok(fake.requests[0]?.url.includes('apikey=hidden-key'), 'writing "***" back kept the key');
});

t.test('the wallpaper kind: another serve walked as this library own client, none taken twice', async (t) => {
  const otherHome = tempDir(t);
  const folder = tempDir(t);
  for (const seed of [80, 81, 82]) writeFileSync(join(folder, `p${seed}.png`), await photo(seed));
  const other = await startServe(t, { home: otherHome, folders: [folder] });
  const indexed = async () => (await call(other.base, '/api/status')).json<{ total: number; scanning: boolean }>();
  t.ok(
    await eventually(async () => (await indexed()).total === 3 && !(await indexed()).scanning, 30_000),
    'the other serve indexed its folder',
  );
  const homes = [tempDir(t), tempDir(t)];
  for (const home of homes) {
    const library = openLibrary({ home });
    t.teardown(() => library.close());
    library.addSource({ kind: 'wallpaper', url: other.base, name: 'other' });
    const [first] = await library.fetchSources();
    t.same(first, { name: 'other', added: 3, skipped: 0, removed: 0, failed: 0, error: null }, 'every one of the other library');
    const [second] = await library.fetchSources();
    t.equal(second!.added, 0, 'a second fetch takes none twice');
    const fetched = library.list({ tag: ['source:other'] }, { page: 1, limit: 10 }).wallpapers;
    t.equal(fetched.length, 3);
    t.same(fetched.map((w) => w.title).sort(), ['p80', 'p81', 'p82'], "the other library's titles, not the ids the files are named by");
    t.same(
      fetched.map((w) => w.source?.page_url),
      fetched.map((w) => `${other.base}/#view=${w.id}`),
      "the page: the other gallery's viewer of it",
    );
  }
});
