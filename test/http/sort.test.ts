// The list's sort orders (docs/design.md#beyond-the-specification): added (the spec's, the default), name, luminance
// (darkest first), -luminance (lightest first) and pixels (most first), each stable across pages.
import t from 'tap';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { call, startFixture } from './helpers.js';

const IMAGES = {
  'b-mid.jpg': { width: 800, height: 600, color: '#808080', format: 'jpeg' as const },
  'a-dark.jpg': { width: 1920, height: 1080, color: '#101010', format: 'jpeg' as const },
  'c-light.png': { width: 640, height: 480, color: '#f0f0f0', format: 'png' as const },
  'd-huge.jpg': { width: 3840, height: 2160, color: '#404040', format: 'jpeg' as const },
};

t.test('each order, whole and page by page', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const list = async (query: string) => (await call(f.base, `/api/wallpapers?${query}`)).json<ListResponse>().wallpapers;
  const names = (wallpapers: Wallpaper[]) => wallpapers.map((w) => w.filename);
  t.same(names(await list('sort=name')), ['a-dark.jpg', 'b-mid.jpg', 'c-light.png', 'd-huge.jpg']);
  t.same(names(await list('sort=luminance')), ['a-dark.jpg', 'd-huge.jpg', 'b-mid.jpg', 'c-light.png'], 'darkest first');
  t.same(names(await list('sort=-luminance')), ['c-light.png', 'b-mid.jpg', 'd-huge.jpg', 'a-dark.jpg'], 'lightest first');
  t.same(names(await list('sort=pixels')), ['d-huge.jpg', 'a-dark.jpg', 'b-mid.jpg', 'c-light.png'], 'most pixels first');
  t.same(await list('sort=added'), await list(''), 'added is the default');
  t.same(names(await list('sort=NAME&limit=2&page=2')), ['c-light.png', 'd-huge.jpg'], 'pages; the value is case-insensitive');
  t.same(names(await list('sort=luminance&orientation=landscape&max_width=1000')), ['b-mid.jpg', 'c-light.png'], 'with filters');
  const bad = await call(f.base, '/api/wallpapers?sort=biggest');
  t.equal(bad.status, 400);
  t.match(bad.text, /^invalid sort "biggest": expected added, random, name, luminance, -luminance, pixels/);
});
