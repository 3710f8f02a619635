// `wallpaper source add|list|remove` and `wallpaper fetch` as bin/ runs them, against local fake
// services: the --json shapes, exit 1 naming a failed source (the others fetched), --if-due, usage
// errors (exit 2), a key never printed, and the schedule's fetch line.
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { startFake } from '../helpers/fake-services/server.js';
import * as services from '../helpers/fake-services/services.js';
import { photo } from '../helpers/photos.js';

t.test('add, list (key masked), fetch --json (one failing: exit 1, the other fetched), --if-due, remove', async (t) => {
  const home = tempDir(t);
  const cli = (...args: string[]) => runCli(['--home', home, ...args]);
  const fake = await startFake();
  t.teardown(() => fake.close());
  fake.images.set('p1', await photo(50));
  fake.images.set('p2', await photo(51));
  services.wallhaven(fake, [{ id: 'p1' }, { id: 'p2' }]);

  const added = await cli('source', 'add', 'wallhaven', '--url', fake.base, '--key', 'sekret-key', '--keep', '5');
  t.equal(added.code, 0, added.stderr);
  t.match(added.stdout, /Added source wallhaven \(wallhaven\)/);
  t.equal((await cli('source', 'add', 'rss', '--name', 'down', '--url', `${fake.base}/500`)).code, 0);
  for (const [args, message] of [
    [['source', 'add', 'flickr'], /invalid kind: expected one of wallhaven/],
    [['source', 'add', 'rss'], /invalid url/],
    [['source', 'add', 'bing', '--keep', 'lots'], /--keep/],
    [['source', 'add', 'wallhaven', '--name', 'wallhaven'], /exists already/],
  ] as const) {
    const result = await cli(...args);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, message);
  }

  const list = await cli('source', 'list');
  t.notMatch(list.stdout, /sekret/);
  t.match(list.stdout, /key \*\*\*/);
  const config = await cli('config', 'get', 'sources');
  t.notMatch(config.stdout, /sekret/, 'config never prints the key');
  t.match(config.stdout, /"key": "\*\*\*"/);

  const fetched = await cli('fetch', '--json');
  t.equal(fetched.code, 1, 'a source failed');
  t.match(fetched.stderr, /^wallpaper: source failed: down\n$/);
  const { sources } = JSON.parse(fetched.stdout) as { sources: Record<string, unknown>[] };
  t.same(sources, [
    { name: 'wallhaven', added: 2, skipped: 0, removed: 0, failed: 0, error: null },
    { name: 'down', added: 0, skipped: 0, removed: 0, failed: 0, error: sources[1]!.error },
  ]);
  t.match(sources[1]!.error, /HTTP 500/);
  t.ok(
    fake.requests.some((r) => r.url.includes('apikey=sekret-key')),
    'the key was used',
  );

  const listed = JSON.parse((await cli('source', 'list', '--json')).stdout) as { sources: Record<string, unknown>[] };
  t.same(Object.keys(listed.sources[0]!), ['name', 'kind', 'query', 'keep', 'key', 'count', 'last_fetch', 'last_error']);
  t.same(
    listed.sources.map((s) => s.key),
    ['***', null],
    'a set key shown as "***" (docs/design.md#sources), none as null',
  );
  t.notMatch(JSON.stringify(listed), /sekret/);
  t.equal(listed.sources[0]!.count, 2);
  t.match(listed.sources[1]!.last_error, /HTTP 500/);
  const tagged = JSON.parse((await cli('list', '--tag', 'source:wallhaven', '--json')).stdout) as { wallpapers: { source: unknown }[] };
  t.equal(tagged.wallpapers.length, 2, 'tagged source:wallhaven');
  t.match(tagged.wallpapers[0]!.source, { name: 'wallhaven', kind: 'wallhaven' });

  const good = await cli('fetch', 'wallhaven');
  t.equal(good.code, 0, good.stderr);
  t.equal(good.stdout, 'wallhaven: 0 added, 0 skipped, 0 removed, 0 failed\n');
  const requests = fake.requests.length;
  t.equal((await cli('fetch', 'wallhaven', '--if-due', '1d')).code, 0);
  const skipped = await cli('fetch', 'wallhaven', '--if-due', '1d');
  t.equal(skipped.code, 0);
  t.equal(skipped.stdout, '', 'not due: nothing done');
  t.equal(fake.requests.length, requests + 1, 'one fetch in the day');
  t.equal((await cli('fetch', '--if-due', 'soon')).code, 2);
  const unknown = await cli('fetch', 'nope');
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /no source named "nope"/);

  const removed = await cli('source', 'remove', 'down');
  t.equal(removed.code, 0);
  t.equal((await cli('source', 'remove', 'down')).code, 1);
  const schedule = await cli('schedule', '--every', '1h', '--dry-run');
  t.match(schedule.stdout, /^ExecStart=-\S+ \S+ --home \S+ fetch --if-due 1d$/m, 'the timer fetches once a day first');
});
