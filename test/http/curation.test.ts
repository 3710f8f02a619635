// The curation endpoints over real HTTP (docs/design.md#beyond-the-specification): favourite and hidden marks and what
// they do to lists and random picks, marks kept across a move and a rescan, folder and user tags,
// tag counts, search, colour search and sort=color, near-duplicate groups and "not duplicates".
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { hexToLab, labDistance } from '../../src/core/analysis/oklab.js';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { twoColourBytes } from '../helpers/fixtures.js';
import { EDITS, photo } from '../helpers/photos.js';
import { call, startFixture } from './helpers.js';

const IMAGES = {
  'nature/mountains/peak.jpg': { width: 640, height: 360, color: '#1e3a5f' },
  'nature/lake.png': { width: 640, height: 360, color: '#2f6f4f', format: 'png' as const },
  'city/night.jpg': { width: 640, height: 360, color: '#101018' },
  'loose.webp': { width: 640, height: 360, color: '#e0c080', format: 'webp' as const },
};

const json = (method: 'PUT' | 'POST', value: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});
const names = (list: ListResponse) => list.wallpapers.map((w) => w.filename).sort();

t.test('favourites and hidden: marks, filters, random picks, kept across a move and a rescan', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const peak = f.byName.get('peak.jpg')!;
  const night = f.byName.get('night.jpg')!;
  t.equal((await call(f.base, `/api/wallpapers/${peak.id}/favorite`, { method: 'PUT' })).status, 204);
  t.equal((await call(f.base, `/api/wallpapers/${peak.id}/favorite`, { method: 'PUT' })).status, 204, 'again: still 204');
  const record = (await call(f.base, `/api/wallpapers/${peak.id}`)).json<Wallpaper>();
  t.equal(record.favorite, true);
  t.same(names((await call(f.base, '/api/wallpapers?favorite=true')).json()), ['peak.jpg']);
  t.same((await call(f.base, '/api/wallpapers?favorite=true')).json<ListResponse>().filters, { favorite: true }, 'echoed');
  t.equal((await call(f.base, '/api/wallpapers?favorite=false')).json<ListResponse>().pagination.total, 3);
  for (let i = 0; i < 5; i++) t.equal((await call(f.base, '/api/wallpapers/random?favorite=true')).json<Wallpaper>().id, peak.id);

  t.equal((await call(f.base, `/api/wallpapers/${night.id}/hidden`, { method: 'PUT' })).status, 204);
  const plain = (await call(f.base, '/api/wallpapers')).json<ListResponse>();
  t.same(names(plain), ['lake.png', 'loose.webp', 'peak.jpg'], 'hidden ones are left out of the list');
  t.notOk('filters' in plain, 'the default exclusion is not an applied filter');
  t.same(names((await call(f.base, '/api/wallpapers?hidden=true')).json()), ['night.jpg']);
  t.equal((await call(f.base, '/api/wallpapers?hidden=any')).json<ListResponse>().pagination.total, 4);
  for (let i = 0; i < 8; i++) t.not((await call(f.base, '/api/wallpapers/random')).json<Wallpaper>().id, night.id, 'never picked');
  t.notMatch((await call(f.base, '/api/feed.rss')).text, night.id, 'not in the feed');
  t.same(
    (await call(f.base, '/api/tags')).json(),
    {
      tags: [
        { name: 'mountains', count: 1 },
        { name: 'nature', count: 2 },
      ],
    },
    'nor in the tag counts',
  );
  t.equal((await call(f.base, '/api/wallpapers/random?brightness=dark&hidden=false&min_width=999')).status, 404);
  t.equal((await call(f.base, `/api/wallpapers/${night.id}`)).json<Wallpaper>().hidden, true, 'still there by id');

  await call(f.base, `/api/wallpapers/${peak.id}/tags`, json('PUT', ['summit']));
  // Moved and renamed behind the server's back, then rescanned: the marks follow the id.
  renameSync(join(f.folder, 'nature/mountains/peak.jpg'), join(f.folder, 'moved-peak.jpg'));
  await call(f.base, '/api/refresh', { method: 'POST' });
  const moved = (await call(f.base, `/api/wallpapers/${peak.id}`)).json<Wallpaper>();
  t.equal(moved.filename, 'moved-peak.jpg');
  t.equal(moved.favorite, true, 'still a favourite after a move and a rescan');
  t.same(moved.tags, ['summit'], 'its folder tags followed the move; its user tag stayed');

  t.equal((await call(f.base, `/api/wallpapers/${peak.id}/favorite`, { method: 'DELETE' })).status, 204);
  t.equal((await call(f.base, `/api/wallpapers/${night.id}/hidden`, { method: 'DELETE' })).status, 204);
  t.equal((await call(f.base, '/api/wallpapers')).json<ListResponse>().pagination.total, 4);
  t.equal((await call(f.base, '/api/wallpapers/0123456789abcdef/favorite', { method: 'PUT' })).status, 404);
  const refused = await call(f.base, `/api/wallpapers/${peak.id}/favorite`, { method: 'PUT', headers: { origin: 'http://evil.example' } });
  t.equal(refused.status, 403, 'a mutation under the access rules');
  const bad = await call(f.base, '/api/wallpapers?favorite=yes');
  t.equal(bad.status, 400);
  t.match(bad.text, /^invalid favorite "yes": expected true or false/);
});

t.test('tags: subfolders and user tags, counts, filters, search', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const peak = f.byName.get('peak.jpg')!;
  t.same(peak.tags, ['mountains', 'nature'], 'every subfolder below the library folder');
  t.same(f.byName.get('loose.webp')!.tags, []);
  const put = await call(f.base, `/api/wallpapers/${peak.id}/tags`, json('PUT', ['Space', 'blue  sky', 'space']));
  t.equal(put.status, 200);
  t.same(put.json<Wallpaper>().tags, ['blue sky', 'mountains', 'nature', 'space'], 'normalised, merged, sorted');
  t.same((await call(f.base, '/api/tags')).json(), {
    tags: [
      { name: 'blue sky', count: 1 },
      { name: 'city', count: 1 },
      { name: 'mountains', count: 1 },
      { name: 'nature', count: 2 },
      { name: 'space', count: 1 },
    ],
  });
  t.same(names((await call(f.base, '/api/wallpapers?tag=nature')).json()), ['lake.png', 'peak.jpg']);
  t.same(names((await call(f.base, '/api/wallpapers?tag=Nature&tag=space')).json()), ['peak.jpg'], 'repeated: all of them');
  t.same(names((await call(f.base, '/api/wallpapers?q=NIGHT')).json()), ['night.jpg'], 'q: the file name');
  t.same(names((await call(f.base, '/api/wallpapers?q=mount')).json()), ['peak.jpg'], 'q: a tag');
  t.same(names((await call(f.base, '/api/wallpapers?q=lake%20nature')).json()), ['lake.png'], 'q: every word');
  t.same(names((await call(f.base, '/api/wallpapers?q=50%25_')).json()), [], 'LIKE wildcards are literal');
  t.equal((await call(f.base, `/api/wallpapers/${peak.id}/tags`, json('PUT', []))).json<Wallpaper>().tags.length, 2, 'user tags cleared');
  for (const [body, status, message] of [
    [['a,b'], 400, /^invalid tag "a,b"/],
    [{ tags: [] }, 400, /^invalid tags: expected a JSON array/],
    [[1], 400, /^invalid tags/],
  ] as const) {
    const reply = await call(f.base, `/api/wallpapers/${peak.id}/tags`, json('PUT', body));
    t.equal(reply.status, status, JSON.stringify(body));
    t.match(reply.text, message);
  }
});

t.test('colour search: a palette colour within the tolerance over 10% of the picture, and sort=color', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  writeFileSync(join(f.folder, 'split.png'), await twoColourBytes(640, 360, '#1e3a5f', '#e0c080'));
  writeFileSync(join(f.folder, 'sliver.png'), await twoColourBytes(640, 360, '#1e3a5f', '#ffffff'));
  await call(f.base, '/api/refresh', { method: 'POST' });
  const peak = (await call(f.base, '/api/wallpapers?q=peak')).json<ListResponse>().wallpapers[0]!;
  t.same(peak.palette, [{ color: '#1e3a5f', share: 1 }], 'a flat picture: one colour, all of it');
  const navy = (await call(f.base, '/api/wallpapers?color=1e3a5f')).json<ListResponse>();
  t.same(navy.filters, { color: ['1e3a5f'], color_tolerance: 0.08 });
  t.same(names(navy), ['peak.jpg', 'sliver.png', 'split.png']);
  t.same(names((await call(f.base, '/api/wallpapers?color=%231e3a5f&color=e0c080')).json()), ['split.png'], 'repeated: all colours');
  t.same(names((await call(f.base, '/api/wallpapers?color=203c62&color_tolerance=0.001')).json()), [], 'a tight tolerance');
  const sorted = (await call(f.base, '/api/wallpapers?color=e0c080&color_tolerance=0.5&sort=color')).json<ListResponse>();
  t.same(names({ ...sorted, wallpapers: sorted.wallpapers.slice(0, 2) }), ['loose.webp', 'split.png'], 'the exact colour first');
  const distance = (w: Wallpaper) => Math.min(...w.palette.map((p) => labDistance(hexToLab(p.color)!, hexToLab('e0c080')!)));
  const distances = sorted.wallpapers.map(distance);
  t.same(
    distances,
    [...distances].sort((a, b) => a - b),
    'closest first',
  );
  for (let i = 0; i < 5; i++)
    t.ok(distance((await call(f.base, '/api/wallpapers/random?color=e0c080')).json<Wallpaper>()) <= 0.08, 'random: a match');
  // Answered from the colour index in memory, and by SQL when a search word joins in (q=. matches
  // every file name): the same matches in the same order.
  writeFileSync(join(f.folder, 'photo.png'), await photo(71, 640, 360));
  await call(f.base, '/api/refresh', { method: 'POST' });
  for (const query of [
    'color=1e3a5f',
    'color=e0c080&color_tolerance=0.3&sort=color',
    'color=808080&color_tolerance=1&limit=2&page=2',
    'color=2f6f4f&color=1e3a5f&color_tolerance=0.4',
    'color=1e3a5f&color_tolerance=0.6&brightness=dark&max_width=700&sort=color',
  ]) {
    const memory = (await call(f.base, `/api/wallpapers?${query}`)).json<ListResponse>();
    const sql = (await call(f.base, `/api/wallpapers?${query}&q=.`)).json<ListResponse>();
    t.same(
      memory.wallpapers.map((w) => w.id),
      sql.wallpapers.map((w) => w.id),
      `${query}: the same page`,
    );
    t.equal(memory.pagination.total, sql.pagination.total, `${query}: the same total`);
  }
  const noColour = await call(f.base, '/api/wallpapers?sort=color');
  t.equal(noColour.status, 400);
  t.match(noColour.text, /^invalid sort "color": .*color=HEX/);
  t.match((await call(f.base, '/api/wallpapers?color=navy')).text, /^invalid color "navy": expected a hex colour/);
});

t.test('near-duplicates: groups with the copy to keep; "not duplicates" persists', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const original = await photo(31, 1600, 900);
  writeFileSync(join(f.folder, 'original.png'), original);
  writeFileSync(join(f.folder, 'small.jpg'), await EDITS['resized 25%']!(original));
  writeFileSync(join(f.folder, 'boxed.jpg'), await EDITS.letterboxed!(original));
  writeFileSync(join(f.folder, 'other.png'), await photo(32, 1600, 900));
  await call(f.base, '/api/refresh', { method: 'POST' });
  const byName = new Map((await call(f.base, '/api/wallpapers?q=.')).json<ListResponse>().wallpapers.map((w) => [w.filename, w.id]));
  const { groups } = (await call(f.base, '/api/duplicates')).json<{ groups: { ids: string[]; keep: string; wallpapers: Wallpaper[] }[] }>();
  t.equal(groups.length, 1, 'one group (the flat fixtures are near-uniform: never grouped)');
  t.same(groups[0]!.ids, [byName.get('original.png'), byName.get('small.jpg'), byName.get('boxed.jpg')].sort());
  t.equal(groups[0]!.keep, byName.get('original.png'), 'the largest, least compressed copy');
  t.same(
    groups[0]!.wallpapers.map((w) => w.id),
    groups[0]!.ids,
  );
  const marked = await call(f.base, '/api/duplicates/not', json('POST', { ids: groups[0]!.ids }));
  t.equal(marked.status, 204);
  t.same((await call(f.base, '/api/duplicates')).json(), { groups: [] }, 'resolved for good');
  await call(f.base, '/api/refresh', { method: 'POST' });
  t.same((await call(f.base, '/api/duplicates')).json(), { groups: [] }, 'still after a rescan');
  const unknown = await call(f.base, '/api/duplicates/not', json('POST', { ids: [groups[0]!.keep, '0123456789abcdef'] }));
  t.equal(unknown.status, 404);
  t.equal((await call(f.base, '/api/duplicates/not', json('POST', { ids: 'x' }))).status, 400);
});
