// The /random answer's JSON built by SQLite (store/record-json.ts) must be, byte for byte, what
// JSON.stringify makes of the record: every field kind (names that need escaping or percent-encoding,
// whole and fractional numbers, palettes, marks, folder and user tags with the same name, pairs).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary } from '../../src/core/library/facade.js';
import { openStore } from '../../src/core/store/index.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir, twoColourBytes, writeImage } from '../helpers/fixtures.js';
import { writeFileSync } from 'node:fs';

eachBackend('randomJson and recordJson equal JSON.stringify of the record for every kind of field', async (t, backend) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  const nested = join(folder, 'Nature & "Sky"', 'tag');
  mkdirSync(nested, { recursive: true });
  const names: [string, Parameters<typeof writeImage>[1]][] = [
    ['plain.jpg', { width: 1920, height: 1080, color: '#336699' }],
    ['black.png', { width: 640, height: 480, color: '#000000', format: 'png' }],
    ['white.png', { width: 640, height: 480, color: '#ffffff', format: 'png' }],
    ['quote " back\\slash.jpg', { width: 800, height: 600, color: '#884422' }],
    ['tab\there %25 #hash ?.jpg', { width: 600, height: 800, color: '#228844' }],
    ['ünïcödé 壁紙 🌄.webp', { width: 1000, height: 1000, color: '#aa22cc', format: 'webp' }],
    ['sunset-day.jpg', { width: 1920, height: 1080, color: '#ffcc88' }],
    ['sunset-night.jpg', { width: 1920, height: 1080, color: '#221133' }],
  ];
  for (const [name, spec] of names) await writeImage(join(folder, name), spec);
  await writeImage(join(nested, 'deep.jpg'), { width: 2560, height: 1440, color: '#445566' });
  writeFileSync(join(folder, 'two.png'), await twoColourBytes(1200, 800, '#ff0000', '#0000ff'));

  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  const summary = await library.scan();
  t.equal(summary.total, names.length + 2);
  const all = library.list({ hidden: 'any' } as never, { page: 1, limit: 100 }).wallpapers;
  const deep = all.find((w) => w.filename === 'deep.jpg')!;
  const plain = all.find((w) => w.filename === 'plain.jpg')!;
  library.setMark(deep.id, 'favorite', true);
  library.setMark(plain.id, 'hidden', true);
  library.editTags(deep.id, ['tag', 'zebra', 'alpha'], []); // `tag` is a folder tag too: listed once

  const store = openStore(backend.database ?? join(home, 'index.sqlite'));
  t.teardown(() => store.close());
  // A fetched wallpaper's attribution (sources): text needing escapes, and nulls.
  const credit = {
    name: 'web',
    kind: 'rss',
    page_url: 'https://example.org/p?a=1&b="2"',
    author: 'Zoë "Z" \\ 写真',
    author_url: null,
    license: null,
  };
  store.sources.recordFetched(plain.path, credit, { remote: 'remote-1', title: 'A title' }, '2024-01-01T00:00:00.000Z');
  const kinds = { pairs: 0, whole: 0, tags: 0, source: 0 };
  for (const { id } of all) {
    const record = library.get(id)!;
    t.equal(store.recordJson(id), JSON.stringify(record), record.filename);
    if (record.pair_id) kinds.pairs++;
    if (Number.isInteger(record.luminance)) kinds.whole++;
    if (record.tags.length > 1) kinds.tags++;
    if (record.source) kinds.source++;
  }
  t.same(library.get(plain.id)!.source, credit);
  t.ok(
    kinds.pairs === 2 && kinds.whole >= 1 && kinds.tags === 1 && kinds.source === 1,
    `every kind was compared: ${JSON.stringify(kinds)}`,
  );
  t.equal(store.recordJson('0000000000000000'), undefined);

  // The pick: uniform among the matches, hidden left out as by random().
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const text = library.randomJson({ orientation: 'landscape' })!;
    const picked = JSON.parse(text) as { id: string; orientation: string };
    t.equal(picked.orientation, 'landscape');
    t.equal(text, JSON.stringify(library.get(picked.id)));
    seen.add(picked.id);
  }
  t.notOk(seen.has(plain.id), 'a hidden wallpaper is never picked');
  t.equal(seen.size, all.filter((w) => w.orientation === 'landscape' && w.id !== plain.id).length, 'every landscape one comes up');
  t.equal(library.randomJson({ orientation: 'square', min_width: 5000 }), undefined);
});
