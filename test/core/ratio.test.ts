// The exact shape filter `ratio` (query/ratio.ts), table-tested: what it accepts and the
// one message otherwise; the 1% rule to the pixel; an aspect_ratio of a shape (`16:10`) says which
// category it counts as and names ratio. Then on both index backends: the matches of the list,
// random and a colour search (the in-memory colour index) are the same, combined with the others.
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { parseFilters } from '../../src/core/query/filters.js';
import { matchesRatio, ratioOf } from '../../src/core/analysis/ratio.js';
import { parseRatio } from '../../src/core/query/ratio.js';
import { openStore } from '../../src/core/store/index.js';
import { indexFor, whereClause } from '../../src/core/store/sql.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('what ratio accepts, as the filters echo it', async (t) => {
  const ok: [string, string, [number, number]][] = [
    ['16:10', '16:10', [8, 5]],
    [' 16:9 ', '16:9', [16, 9]],
    ['021:09', '21:9', [7, 3]],
    ['1.6', '1.6', [8, 5]],
    ['1.60', '1.6', [8, 5]],
    ['2', '2', [2, 1]],
    ['0.5625', '0.5625', [9, 16]],
    ['99999:1', '99999:1', [99999, 1]],
  ];
  for (const [text, echo, [num, den]] of ok) {
    t.equal(parseRatio(text), echo, `${text} echoes ${echo}`);
    t.same(ratioOf(text), { num, den }, `${text} is ${num}/${den}`);
    t.same(parseFilters({ ratio: text }), { ratio: echo }, `${text} through the one parser`);
  }
  for (const off of ['', ' ', 'any', 'ANY']) t.same(parseFilters({ ratio: off }), {}, `${JSON.stringify(off)} disables it`);
  const bad = ['abc', '16:0', '0:9', '0', '0.0', '-1.6', '16:', ':10', '16/10', '16x10', '1.23456', '100000:1', '1e3', '1,6', '16:10:1'];
  for (const text of bad) {
    t.throws(
      () => parseFilters({ ratio: text }),
      {
        code: 'invalid_param',
        message: `invalid ratio ${JSON.stringify(text)}: expected width:height in whole numbers from 1 to 99999 (such as 16:10 or 21:9) or a decimal number (such as 1.6), matched within 1%`,
      },
      text,
    );
  }
  t.throws(() => parseFilters({ ratio: ['16:10', '4:3'] }), /invalid ratio: given 2 times, expected once/);
});

t.test('within 1% of width / height, to the pixel', async (t) => {
  const table: [w: number, h: number, ratio: string, matches: boolean][] = [
    [1920, 1200, '16:10', true],
    [1680, 1050, '16:10', true],
    [2560, 1600, '1.6', true],
    [1440, 900, '16:10', true],
    [1920, 1080, '16:10', false],
    [1920, 1080, '16:9', true],
    [1366, 768, '16:9', true], // 1.7786: 0.05% off
    [2560, 1080, '21:9', false], // 2.370: 1.6% off 21:9, the marketing name
    [2560, 1080, '64:27', true],
    [3440, 1440, '43:18', true],
    [1600, 1000, '5:3', false],
    [101, 100, '1:1', true], // 1% over: in (inclusive)
    [102, 100, '1:1', false],
    [99, 100, '1:1', true], // 1% under: in
    [98, 100, '1:1', false],
  ];
  for (const [w, h, text, expected] of table) t.equal(matchesRatio(w, h, ratioOf(text)!), expected, `${w}x${h} ${text}`);
});

t.test('an aspect_ratio of a shape says its category and names ratio', async (t) => {
  const table: [string, string][] = [
    ['16:10', 'custom'],
    ['3:2', 'custom'],
    ['21:9', 'ultrawide'],
    ['9:16', 'portrait'],
    ['1.6', 'custom'],
  ];
  for (const [value, category] of table) {
    t.throws(
      () => parseFilters({ aspect_ratio: value }),
      {
        message: `invalid aspect_ratio "${value}": expected 16:9, 4:3, ultrawide, square, portrait, custom or any; ${value} counts as ${category}: for this shape only, use ratio=${value}`,
      },
      value,
    );
  }
  t.throws(() => parseFilters({ aspect_ratio: 'wide' }), {
    message: 'invalid aspect_ratio "wide": expected 16:9, 4:3, ultrawide, square, portrait, custom or any',
  });
});

eachBackend('ratio on the list, random and a colour search, with the other filters', async (t, backend) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  const sizes: [string, number, number, string][] = [
    ['a-16x10.png', 320, 200, '#c02020'],
    ['b-16x10-big.png', 480, 300, '#c02020'],
    ['c-16x10-blue.png', 336, 210, '#2040c0'],
    ['d-16x9.png', 320, 180, '#c02020'],
    ['e-3x2.png', 300, 200, '#c02020'],
    ['f-near.png', 322, 200, '#c02020'], // 1.61: 0.6% off 16:10
  ];
  for (const [name, width, height, color] of sizes) await writeImage(join(folder, name), { width, height, color, format: 'png' });
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  await library.scan();
  const names = (filters: Record<string, string>) =>
    library
      .list(parseFilters(filters), { page: 1, limit: 50 })
      .wallpapers.map((w) => w.filename)
      .sort();

  t.same(names({ ratio: '16:10' }), ['a-16x10.png', 'b-16x10-big.png', 'c-16x10-blue.png', 'f-near.png']);
  t.same(names({ ratio: '1.6', min_width: '400' }), ['b-16x10-big.png'], 'with a size');
  t.same(names({ ratio: '16:10', aspect_ratio: 'custom' }), ['a-16x10.png', 'b-16x10-big.png', 'c-16x10-blue.png', 'f-near.png']);
  t.same(names({ ratio: '16:9' }), ['d-16x9.png']);
  t.same(names({ ratio: '3:2', orientation: 'landscape' }), ['e-3x2.png']);
  t.same(names({ ratio: '16:10', color: 'c02020' }), ['a-16x10.png', 'b-16x10-big.png', 'f-near.png'], 'a colour search (from memory)');
  t.same(names({ ratio: '16:10', color: 'c02020', q: '16x10' }), ['a-16x10.png', 'b-16x10-big.png'], 'a colour search in SQL');
  t.same(names({ ratio: '5:4' }), []);
  const list = library.list(parseFilters({ ratio: '16:10' }), { page: 1, limit: 2 });
  t.same([list.pagination.total, list.wallpapers.length, list.filters], [4, 2, { ratio: '16:10' }], 'counted and echoed');
  for (let i = 0; i < 8; i++) {
    const pick = library.random(parseFilters({ ratio: '16:9' }));
    t.equal((await pick)?.filename, 'd-16x9.png', 'random keeps to the shape');
  }
  t.equal(await library.random(parseFilters({ ratio: '5:4' })), undefined, 'no match');
  if (backend.name === 'sqlite') {
    // The count of a ratio search reads the narrow browse index (it holds width and height), no row.
    const db = openStore(join(home, 'index.sqlite'));
    t.teardown(() => db.close());
    const filters = parseFilters({ ratio: '16:10', brightness: 'dark' });
    const where = whereClause('sqlite', filters);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM wallpapers ${indexFor('sqlite', filters)} ${where.sql}`)
      .all(...where.params) as { detail: string }[];
    t.match(plan.map((row) => row.detail).join('\n'), /COVERING INDEX wallpapers_browse/);
  }
});
