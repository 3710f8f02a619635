// Near-duplicates are the same picture for the same screen, table-tested on pictures
// made in code: versions of a design for another orientation or an aspect ratio apart beyond
// rounding (16:10 and 16:9, 4:3 and 5:4, a crop of 10% of one side) are never grouped,
// nor colour gradings; copies (resized, re-encoded, converted, cropped keeping the shape,
// letterboxed) are; a "not duplicates" mark keeps two apart even through a third; every
// group's kept member is made for the same screen as each other member.
import sharp, { type Sharp } from 'sharp';
import t from 'tap';
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import { type Candidate, groupDuplicates } from '../../src/core/curate/duplicates.js';
import { aspectsOf, sameScreen } from '../../src/core/curate/screen-shape.js';
import { EDITS, OTHER_SHAPES, photo } from '../helpers/photos.js';

const noBars = new Uint8Array();
const shape = (width: number, height: number) => ({ width, height, fingerprint: noBars });

t.test('screen shapes: one orientation and aspect ratios apart only by rounding are one screen', async (t) => {
  const table: [string, [number, number], [number, number], boolean][] = [
    ['a resize', [1920, 1080], [1280, 720], true],
    ['16:9 and 1136x640', [1920, 1080], [1136, 640], true],
    ['16:9 and 1366x768', [1920, 1080], [1366, 768], true],
    ['21:9 as 2560x1080 and 3440x1440', [2560, 1080], [3440, 1440], true],
    ['a crop of 6% and 7% at a corner', [1920, 1080], [1805, 1004], true],
    ['a 10% crop of one side', [1920, 1080], [1728, 1080], false],
    ['a 5% crop of each side', [1920, 1080], [1728, 972], true],
    ['16:10 and 16:9', [1920, 1200], [1920, 1080], false],
    ['4:3 and 5:4', [1600, 1200], [1280, 1024], false],
    ['16:10 and 3:2', [1920, 1200], [1800, 1200], false],
    ['landscape and portrait', [1920, 1080], [1080, 1920], false],
    ["sway's 2048x1536 and its portrait", [2048, 1536], [1536, 2048], false],
    ['4:3 and 16:9', [2048, 1536], [1920, 1080], false],
    ['16:9 and 21:9', [1920, 1080], [3440, 1440], false],
    ['a phone and a 4:3 portrait', [1080, 1920], [768, 1024], false],
    ['square and near-square', [1000, 1000], [1030, 1000], true],
    ['a 10% crop of a square', [1000, 1000], [900, 1000], false],
    ['a 2% crop of a square', [1000, 1000], [980, 1000], true],
    ['landscape and portrait, however near square', [1040, 1000], [1000, 1040], false],
  ];
  for (const [name, a, b, same] of table) {
    t.equal(sameScreen(shape(...a), shape(...b)), same, name);
    t.equal(sameScreen(shape(...b), shape(...a)), same, `${name} (the other way)`);
  }
});

const candidate = async (id: string, bytes: Buffer): Promise<Candidate> => {
  const { analysis } = await analyzeImage(bytes, 480);
  return {
    id,
    fingerprint: analysis.fingerprint,
    width: analysis.width,
    height: analysis.height,
    size_bytes: bytes.length,
    content_type: analysis.content_type,
  };
};
const id = (n: number) => `b${String(n).padStart(15, '0')}`;

t.test('a letterboxed copy has its picture inside the bars as its shape', async (t) => {
  const original = await photo(31, 1280, 720);
  const boxed = await candidate(id(2), await EDITS.letterboxed!(original));
  t.ok(
    aspectsOf(boxed).some((ratio) => Math.abs(ratio - 16 / 9) < 0.05),
    `the bars' picture is 16:9 (${aspectsOf(boxed).map((r) => r.toFixed(2))})`,
  );
  t.ok(sameScreen(await candidate(id(1), original), boxed), 'one screen with its original');
});

t.test('versions for other screens and colour gradings are never grouped; copies are', async (t) => {
  for (const seed of [41, 42, 43]) {
    const original = await photo(seed, 1600, 900);
    const members: [string, Buffer, boolean][] = [['original', original, true]];
    for (const [name, edit] of Object.entries(EDITS)) members.push([name, await edit(original), true]);
    // The same design drawn for other screens: photo() draws one seed's design at any size; a
    // crop that changes the shape is another screen's picture too.
    for (const [name, edit] of Object.entries(OTHER_SHAPES)) members.push([name, await edit(original), false]);
    members.push(['portrait version', await photo(seed, 900, 1600), false]);
    members.push(['4:3 version', await photo(seed, 1200, 900), false]);
    members.push(['21:9 version', await photo(seed, 2100, 900), false]);
    // A designer's gradings: the whole picture cooler, warmer, lighter.
    const grade = (edit: (s: Sharp) => Sharp) => edit(sharp(original)).png().toBuffer();
    members.push(['cooler grading', await grade((s) => s.linear([0.9, 1, 1.1], [0, 0, 8])), false]);
    members.push(['warmer grading', await grade((s) => s.linear([1.1, 1, 0.9], [8, 0, 0])), false]);
    members.push(['lighter grading', await grade((s) => s.linear(1.12, 6)), false]);
    const candidates = await Promise.all(members.map(([, bytes], i) => candidate(id(seed * 100 + i), bytes)));
    const groups = groupDuplicates(candidates);
    const groupOf = (i: number) => groups.find((g) => g.ids.includes(candidates[i]!.id));
    const originalGroup = groupOf(0);
    t.ok(originalGroup, `picture ${seed}: the original is grouped with its copies`);
    members.forEach(([name, , copy], i) => {
      if (i === 0) return;
      if (copy) t.equal(groupOf(i), originalGroup, `picture ${seed}: ${name} is a copy`);
      else t.not(groupOf(i), originalGroup, `picture ${seed}: ${name} is not grouped with the original`);
    });
    const versions = members.flatMap(([name, , copy], i) => (!copy && groupOf(i) ? [name] : []));
    t.same(versions, [], `picture ${seed}: no version for another screen and no grading is in any group`);
    for (const group of groups) {
      const keep = candidates.find((c) => c.id === group.keep)!;
      t.ok(
        group.ids.every((member) => sameScreen(keep, candidates.find((c) => c.id === member)!)),
        `picture ${seed}: the kept one is made for every member's screen`,
      );
    }
  }
});

t.test('a "not duplicates" mark keeps two apart even through a third (cannot-link)', async (t) => {
  const original = await photo(51, 1280, 720);
  const copies = await Promise.all(
    [original, await EDITS['JPEG q60']!(original), await EDITS['resized 50%']!(original), await EDITS.PNG!(original)].map((bytes, i) =>
      candidate(id(900 + i), bytes),
    ),
  );
  const [a, b, c, d] = copies.map((x) => x.id) as [string, string, string, string];
  t.same(
    groupDuplicates(copies).map((g) => g.ids.length),
    [4],
    'unmarked: one group of four',
  );
  const pair = (x: string, y: string) => (x < y ? `${x}\n${y}` : `${y}\n${x}`);
  for (const marks of [[pair(a, b)], [pair(a, c), pair(b, d)], [pair(a, d), pair(b, c), pair(c, d)]]) {
    const groups = groupDuplicates(copies, new Set(marks));
    for (const mark of marks) {
      const [x, y] = mark.split('\n');
      t.notOk(
        groups.some((g) => g.ids.includes(x!) && g.ids.includes(y!)),
        `marked ${marks.length}: ${x} and ${y} share no group`,
      );
    }
    t.ok(groups.length > 0, `marked ${marks.length}: the pairs not marked are still grouped`);
  }
});

/** One drawing made for a screen as desktop-base draws its themes: a plain background and a motif
 * in the middle, the background running further on a wider screen. */
const drawing = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${-width / 2} ${-height / 2} ${width} ${height}">` +
      `<rect x="${-width / 2}" y="${-height / 2}" width="${width}" height="${height}" fill="#0a1040"/>` +
      `<g transform="scale(${height / 1080})"><circle r="300" fill="#20a0a0"/><path d="M-500 200 L300 -400 L420 -250 Z" fill="#f0f0f0"/>` +
      '<rect x="-120" y="80" width="520" height="90" fill="#e06020"/></g></svg>',
  );

t.test('SVG: sizes of one drawing for one screen are one group, the largest kept; other shapes never', async (t) => {
  const sizes: [number, number][] = [
    [1920, 1080],
    [3840, 2160],
    [1280, 720],
    [1920, 1200],
    [2560, 1600],
    [1600, 1200],
    [1280, 1024],
    [2560, 1080],
  ];
  const candidates = await Promise.all(sizes.map(([w, h], i) => candidate(id(700 + i), drawing(w, h))));
  t.same(
    candidates.map((c) => [c.content_type, c.width, c.height]),
    sizes.map(([w, h]) => ['image/svg+xml', w, h]),
    'analysed as SVGs at their nominal sizes',
  );
  const groups = groupDuplicates(candidates);
  const byId = (x: string) => sizes[candidates.findIndex((c) => c.id === x)]!.join('x');
  t.same(
    groups.map((g) => ({ ids: g.ids.map(byId).sort(), keep: byId(g.keep) })).sort((a, b) => (a.keep < b.keep ? -1 : 1)),
    [
      { ids: ['2560x1600', '1920x1200'].sort(), keep: '2560x1600' },
      { ids: ['1280x720', '1920x1080', '3840x2160'].sort(), keep: '3840x2160' },
    ].sort((a, b) => (a.keep < b.keep ? -1 : 1)),
    '16:9 sizes together and 16:10 sizes together, the larger nominal size kept; 4:3, 5:4 and 21:9 alone',
  );
});
