// Sources in the core: each kind against a local server answering as its service
// documents (test/helpers/fake-services), what is kept and credited, what is remembered, and what a
// failing source keeps. The failure cases and their reasons are a table.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { USER_AGENT } from '../../src/core/sources/http.js';
import { tempDir } from '../helpers/fixtures.js';
import * as services from '../helpers/fake-services/services.js';
import { bySource, paths, pictures, setUp } from '../helpers/fake-services/setup.js';
import { EDITS, photo } from '../helpers/photos.js';

t.test('wallhaven: sfw only, a random seeded page, credited, remembered; --nsfw takes the others', async (t) => {
  const { library, fake } = await setUp(t);
  const items = await pictures(fake, 'w', [1, 2, 3]);
  items[1]!.purity = 'sketchy';
  services.wallhaven(fake, items);
  library.addSource({ kind: 'wallhaven', url: fake.base, query: 'mountains' });
  const [summary] = await library.fetchSources([], { monitor: { width: 2560, height: 1440 } });
  t.same(summary, { name: 'wallhaven', added: 2, skipped: 0, removed: 0, failed: 0, error: null });
  const search = new URL(fake.requests[0]!.url, fake.base);
  t.equal(search.pathname, '/search');
  t.equal(search.searchParams.get('q'), 'mountains');
  t.equal(search.searchParams.get('sorting'), 'random');
  t.match(search.searchParams.get('seed'), /^[A-Za-z0-9]{6}$/);
  t.equal(search.searchParams.get('purity'), '100');
  t.equal(search.searchParams.get('atleast'), '2560x1440');
  t.equal(search.searchParams.has('apikey'), false, 'no apikey without --key');
  t.equal(fake.requests[0]!.headers['user-agent'], USER_AGENT);
  t.match(USER_AGENT, /^wallpaper\/\d+\.\d+\.\d+ \(\+https?:\/\/.+\)$/);
  const fetched = bySource(library, 'wallhaven');
  t.equal(fetched.length, 2);
  t.same(fetched.map((w) => w.source?.page_url).sort(), ['https://wallhaven.cc/w/w1', 'https://wallhaven.cc/w/w3']);
  t.same(fetched.map((w) => w.title).sort(), ['w1 (general)', 'w3 (general)'], 'titled by id and category (docs/design.md#titles)');
  t.same(fetched[0]!.source, {
    name: 'wallhaven',
    kind: 'wallhaven',
    page_url: fetched[0]!.source!.page_url,
    author: null,
    author_url: null,
    license: null,
  });
  t.ok(
    fetched.every((w) => w.path.startsWith(join(library.dirs.data, 'sources', 'wallhaven') + '/')),
    'in <data>/sources/<name>/',
  );
  t.equal(library.get(fetched[0]!.id)?.source?.kind, 'wallhaven', 'get() carries it too');

  fake.requests.length = 0;
  const [again] = await library.fetchSources(['wallhaven']);
  t.same(again, { name: 'wallhaven', added: 0, skipped: 0, removed: 0, failed: 0, error: null }, 'a second fetch adds only new ones');
  t.same(paths(fake), ['/search'], 'nothing downloaded twice');

  library.removeSource('wallhaven');
  library.addSource({ kind: 'wallhaven', name: 'wild', url: fake.base, nsfw: true, key: 'k123' });
  fake.requests.length = 0;
  const [wild] = await library.fetchSources(['wild']);
  const query = new URL(fake.requests[0]!.url, fake.base).searchParams;
  t.equal(query.get('purity'), '111');
  t.equal(query.get('apikey'), 'k123');
  t.equal(wild!.added, 1, 'the sketchy one; the others are the same bytes as before');
  t.equal(wild!.skipped, 2);
});

t.test('unsplash: Client-ID, each kept photo tracked at download_location, credited to the photographer', async (t) => {
  const { library, fake } = await setUp(t);
  services.unsplash(fake, await pictures(fake, 'u', [4, 5]));
  library.addSource({ kind: 'unsplash', url: fake.base, key: 'test-key', query: 'sea' });
  const [summary] = await library.fetchSources();
  t.equal(summary!.error, null);
  t.equal(summary!.added, 2);
  const random = fake.requests.find((r) => r.url.startsWith('/photos/random'))!;
  t.equal(random.headers.authorization, 'Client-ID test-key');
  t.equal(new URL(random.url, fake.base).searchParams.get('count'), '10');
  t.equal(new URL(random.url, fake.base).searchParams.get('query'), 'sea');
  const tracked = fake.requests.filter((r) => /^\/photos\/u\d\/download\?ixid=track$/.test(r.url));
  t.equal(tracked.length, 2, 'download_location requested for each');
  t.ok(tracked.every((r) => r.headers.authorization === 'Client-ID test-key'));
  const [one] = bySource(library, 'unsplash');
  t.same(
    { author: one!.source!.author, author_url: one!.source!.author_url, license: one!.source!.license },
    { author: 'Ada Lovelace', author_url: 'https://unsplash.com/@ada', license: 'Unsplash License' },
  );
  t.match(one!.source!.page_url, /^https:\/\/unsplash\.com\/photos\/u\d$/);
  t.same(
    bySource(library, 'unsplash')
      .map((w) => w.title)
      .sort(),
    ['Photo u4', 'alt text of u5'],
    'the description, else the alt text',
  );

  library.addSource({ kind: 'unsplash', name: 'nokey', url: fake.base });
  const [nokey] = await library.fetchSources(['nokey']);
  t.match(nokey!.error, /--key/, 'no key: says how to get one');
});

t.test('reddit: image posts only, over_18 skipped unless --nsfw, the permalink and author kept', async (t) => {
  const { library, fake } = await setUp(t);
  const items = await pictures(fake, 'r', [6, 7, 8, 9, 10]);
  for (const item of items) fake.images.set(`${item.id}.png`, fake.images.get(item.id)!);
  items[1]!.type = 'self';
  items[2]!.type = 'video';
  items[3]!.type = 'gallery';
  items[4]!.purity = 'nsfw';
  services.reddit(fake, 'earthporn', items);
  library.addSource({ kind: 'reddit', url: fake.base, query: 'earthporn' });
  const [summary] = await library.fetchSources();
  t.same(summary, { name: 'reddit', added: 1, skipped: 0, removed: 0, failed: 0, error: null });
  const [one] = bySource(library, 'reddit');
  t.same(one!.source, {
    name: 'reddit',
    kind: 'reddit',
    page_url: `${fake.base}/r/earthporn/comments/r6/post/`,
    author: 'user_r6',
    author_url: `${fake.base}/user/user_r6`,
    license: null,
  });
  t.equal(one!.title, 'Post r6', "the post's title");
  library.addSource({ kind: 'reddit', name: 'all', url: fake.base, query: 'earthporn', nsfw: true });
  const [all] = await library.fetchSources(['all']);
  t.equal(all!.added, 1, 'over_18 with --nsfw (the first is the same bytes)');
  t.equal(all!.skipped, 1);
});

t.test('bing: relative URLs resolved against the base, the UHD size, the copyright as credit', async (t) => {
  const { library, fake } = await setUp(t);
  const items = await pictures(fake, 'b', [11, 12]);
  items[1]!.untitled = true;
  services.bing(fake, items);
  library.addSource({ kind: 'bing', url: fake.base });
  const [summary] = await library.fetchSources();
  t.equal(summary!.added, 2, summary!.error ?? '');
  const archive = new URL(fake.requests[0]!.url, fake.base);
  t.equal(archive.pathname, '/HPImageArchive.aspx');
  t.same([archive.searchParams.get('format'), archive.searchParams.get('idx'), archive.searchParams.get('n')], ['js', '0', '8']);
  t.ok(
    fake.requests.some((r) => r.url === '/th?id=OHR.b11_UHD.jpg'),
    'the largest size asked',
  );
  const credits = bySource(library, 'bing')
    .map((w) => w.source!.author)
    .sort();
  t.same(credits, ['Picture b11 (© Photographer b11)', 'Picture b12 (© Photographer b12)']);
  t.same(
    bySource(library, 'bing')
      .map((w) => w.title)
      .sort(),
    ['Picture b12', 'Title b11'],
    'its title, else the copyright before the credit',
  );
});

t.test('apod: DEMO_KEY, hdurl before url, videos skipped, the copyright and the day page kept', async (t) => {
  const { library, fake } = await setUp(t);
  const items = await pictures(fake, 'a', [13, 14, 15]);
  items[1]!.type = 'video';
  services.apod(fake, items);
  library.addSource({ kind: 'apod', url: fake.base });
  const [summary] = await library.fetchSources();
  t.equal(summary!.added, 2, summary!.error ?? '');
  const query = new URL(fake.requests[0]!.url, fake.base).searchParams;
  t.equal(query.get('api_key'), 'DEMO_KEY');
  t.equal(query.get('count'), '10');
  t.notOk(
    fake.requests.some((r) => r.url.endsWith('?small')),
    'never the smaller url when an hdurl is given',
  );
  const credits = bySource(library, 'apod').map((w) => [w.source!.author, w.source!.page_url]);
  t.same(credits.sort(), [
    ['Astronomer a13', 'https://apod.nasa.gov/apod/ap240101.html'],
    ['Astronomer a15', 'https://apod.nasa.gov/apod/ap240103.html'],
  ]);
  t.same(
    bySource(library, 'apod')
      .map((w) => w.title)
      .sort(),
    ['Day a13', 'Day a15'],
  );
});

t.test('rss: media:content (the largest), enclosure, media:credit and licence, the item link', async (t) => {
  const { library, fake } = await setUp(t);
  fake.images.set('small', await photo(99, 64, 36));
  services.rssFeed(fake, await pictures(fake, 'f', [16, 17]));
  library.addSource({ kind: 'rss', url: `${fake.base}/feed.xml` });
  const [summary] = await library.fetchSources();
  t.equal(summary!.added, 2, summary!.error ?? '');
  t.notOk(paths(fake).includes('/img/small'), 'the largest media:content only');
  const byPage = new Map(bySource(library, 'rss').map((w) => [w.source!.page_url, w.source!]));
  t.same(byPage.get('https://example.org/p/f16'), {
    name: 'rss',
    kind: 'rss',
    page_url: 'https://example.org/p/f16',
    author: 'Photographer f16',
    author_url: null,
    license: 'CC BY 4.0',
  });
  t.equal(byPage.get('https://example.org/p/f17')?.author, 'Writer f17', 'dc:creator when no media:credit');
  const titles = new Map(bySource(library, 'rss').map((w) => [w.source!.page_url, w.title]));
  t.same(
    [titles.get('https://example.org/p/f16'), titles.get('https://example.org/p/f17')],
    ['f16 & more', 'f17 bold'],
    "the item's <title>, entities decoded and markup dropped",
  );
});

t.test('json: the dotted --image-path names the image, resolved against the URL', async (t) => {
  const { library, fake } = await setUp(t);
  const [item] = await pictures(fake, 'j', [18]);
  services.jsonApi(fake, item!);
  library.addSource({ kind: 'json', url: `${fake.base}/api.json`, image_path: '$.data.images[0].src' });
  const [summary] = await library.fetchSources();
  t.equal(summary!.added, 1, summary!.error ?? '');
  t.equal(bySource(library, 'json')[0]!.source!.kind, 'json');
  t.equal(bySource(library, 'json')[0]!.title, 'j18', 'a generic answer names no title: the file name');
});

t.test('the same bytes twice, and a near-duplicate of a wallpaper in the library, are not kept', async (t) => {
  const { library, fake } = await setUp(t);
  const original = await photo(20);
  fake.images.set('same-a', original);
  fake.images.set('same-b', original);
  fake.images.set('near', await EDITS['resized 50%']!(await photo(21)));
  const folder = tempDir(t);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(folder, 'mine.png'), await photo(21));
  library.updateSettings({ folders: [folder] });
  await library.scan();
  services.wallhaven(fake, [{ id: 'same-a' }, { id: 'same-b' }, { id: 'near' }]);
  library.addSource({ kind: 'wallhaven', url: fake.base });
  const [summary] = await library.fetchSources();
  t.same(summary, { name: 'wallhaven', added: 1, skipped: 2, removed: 0, failed: 0, error: null });
  t.equal(readdirSync(join(library.dirs.data, 'sources', 'wallhaven')).length, 1, 'no temp file, no second copy');
});

t.test('--keep N: the oldest go to the trash first, favourites never (and count among the N)', async (t) => {
  const { library, fake } = await setUp(t);
  const first = await pictures(fake, 'k', [30, 31, 32]);
  services.wallhaven(fake, first);
  library.addSource({ kind: 'wallhaven', url: fake.base, keep: 3 });
  await library.fetchSources();
  const before = bySource(library, 'wallhaven');
  t.equal(before.length, 3);
  const favourite = before[before.length - 1]!; // newest first: the last listed is among the oldest
  library.setMark(favourite.id, 'favorite', true);
  services.wallhaven(fake, await pictures(fake, 'k', [33, 34]));
  const [summary] = await library.fetchSources();
  t.equal(summary!.added, 2);
  t.equal(summary!.removed, 2);
  const after = bySource(library, 'wallhaven');
  t.equal(after.length, 3);
  t.ok(
    after.some((w) => w.id === favourite.id),
    'the favourite stays',
  );
  t.equal(readdirSync(join(library.dirs.data, 'trash')).length, 2, 'the removed went to the trash');
});
