// Health, the feed and downloads (docs/design.md#beyond-the-specification) on real sockets: /healthz answers ok until the index cannot answer, the
// Media RSS feed honours the filters with absolute URLs, and /download/<filename> serves the image's
// bytes under the file's own name (any other name: 404).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { Wallpaper } from '../../src/core/types.js';
import { writeImage } from '../helpers/fixtures.js';
import { call, header, startFixture } from './helpers.js';

t.test('GET /healthz: ok while the index answers, 503 with the reason once it cannot', async (t) => {
  const f = await startFixture(t);
  const ok = await call(f.base, '/healthz');
  t.equal(ok.status, 200);
  t.equal(ok.text, 'ok');
  t.match(header(ok, 'content-type'), /^text\/plain/);
  t.equal(header(ok, 'cache-control'), 'no-store');
  t.equal((await call(f.base, '/healthz', { method: 'HEAD' })).status, 200, 'HEAD too');
  t.equal((await call(f.base, '/healthz', { method: 'POST' })).status, 405, 'a read only');

  const index = join(f.home, 'index.sqlite');
  renameSync(index, `${index}.away`);
  const gone = await call(f.base, '/healthz');
  t.equal(gone.status, 503);
  t.match(gone.text, /^the index file is gone/);
  t.notMatch(gone.text, f.home, 'no server path');
  renameSync(`${index}.away`, index);
  t.equal((await call(f.base, '/healthz')).status, 200, 'back when the file is');
});

t.test('GET /healthz: 503 when the index does not answer a query', async (t) => {
  const f = await startFixture(t);
  f.library.close();
  const down = await call(f.base, '/healthz');
  t.equal(down.status, 503);
  t.match(down.text, /^the index does not answer: /);
});

t.test('the feed: Media RSS of the matches, newest first, absolute URLs, the filters honoured', async (t) => {
  const f = await startFixture(t);
  const feed = await call(f.base, '/api/feed.rss');
  t.equal(feed.status, 200);
  t.equal(header(feed, 'content-type'), 'application/rss+xml; charset=utf-8');
  t.match(header(feed, 'etag'), /^"[^"]+"$/);
  t.match(feed.text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0" xmlns:media="http:\/\/search\.yahoo\.com\/mrss\/"/);
  const items = feed.text.match(/<item>.*?<\/item>/g) ?? [];
  const list = f.library.list({}, { page: 1, limit: 50 });
  t.equal(items.length, list.wallpapers.length, 'one item per match');
  const first = list.wallpapers[0]!;
  t.match(items[0], `<guid isPermaLink="false">${first.id}</guid>`, 'newest first, as the list');
  t.match(items[0], `<link>${f.base}/#view=${first.id}</link>`, 'a per-item link to the gallery');
  t.match(
    items[0],
    `<media:content url="${f.base}${first.download_url}" type="${first.content_type}" medium="image" fileSize="${first.size_bytes}" width="${first.width}" height="${first.height}">`,
  );
  t.match(items[0], `<media:thumbnail url="${f.base}${first.thumbnail_url}"/>`);

  const again = await call(f.base, '/api/feed.rss', { headers: { 'if-none-match': header(feed, 'etag')! } });
  t.equal(again.status, 304, 'unchanged: 304');

  const dark = await call(f.base, '/api/feed.rss?brightness=dark&limit=2');
  const darkIds = f.library.list({ brightness: 'dark' }, { page: 1, limit: 2 }).wallpapers.map((w) => w.id);
  t.same(
    [...dark.text.matchAll(/<guid isPermaLink="false">([0-9a-f]+)<\/guid>/g)].map((m) => m[1]),
    darkIds,
    'filters and limit',
  );
  t.match(dark.text, '<description>Wallpapers matching brightness=dark</description>');

  const proxied = await call(f.base, '/api/feed.rss?limit=1', { headers: { host: 'wall.example', 'x-forwarded-proto': 'https' } });
  t.match(proxied.text, '<link>https://wall.example/#view=', 'the origin the client reached');

  const capped = await call(f.base, '/api/feed.rss?limit=5000');
  t.equal(capped.status, 200, 'limit above 200 is capped, as on the list');
  const refused: [string, string][] = [
    ['limit=0', 'limit'],
    ['brightness=dim', 'brightness'],
  ];
  for (const [query, name] of refused) {
    const bad = await call(f.base, `/api/feed.rss?${query}`);
    t.equal(bad.status, 400, query);
    t.match(bad.text, new RegExp(`^invalid ${name}`), `${query}: names the parameter`);
  }
});

t.test('feed items escape what XML must not carry raw', async (t) => {
  const f = await startFixture(t, { images: {} });
  await writeImage(join(f.folder, 'a & <b> "c".jpg'), { width: 40, height: 30, color: '#102030' });
  await f.library.scan();
  const feed = await call(f.base, '/api/feed.rss');
  t.match(feed.text, '<title>a &amp; &lt;b&gt; &quot;c&quot;</title>', 'the title: the file name without .jpg');
  t.notMatch(feed.text, '<b>');
});

t.test('GET /download/<filename>: the image bytes under the file name, only that name', async (t) => {
  const f = await startFixture(t, { images: {} });
  const name = 'Blue hour, ünïcode #1.jpg';
  const file = await writeImage(join(f.folder, name), { width: 64, height: 48, color: '#224488' });
  await f.library.scan();
  const [w] = f.library.list({}, { page: 1, limit: 1 }).wallpapers as [Wallpaper];
  t.equal(
    w.download_url,
    `/api/wallpapers/${w.id}/download/${encodeURIComponent(name)}`,
    'the URL of docs/design.md#beyond-the-specification',
  );
  t.same(
    Object.keys(w).slice(-9),
    ['download_url', 'palette', 'favorite', 'hidden', 'tags', 'pair_id', 'title', 'source', 'dynamic'],
    'after the spec fields',
  );

  const image = await call(f.base, w.url);
  const download = await call(f.base, w.download_url);
  t.equal(download.status, 200);
  t.same(download.body, readFileSync(file), 'the same bytes as the file');
  for (const name of ['content-type', 'etag', 'last-modified', 'cache-control', 'content-disposition', 'content-length']) {
    t.equal(header(download, name), header(image, name), `${name} as /image`);
  }
  const partial = await call(f.base, w.download_url, { headers: { range: 'bytes=0-9' } });
  t.equal(partial.status, 206, 'ranges as /image');
  t.equal((await call(f.base, w.download_url, { headers: { 'if-none-match': header(image, 'etag')! } })).status, 304);

  for (const other of ['other.jpg', 'Blue%20hour.jpg', `${encodeURIComponent(name)}x`]) {
    const wrong = await call(f.base, `/api/wallpapers/${w.id}/download/${other}`);
    t.equal(wrong.status, 404, other);
  }
  t.equal((await call(f.base, `/api/wallpapers/0000000000000000/download/${encodeURIComponent(name)}`)).status, 404, 'unknown id');
  t.equal((await call(f.base, `/api/wallpapers/nothex/download/${encodeURIComponent(name)}`)).status, 404, 'not an id');

  writeFileSync(file, 'changed behind the index');
  t.equal((await call(f.base, w.download_url)).status, 404, 'a changed file is never sent under the id');
});
