// Queries over a real index (SQLite and PostgreSQL): every filter alone and combined, pagination
// edges, stable order, uniform random picks and history. Records are written through the store as
// a scan writes them.
import type { Test } from 'tap';
import type { Analysis } from '../../src/core/analysis/analyze.js';
import { classifyAspectRatio, classifyOrientation } from '../../src/core/analysis/classify.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { HISTORY_KEEP } from '../../src/core/limits.js';
import { type StoredWallpaper, openStore } from '../../src/core/store/index.js';
import type { Filters } from '../../src/core/types.js';
import { type Backend, eachBackend } from '../helpers/backends.js';
import { tempDir } from '../helpers/fixtures.js';

type Spec = { name: string; width: number; height: number; brightness: Analysis['brightness']; hue: Analysis['dominant_hue'] };

const SPECS: Spec[] = [
  { name: 'a.jpg', width: 1920, height: 1080, brightness: 'dark', hue: 'blue' },
  { name: 'b.jpeg', width: 2560, height: 1440, brightness: 'light', hue: 'red' },
  { name: 'c.png', width: 1080, height: 1920, brightness: 'medium', hue: 'green' },
  { name: 'd.webp', width: 1000, height: 1000, brightness: 'dark', hue: 'neutral' },
  { name: 'e.JPG', width: 3440, height: 1440, brightness: 'dark', hue: 'cool' },
  { name: 'f.png', width: 1024, height: 768, brightness: 'light', hue: 'warm' },
  { name: 'g.jpg', width: 1920, height: 1200, brightness: 'medium', hue: 'blue' },
  { name: 'h.webp', width: 800, height: 600, brightness: 'dark', hue: 'blue' },
];

function analysis(spec: Spec, index: number): Analysis {
  return {
    id: index.toString(16).padStart(16, '0'),
    format: 'jpeg',
    content_type: 'image/jpeg',
    width: spec.width,
    height: spec.height,
    luminance: 0.5,
    brightness: spec.brightness,
    aspect_ratio: classifyAspectRatio(spec.width, spec.height),
    orientation: classifyOrientation(spec.width, spec.height),
    dominant_hue: spec.hue,
    palette: [],
    fingerprint: Buffer.alloc(59),
  };
}

async function seeded(t: Test, backend: Backend) {
  const store = openStore(await backend.fresh(t));
  t.teardown(() => store.close());
  SPECS.forEach((spec, i) => {
    // one file per write, each a millisecond apart: added_at orders them
    store.writeFiles(
      [{ path: `/pics/${spec.name}`, state: { size: 1000 + i, mtimeMs: 1 }, analysis: analysis(spec, i + 1) }],
      new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString(),
    );
  });
  return store;
}

const names = (wallpapers: StoredWallpaper[]) => wallpapers.map((w) => w.filename).sort();
const all = { page: 1, limit: 200 };

eachBackend('each filter alone and in combination', async (t, backend) => {
  const store = await seeded(t, backend);
  const table: [Filters, string[]][] = [
    [{}, SPECS.map((s) => s.name)],
    [{ brightness: 'dark' }, ['a.jpg', 'd.webp', 'e.JPG', 'h.webp']],
    [{ brightness: 'light' }, ['b.jpeg', 'f.png']],
    [{ aspect_ratio: '16:9' }, ['a.jpg', 'b.jpeg']],
    [{ aspect_ratio: '4:3' }, ['f.png', 'h.webp']],
    [{ aspect_ratio: 'ultrawide' }, ['e.JPG']],
    [{ aspect_ratio: 'custom' }, ['g.jpg']],
    [{ aspect_ratio: 'square' }, ['d.webp']],
    [{ aspect_ratio: 'portrait' }, ['c.png']],
    [{ orientation: 'landscape' }, ['a.jpg', 'b.jpeg', 'e.JPG', 'f.png', 'g.jpg', 'h.webp']],
    [{ orientation: 'portrait' }, ['c.png']],
    [{ orientation: 'square' }, ['d.webp']],
    [{ dominant_hue: 'blue' }, ['a.jpg', 'g.jpg', 'h.webp']],
    [{ dominant_hue: 'neutral' }, ['d.webp']],
    [{ format: 'jpg' }, ['a.jpg', 'e.JPG', 'g.jpg']], // case-insensitive on the extension, jpeg not included
    [{ format: 'jpeg' }, ['b.jpeg']],
    [{ format: 'png' }, ['c.png', 'f.png']],
    [{ format: 'webp' }, ['d.webp', 'h.webp']],
    [{ min_width: 1920 }, ['a.jpg', 'b.jpeg', 'e.JPG', 'g.jpg']], // inclusive
    [{ max_width: 1000 }, ['d.webp', 'h.webp']], // inclusive
    [{ min_height: 1440 }, ['b.jpeg', 'c.png', 'e.JPG']],
    [{ max_height: 768 }, ['f.png', 'h.webp']],
    [{ min_width: 1000, max_width: 1920 }, ['a.jpg', 'c.png', 'd.webp', 'f.png', 'g.jpg']],
    [{ brightness: 'dark', dominant_hue: 'blue' }, ['a.jpg', 'h.webp']],
    [{ brightness: 'dark', dominant_hue: 'blue', format: 'webp' }, ['h.webp']],
    [{ brightness: 'dark', orientation: 'landscape', min_width: 1920 }, ['a.jpg', 'e.JPG']],
    [{ brightness: 'light', aspect_ratio: 'portrait' }, []],
    [{ min_width: 5000 }, []],
  ];
  for (const [filters, expected] of table) {
    const page = store.page(filters, all);
    t.same(names(page.wallpapers), [...expected].sort(), JSON.stringify(filters));
    t.equal(page.total, expected.length, `total ${JSON.stringify(filters)}`);
    t.equal(store.count(filters), expected.length);
  }
});

eachBackend('newest first, then id; pages are stable and complete', async (t, backend) => {
  const store = await seeded(t, backend);
  const everything = store.page({}, all).wallpapers;
  t.same(
    everything.map((w) => w.filename),
    [...SPECS].reverse().map((s) => s.name),
    'newest added first',
  );
  const paged: StoredWallpaper[] = [];
  for (let page = 1; page <= 3; page++) paged.push(...store.page({}, { page, limit: 3 }).wallpapers);
  t.same(
    paged.map((w) => w.id),
    everything.map((w) => w.id),
    'pages of 3 cover the list in order, no overlap',
  );
  t.same(store.page({}, { page: 4, limit: 3 }), { wallpapers: [], total: 8 }, 'past the end: empty with the true total');
  t.same(store.page({}, { page: Number.MAX_SAFE_INTEGER, limit: 200 }).wallpapers, []);

  // equal added_at falls back to id
  const tied = openStore(await backend.fresh(t));
  t.teardown(() => tied.close());
  const when = '2026-01-01T00:00:00.000Z';
  tied.writeFiles(
    SPECS.slice(0, 4).map((spec, i) => ({ path: `/p/${spec.name}`, state: { size: 1, mtimeMs: 1 }, analysis: analysis(spec, 40 - i) })),
    when,
  );
  const ids = tied.page({}, all).wallpapers.map((w) => w.id);
  t.same(ids, [...ids].sort());
});

eachBackend('the list response through the library', async (t, backend) => {
  const home = tempDir(t);
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  const empty = library.list({}, { page: 1, limit: 50 });
  t.same(empty, { wallpapers: [], pagination: { total: 0, page: 1, limit: 50, total_pages: 0 } });
  t.notOk('filters' in empty, 'no filters echo without filters');
  const filtered = library.list({ brightness: 'dark', min_width: 0 }, { page: 2, limit: 10 });
  t.same(filtered.filters, { brightness: 'dark', min_width: 0 });
});

eachBackend('random picks are uniform over the matches and honour avoid', async (t, backend) => {
  const store = await seeded(t, backend);
  const counts = new Map<string, number>();
  const draws = 4000;
  for (let i = 0; i < draws; i++) {
    const pick = store.random({ brightness: 'dark' })!;
    counts.set(pick.filename, (counts.get(pick.filename) ?? 0) + 1);
  }
  t.same([...counts.keys()].sort(), ['a.jpg', 'd.webp', 'e.JPG', 'h.webp']);
  // each of 4 has p = 0.25: 1000 expected, standard deviation ~27; 150 is over 5 sigma
  for (const [name, count] of counts) t.ok(Math.abs(count - draws / 4) < 150, `${name} drawn ${count} times`);
  t.equal(store.random({ min_width: 99999 }), undefined);
  const dark = store.page({ brightness: 'dark' }, all).wallpapers.map((w) => w.id);
  for (let i = 0; i < 50; i++) t.equal(store.random({ brightness: 'dark' }, dark.slice(1))?.id, dark[0]);
  t.equal(store.random({ brightness: 'dark' }, dark), undefined);
});

eachBackend("randomJson: uniform over the matches, never one removed (PostgreSQL's reads them in batches)", async (t, backend) => {
  const store = await seeded(t, backend);
  const counts = new Map<string, number>();
  const draws = 4000;
  for (let i = 0; i < draws; i++) {
    const { filename } = JSON.parse(store.randomJson({ brightness: 'dark' })!) as StoredWallpaper;
    counts.set(filename, (counts.get(filename) ?? 0) + 1);
  }
  t.same([...counts.keys()].sort(), ['a.jpg', 'd.webp', 'e.JPG', 'h.webp']);
  for (const [name, count] of counts) t.ok(Math.abs(count - draws / 4) < 150, `${name} drawn ${count} times`);
  t.equal(store.randomJson({ min_width: 99999 }), undefined);
  store.removeFiles(['/pics/a.jpg']);
  const after = new Set<string>();
  for (let i = 0; i < 300; i++) after.add((JSON.parse(store.randomJson({ brightness: 'dark' })!) as StoredWallpaper).filename);
  t.same([...after].sort(), ['d.webp', 'e.JPG', 'h.webp'], 'a removed wallpaper is never drawn again');
});

eachBackend('history: recent ids newest first; random avoids them while others match', async (t, backend) => {
  const home = tempDir(t);
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  for (const id of ['a', 'b', 'a', 'c']) library.recordSet(id.padStart(16, '0'));
  t.same(library.recentlySet(2), ['000000000000000c', '000000000000000a']);
  t.same(library.recentlySet(20), ['000000000000000c', '000000000000000a', '000000000000000b']);
});

eachBackend('history keeps the last HISTORY_KEEP sets only', async (t, backend) => {
  const store = openStore(await backend.fresh(t));
  t.teardown(() => store.close());
  for (let i = 0; i < HISTORY_KEEP + 50; i++) store.recordSet(i.toString(16).padStart(16, '0'), '2026-01-01T00:00:00.000Z');
  t.equal(store.prepare('SELECT count(*) FROM history').pluck().get(), HISTORY_KEEP);
  t.equal(store.recentlySet(1)[0], (HISTORY_KEEP + 49).toString(16).padStart(16, '0'), 'the newest kept');
});
