// Titles over HTTP (docs/design.md#titles): a KDE package's name is its wallpapers' title in
// the list, in the feed's items and in sort=name; q finds it; the package's inside makes no tags.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ListResponse } from '../../src/core/types.js';
import { writeImage } from '../helpers/fixtures.js';
import { call, startFixture } from './helpers.js';

t.test('a package title in the list, the feed, sort=name and q', async (t) => {
  const f = await startFixture(t, { images: {} });
  const pkg = join(f.folder, 'Zebra');
  mkdirSync(join(pkg, 'contents', 'images'), { recursive: true });
  writeFileSync(join(pkg, 'metadata.json'), '{"KPlugin": {"Name": "Mountain Lake"}}');
  await writeImage(join(pkg, 'contents', 'images', '2560x1600.jpg'), { width: 256, height: 160, color: '#1e3a5f' });
  await writeImage(join(f.folder, 'apple.jpg'), { width: 160, height: 90, color: '#e0c080' });
  await writeImage(join(f.folder, 'zucchini.jpg'), { width: 160, height: 90, color: '#336633' });
  await f.library.scan();
  const list = async (query: string) => (await call(f.base, `/api/wallpapers?${query}`)).json<ListResponse>().wallpapers;

  t.same(
    (await list('sort=name')).map((w) => w.title),
    ['Mountain Lake', 'apple', 'zucchini'],
    'sort=name orders by title (byte order: capitals first), not by the file 2560x1600.jpg',
  );
  const lake = (await list('q=lake'))[0];
  t.equal(lake?.filename, '2560x1600.jpg', 'q matches the title');
  t.same(lake?.tags, ['zebra'], 'the package folder is a tag; contents and images are not');
  const feed = await call(f.base, '/api/feed.rss');
  t.match(feed.text, '<title>Mountain Lake</title>', 'the feed item is titled by the package');
  t.notMatch(feed.text, '<title>2560x1600.jpg</title>');
});
