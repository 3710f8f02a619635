// Never the same twice on real servers: a named client walks a permutation of its matches
// (N calls, N different wallpapers; the next cycle does not begin with the last one; the walk
// survives a restart and is shared by every device using the name; wallpapers added or removed
// mid-cycle join or leave without repeats); `seed` + `n` is stateless and deterministic;
// `sort=random&seed=` pages through the same order; `brightness=auto` follows the colour scheme.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { startServer } from '../../src/http/server.js';
import { writeImage } from '../helpers/fixtures.js';
import { call, header, memoryLogger, startFixture } from './helpers.js';

const COLORS = [
  '#101820',
  '#182030',
  '#203040',
  '#283848',
  '#304050',
  '#385060',
  '#e0e0d0',
  '#f0f0e0',
  '#e8e0f0',
  '#d0e8f0',
  '#f8f0d8',
  '#e0f8e8',
];
const IMAGES = Object.fromEntries(
  COLORS.map((color, i) => [`w${String(i).padStart(2, '0')}.jpg`, { width: 64 + i, height: 40, color, format: 'jpeg' as const }]),
);

const idOf = async (base: string, query: string) => (await call(base, `/api/wallpapers/random?${query}`)).json<Wallpaper>().id;
async function walk(base: string, query: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await idOf(base, query));
  return ids;
}

t.test('client: every match once per cycle; the next cycle does not begin with the last one', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const first = await walk(f.base, 'client=kitchen', 12);
  t.equal(new Set(first).size, 12, '12 calls, 12 different wallpapers');
  const second = await walk(f.base, 'client=kitchen', 12);
  t.equal(new Set(second).size, 12, 'the next cycle too');
  t.not(second[0], first[11], 'the next cycle does not begin with the last one served');
  t.not(second.join(), first.join(), 'and is another permutation');
  const dark = await walk(f.base, 'client=kitchen&brightness=dark', 6);
  t.equal(new Set(dark).size, 6, 'other filters: a walk of their own');
  t.equal(new Set(await walk(f.base, 'client=hall', 12)).size, 12, 'another client: its own walk');
});

t.test('client: it survives a restart and is shared by devices using the name', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const served = await walk(f.base, 'client=tv', 5);
  // Another server process on the same index (a restart, or a second server): the walk goes on.
  const other = openLibrary({ home: f.home });
  const server = await startServer(other, { host: '127.0.0.1', port: 0, logger: memoryLogger([]) });
  t.teardown(async () => {
    await server.close();
    other.close();
  });
  for (let i = 0; i < 7; i++) served.push(await idOf(i % 2 ? f.base : server.url, 'client=tv'));
  t.equal(new Set(served).size, 12, 'two servers, alternating: still 12 different');
});

t.test('client: added and removed mid-cycle, no repeats', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const served = await walk(f.base, 'client=frame', 4);
  await writeImage(join(f.folder, 'new.jpg'), { width: 99, height: 40, color: '#777777' });
  const unserved = f.library.list({}, { page: 1, limit: 50 }).wallpapers.find((w) => !served.includes(w.id) && w.filename !== 'new.jpg')!;
  rmSync(unserved.path);
  await f.library.scan();
  const rest = await walk(f.base, 'client=frame', 12 - 4);
  const cycle = [...served, ...rest];
  t.equal(new Set(cycle).size, 12, 'the cycle of 12 current matches, none twice');
  t.notOk(cycle.includes(unserved.id), 'the removed one left');
  t.ok(
    cycle.includes(f.library.list({}, { page: 1, limit: 50 }).wallpapers.find((w) => w.filename === 'new.jpg')!.id),
    'the added one joined',
  );
});

t.test('seed and n: stateless and deterministic; sort=random&seed= lists the same order', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const order = await Promise.all(Array.from({ length: 12 }, (_, n) => idOf(f.base, `seed=poster&n=${n}`)));
  t.equal(new Set(order).size, 12, 'n = 0..11: each wallpaper once');
  t.same(await Promise.all(Array.from({ length: 12 }, (_, n) => idOf(f.base, `n=${n}&seed=poster`))), order, 'again: the same');
  t.equal(await idOf(f.base, 'seed=poster'), order[0], 'n defaults to 0');
  t.equal(await idOf(f.base, 'seed=poster&n=12'), order[0], 'n wraps');
  t.not(
    (await Promise.all([0, 1, 2, 3].map((n) => idOf(f.base, `seed=other&n=${n}`)))).join(),
    order.slice(0, 4).join(),
    'another seed, another order',
  );
  const pages: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const list = (await call(f.base, `/api/wallpapers?sort=random&seed=poster&limit=5&page=${page}`)).json<ListResponse>();
    t.equal(list.pagination.total, 12);
    pages.push(...list.wallpapers.map((w) => w.id));
  }
  t.same(pages, order, 'the list pages through the same order, no repeats across pages');
  t.same(
    (await call(f.base, '/api/wallpapers?sort=added')).json<ListResponse>(),
    (await call(f.base, '/api/wallpapers')).json<ListResponse>(),
    'sort=added is the default',
  );
});

t.test('brightness=auto follows the colour scheme the client prefers', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const brightness = async (query: string, headers: Record<string, string> = {}) => {
    const reply = await call(f.base, `/api/wallpapers/random?brightness=auto${query}`, { headers });
    t.equal(header(reply, 'accept-ch'), 'Sec-CH-Prefers-Color-Scheme');
    t.equal(header(reply, 'vary'), 'Sec-CH-Prefers-Color-Scheme');
    return reply.json<Wallpaper>().brightness;
  };
  t.equal(await brightness('', { 'sec-ch-prefers-color-scheme': '"dark"' }), 'dark', 'the hint as browsers send it');
  t.equal(await brightness('', { 'sec-ch-prefers-color-scheme': 'dark' }), 'dark', 'bare');
  t.equal(await brightness('', { 'sec-ch-prefers-color-scheme': '"light"' }), 'light');
  t.equal(await brightness(''), 'light', 'no preference: light');
  t.equal(await brightness('&prefers=dark'), 'dark', 'prefers=dark');
  const image = await call(f.base, '/api/wallpapers/random/image?brightness=auto&prefers=dark');
  t.equal(header(image, 'vary'), 'Sec-CH-Prefers-Color-Scheme', 'the image endpoint too');
  t.equal((await call(f.base, '/api/wallpapers/random?brightness=auto&prefers=dim')).status, 400);
  t.match((await call(f.base, '/api/wallpapers?brightness=auto')).text, /^invalid brightness "auto"/, 'random endpoints only');
});

t.test('invalid values: 400 naming the parameter', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const cases: [string, RegExp][] = [
    ['/api/wallpapers/random?client=a%20b', /^invalid client "a b": expected 1 to 64 letters, digits, dots, underscores or hyphens/],
    [`/api/wallpapers/random?client=${'x'.repeat(65)}`, /^invalid client/],
    ['/api/wallpapers/random/image?seed=%C3%A9', /^invalid seed/],
    ['/api/wallpapers/random?seed=a&n=-1', /^invalid n "-1"/],
    ['/api/wallpapers/random?n=2', /^invalid n: it is a position in the order of a seed/],
    ['/api/wallpapers/random/thumbnail?client=a&seed=b', /^invalid seed: give client/],
    ['/api/wallpapers?sort=random', /^invalid sort "random": it needs seed/],
    ['/api/wallpapers?sort=size', /^invalid sort "size": expected added, random, name, luminance, -luminance, pixels/],
  ];
  for (const [path, message] of cases) {
    const reply = await call(f.base, path);
    t.equal(reply.status, 400, path);
    t.match(reply.text, message, path);
  }
});
