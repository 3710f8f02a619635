// Sources in the core that fail: each way a source or a download fails, as a table, with
// the reason reported and nothing the source had lost; redirects within the limit; and sources in
// the settings (validation, names, masked keys, removal).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import * as services from '../helpers/fake-services/services.js';
import { bySource, setUp } from '../helpers/fake-services/setup.js';
import { photo } from '../helpers/photos.js';

/** Each way a source or a download fails: the reason reported, nothing the source had lost. */
const FAILURES: { title: string; list?: string; image?: string; reason: RegExp; requests?: number }[] = [
  { title: 'a timeout', list: '/slow', reason: /timed out/ },
  { title: 'a 5xx', list: '/500', reason: /HTTP 500/ },
  { title: 'bad JSON', list: '/bad-json', reason: /bad JSON/ },
  { title: 'a 429 (Retry-After honoured: one request)', list: '/429', reason: /rate limited .*HTTP 429.*retry after 120 s/, requests: 1 },
  { title: 'a redirect loop', list: '/loop', reason: /more than 5 redirects/, requests: 6 },
  { title: 'six redirects', image: '/redirect/6/ok', reason: /more than 5 redirects/ },
  { title: 'a redirect to file:', image: '/to-file', reason: /refused file: URL/ },
  { title: 'an HTML page instead of an image', image: '/html', reason: /not a usable picture/ },
  { title: 'a truncated body', image: '/truncated', reason: /truncated/ },
  { title: 'a decompression bomb', image: '/bomb.png', reason: /over the limit of 100000000 pixels/ },
];

for (const failure of FAILURES) {
  t.test(`a source that fails by ${failure.title} is reported and keeps what it had; the others are fetched`, async (t) => {
    const { library, fake } = await setUp(t);
    fake.images.set('ok', await photo(40));
    fake.images.set('other', await photo(41));
    services.jsonApi(fake, { id: 'ok' });
    fake.routes.set('/other.json', (_req, res) => res.end(JSON.stringify({ url: `${fake.base}/img/other` })));
    library.addSource({ kind: 'json', name: 'flaky', url: `${fake.base}/api.json`, image_path: 'data.images.0.src' });
    const [first] = await library.fetchSources(['flaky']);
    t.equal(first!.added, 1);
    const had = bySource(library, 'flaky').map((w) => w.id);

    library.addSource({ kind: 'json', name: 'steady', url: `${fake.base}/other.json`, image_path: 'url' });
    if (failure.list) {
      const flaky = library.settings().sources.find((s) => s.name === 'flaky')!;
      library.updateSettings({ sources: [{ ...flaky, url: `${fake.base}${failure.list}` }, library.settings().sources[1]] });
    } else services.jsonApi(fake, { id: 'broken', image: failure.image });
    fake.requests.length = 0;
    const summaries = await library.fetchSources([], { timeoutMs: 500 });
    const flaky = summaries.find((s) => s.name === 'flaky')!;
    t.match(flaky.error, failure.reason, flaky.error ?? 'no error');
    t.equal(flaky.added, 0);
    if (failure.image) t.equal(flaky.failed, 1, 'the download counted as failed');
    t.same(
      summaries.find((s) => s.name === 'steady'),
      { name: 'steady', added: 1, skipped: 0, removed: 0, failed: 0, error: null },
      'the other source fetched',
    );
    t.same(
      bySource(library, 'flaky').map((w) => w.id),
      had,
      'nothing lost',
    );
    t.same(
      readdirSync(join(library.dirs.data, 'sources', 'flaky')).filter((name) => name.startsWith('.')),
      [],
      'no temp file left',
    );
    if (failure.requests !== undefined) {
      t.equal(fake.requests.filter((r) => r.url === failure.list).length, failure.requests, 'requests made');
    }
    const entry = library.listSources().find((s) => s.name === 'flaky')!;
    t.match(entry.last_error, failure.reason, 'GET /api/sources shows last_error');
    t.equal(entry.count, 1);
    if (failure.list === '/429') {
      fake.requests.length = 0;
      const [later] = await library.fetchSources(['flaky']);
      t.match(later!.error, /waiting until/);
      t.equal(fake.requests.length, 0, 'no request before the Retry-After time');
    }
  });
}

t.test('five redirects are followed', async (t) => {
  const { library, fake } = await setUp(t);
  fake.images.set('ok', await photo(42));
  services.jsonApi(fake, { id: 'ok', image: '/redirect/5/ok' });
  library.addSource({ kind: 'json', url: `${fake.base}/api.json`, image_path: 'data.images.0.src' });
  const [summary] = await library.fetchSources();
  t.same(summary, { name: 'json', added: 1, skipped: 0, removed: 0, failed: 0, error: null });
});

t.test('sources in the settings: validated, named KIND then KIND-2, keys masked when shown, removed with or without files', async (t) => {
  const { library, fake } = await setUp(t);
  t.throws(() => library.addSource({ kind: 'flickr' }), /invalid kind: expected one of wallhaven, unsplash/);
  t.throws(() => library.addSource({ kind: 'rss' }), /invalid url/);
  t.throws(() => library.addSource({ kind: 'json', url: 'https://example.org' }), /invalid image_path/);
  t.throws(() => library.addSource({ kind: 'bing', url: 'file:///etc' }), /invalid url: expected an http/);
  t.throws(() => library.addSource({ kind: 'bing', keep: 0 }), /invalid keep/);
  t.same(library.addSource({ kind: 'apod', key: 'secret' }).key, '***');
  t.equal(library.addSource({ kind: 'apod' }).name, 'apod-2');
  const { shownSettings } = await import('../../src/core/index.js');
  t.same(
    shownSettings(library.settings()).sources.map((s) => s.key),
    ['***', null],
  );
  t.equal(library.settings().sources[0]!.key, 'secret', 'the key itself is kept');
  library.updateSettings({ sources: shownSettings(library.settings()).sources });
  t.equal(library.settings().sources[0]!.key, 'secret', 'writing the masked settings back keeps the key');

  fake.images.set('ok', await photo(43));
  services.jsonApi(fake, { id: 'ok' });
  library.addSource({ kind: 'json', url: `${fake.base}/api.json`, image_path: 'data.images.0.src' });
  await library.fetchSources(['json']);
  const [fetched] = bySource(library, 'json');
  t.ok(await library.removeSource('json', { deleteFiles: true }));
  t.notOk(existsSync(fetched!.path), 'its files went to the trash');
  t.notOk(await library.removeSource('json'), 'unknown now');
  await t.rejects(library.fetchSources(['nope']), /no source named "nope"/);
});
