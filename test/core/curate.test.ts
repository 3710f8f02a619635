// Curation in the core: palettes (OKLab k-means), near-duplicate fingerprints against the edits a
// copy goes through and the versions that are other pictures, grouping with "keep" and "not
// duplicates" marks, folder tags, and the curation filters' parsing (table-tested).
import sharp from 'sharp';
import t from 'tap';
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import { groupDuplicates, nearDuplicates } from '../../src/core/curate/duplicates.js';
import { parseCurationFilters } from '../../src/core/query/curation-params.js';
import { cellOf, cellsNear, hexToLab, labDistance, labToHex } from '../../src/core/analysis/oklab.js';
import { folderTags } from '../../src/core/curate/folder-tags.js';
import { normalTag } from '../../src/core/query/tag-words.js';
import { WallpaperError } from '../../src/core/errors.js';
import { twoColourBytes } from '../helpers/fixtures.js';
import { EDITS, OTHER_VERSIONS, photo } from '../helpers/photos.js';

const fingerprint = async (bytes: Buffer) => (await analyzeImage(bytes, 480)).analysis.fingerprint;

t.test('OKLab: hex round trips, distances, and the cells a search visits hold every colour near it', async (t) => {
  for (const hex of ['#000000', '#ffffff', '#1e3a5f', '#e0c080', '#ff0000']) t.equal(labToHex(hexToLab(hex)!), hex, hex);
  t.equal(hexToLab('abc')?.join(), hexToLab('#aabbcc')?.join(), 'three digits');
  t.equal(hexToLab('zz0000'), undefined);
  t.ok(labDistance(hexToLab('#000000')!, hexToLab('#ffffff')!) > 0.99, 'black to white is about 1');
  const centre = hexToLab('#336699')!;
  const cells = new Set(cellsNear(centre, 0.08));
  let missed = 0;
  for (let i = 0; i < 2000; i++) {
    const near = [
      centre[0] + (Math.random() - 0.5) * 0.16,
      centre[1] + (Math.random() - 0.5) * 0.16,
      centre[2] + (Math.random() - 0.5) * 0.16,
    ] as const;
    if (labDistance(near, centre) <= 0.08 && !cells.has(cellOf(near))) missed++;
  }
  t.equal(missed, 0, 'every colour within the tolerance is in a visited cell');
});

t.test('a palette: the colours of the picture with their shares, largest first', async (t) => {
  const { palette } = (await analyzeImage(await twoColourBytes(400, 200, '#1e3a5f', '#e0c080'), 480)).analysis;
  t.equal(palette.length, 2, 'two flat colours, two palette colours');
  for (const [i, hex] of ['#1e3a5f', '#e0c080'].entries()) {
    const entry = palette.find((p) => labDistance(p.lab, hexToLab(hex)!) < 0.02);
    t.ok(entry, `${hex} is in the palette (entry ${i})`);
    t.ok(Math.abs(entry!.share - 0.5) <= 0.02, 'each covers half');
  }
  const flat = (
    await analyzeImage(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
        .png()
        .toBuffer(),
      480,
    )
  ).analysis;
  t.same(
    flat.palette.map((p) => [p.color, p.share]),
    [['#808080', 1]],
    'a flat picture has one colour',
  );
  const rich = (await analyzeImage(await photo(3), 480)).analysis.palette;
  t.ok(rich.length >= 3 && rich.length <= 5, 'a photo has up to five');
  t.ok(
    rich.every((p, i) => i === 0 || p.share <= rich[i - 1]!.share),
    'largest share first',
  );
  t.ok(Math.abs(rich.reduce((sum, p) => sum + p.share, 0) - 1) <= 0.05, 'the shares cover the picture');
});

t.test('near-duplicates: every edit of a copy is found; other versions and other pictures are not', async (t) => {
  for (const seed of [11, 12, 13]) {
    const original = await photo(seed, 1280, 720);
    const print = await fingerprint(original);
    for (const [name, edit] of Object.entries(EDITS))
      t.ok(nearDuplicates(print, await fingerprint(await edit(original))), `picture ${seed}, ${name}`);
    for (const [name, edit] of Object.entries(OTHER_VERSIONS)) {
      t.notOk(nearDuplicates(print, await fingerprint(await edit(original))), `picture ${seed}, ${name} is another picture`);
    }
    t.notOk(nearDuplicates(print, await fingerprint(await photo(seed + 100, 1280, 720))), `picture ${seed} and another`);
  }
});

t.test('near-uniform and dark pictures are never grouped by the hash alone', async (t) => {
  const black = (
    await analyzeImage(
      await sharp({ create: { width: 800, height: 450, channels: 3, background: '#050505' } })
        .jpeg()
        .toBuffer(),
      480,
    )
  ).analysis.fingerprint;
  const alsoBlack = (
    await analyzeImage(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#070707' } })
        .png()
        .toBuffer(),
      480,
    )
  ).analysis.fingerprint;
  t.notOk(nearDuplicates(black, alsoBlack), 'two flat near-black pictures');
  const darks = await Promise.all(Array.from({ length: 40 }, async (_, i) => fingerprint(await photo(500 + i, 640, 360, { dark: true }))));
  const candidates = darks.map((print, i) => ({
    id: `dark${String(i).padStart(12, '0')}`,
    fingerprint: print,
    width: 640,
    height: 360,
    size_bytes: 1000,
    content_type: 'image/png',
  }));
  t.same(groupDuplicates(candidates), [], '40 distinct dark pictures: no group');
  const luminance = (await analyzeImage(await photo(501, 640, 360, { dark: true }), 480)).analysis.luminance;
  t.ok(luminance < 0.15, `the dark pictures are dark (${luminance})`);
});

t.test('groups: transitive, the best copy kept, "not duplicates" pairs never joined', async (t) => {
  const original = await photo(21, 1600, 900);
  const members = [
    { id: 'a000000000000001', bytes: await EDITS['resized 50%']!(original), width: 800, height: 450 },
    { id: 'a000000000000002', bytes: original, width: 1600, height: 900 },
    { id: 'a000000000000003', bytes: await EDITS['JPEG q60']!(original), width: 1600, height: 900 },
    { id: 'a000000000000004', bytes: await photo(22, 1600, 900), width: 1600, height: 900 },
  ];
  const candidates = await Promise.all(
    members.map(async (m) => ({
      id: m.id,
      fingerprint: await fingerprint(m.bytes),
      width: m.width,
      height: m.height,
      size_bytes: m.bytes.length,
      content_type: m.id.endsWith('2') ? 'image/png' : 'image/jpeg',
    })),
  );
  const [group] = groupDuplicates(candidates);
  t.same(group?.ids, ['a000000000000001', 'a000000000000002', 'a000000000000003'], 'the copies, not the other picture');
  t.equal(group?.keep, 'a000000000000002', 'most pixels, then least compressed (the PNG, not the q60 JPEG)');
  const marked = groupDuplicates(
    candidates,
    new Set(['a000000000000002\na000000000000003', 'a000000000000001\na000000000000002', 'a000000000000001\na000000000000003']),
  );
  t.same(marked, [], 'marked pairs are not joined');
});

t.test('folder tags: every subfolder below the library folder, normalised', async (t) => {
  const table: [string, string[], string[]][] = [
    ['/w/nature/mountains/a.jpg', ['/w'], ['nature', 'mountains']],
    ['/w/a.jpg', ['/w'], []],
    ['/w/Star  Wars/x.png', ['/w'], ['star wars']],
    ['/other/x/a.jpg', ['/w'], []],
    ['/w/deep/inner/b.jpg', ['/w', '/w/deep'], ['inner']],
  ];
  for (const [path, folders, tags] of table) t.same(folderTags(path, folders), tags, path);
  t.equal(normalTag(' Space '), 'space');
  t.equal(normalTag('a,b'), undefined);
  t.equal(normalTag('x'.repeat(65)), undefined);
});

t.test('curation filters: what each parameter accepts, and the message naming it otherwise', async (t) => {
  const ok: [Record<string, string | string[]>, object][] = [
    [{ color: '#1E3A5F' }, { color: ['1e3a5f'], color_tolerance: 0.08 }],
    [
      { color: ['abc', '102030'], color_tolerance: '0.2' },
      { color: ['aabbcc', '102030'], color_tolerance: 0.2 },
    ],
    [{ color_tolerance: '0.5' }, {}],
    [{ tag: ['Nature', 'mountains'] }, { tag: ['nature', 'mountains'] }],
    [{ q: '  Blue   Sky ' }, { q: 'blue sky' }],
    [
      { favorite: 'true', hidden: 'any' },
      { favorite: true, hidden: 'any' },
    ],
    [
      { favorite: 'false', hidden: 'false' },
      { favorite: false, hidden: false },
    ],
    [{ favorite: '', hidden: '', color: '', tag: '' }, {}],
  ];
  for (const [params, expected] of ok) t.same(parseCurationFilters(params), expected, JSON.stringify(params));
  const bad: [Record<string, string | string[]>, RegExp][] = [
    [{ color: 'blue' }, /^invalid color "blue": expected a hex colour/],
    [{ color: '#12345' }, /^invalid color/],
    [{ color: '123456', color_tolerance: '2' }, /^invalid color_tolerance "2": expected a number from 0 to 1/],
    [{ color: '123456', color_tolerance: 'abc' }, /^invalid color_tolerance/],
    [{ tag: 'a,b' }, /^invalid tag "a,b"/],
    [{ favorite: 'yes' }, /^invalid favorite "yes": expected true or false/],
    [{ hidden: 'maybe' }, /^invalid hidden "maybe": expected true, false or any/],
    [{ favorite: ['true', 'false'] }, /^invalid favorite: given 2 times/],
    [{ q: Array.from({ length: 9 }, (_, i) => `w${i}`).join(' ') }, /^invalid q/],
    [{ tag: Array.from({ length: 9 }, (_, i) => `t${i}`) }, /^invalid tag: given 9 times, at most 8/],
  ];
  for (const [params, message] of bad) {
    t.throws(() => parseCurationFilters(params), { code: 'invalid_param', message }, JSON.stringify(params));
  }
  t.throws(() => parseCurationFilters({ color: 'navy' }), WallpaperError, 'a WallpaperError, mapped to 400 and exit status 2');
});
