// Figures of issue 15. Near-duplicates: a set made like the corpus (realistic wallpapers), each
// original with the edits a copy goes through (resized 50% and 25%, JPEG q60-95, PNG, WebP, cropped
// up to 10%, letterboxed and pillarboxed 10%), plus versions that are other pictures (greyscale,
// tinted, a designer-style dark variant) and 200 distinct dark wallpapers (mean luminance < 0.15);
// scanned for real, grouped, and scored pair by pair (precision, recall, false dark groups).
// Grouping time on the 100k index (`wallpaper duplicates --json`, a whole process), and the p99 of
// colour searches at 10 connections.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openLibrary } from '../../dist/core/library/facade.js';
import { makeWallpaper } from '../lib/corpus.js';
import { mapLimit, seededRandom } from '../lib/util.js';
import { runWrk, writeScript } from '../lib/wrk.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const RECIPE_VERSION = 1;
const ORIGINALS = 40;
const DARK = 200;
const OTHERS = 10;

const size = async (bytes) => sharp(bytes).metadata();
const crop = (fx, fy, fw, fh) => async (b) => {
  const { width, height } = await size(b);
  const box = {
    left: Math.round(width * fx),
    top: Math.round(height * fy),
    width: Math.round(width * fw),
    height: Math.round(height * fh),
  };
  return sharp(b).extract(box).jpeg({ quality: 90 }).toBuffer();
};
const EDITS = {
  r50: async (b) =>
    sharp(b)
      .resize({ width: Math.round((await size(b)).width / 2) })
      .jpeg({ quality: 90 })
      .toBuffer(),
  r25: async (b) =>
    sharp(b)
      .resize({ width: Math.round((await size(b)).width / 4) })
      .jpeg({ quality: 90 })
      .toBuffer(),
  q60: (b) => sharp(b).jpeg({ quality: 60 }).toBuffer(),
  q75: (b) => sharp(b).jpeg({ quality: 75 }).toBuffer(),
  q95: (b) => sharp(b).jpeg({ quality: 95 }).toBuffer(),
  png: (b) => sharp(b).png().toBuffer(),
  webp: (b) => sharp(b).webp({ quality: 80 }).toBuffer(),
  crop5each: crop(0.05, 0.05, 0.9, 0.9),
  crop10left: crop(0.1, 0, 0.9, 1),
  crop8corner: crop(0, 0, 0.92, 0.92),
  letterbox: async (b) => {
    const bar = Math.round((await size(b)).height * 0.05);
    return sharp(b).extend({ top: bar, bottom: bar, background: '#000' }).jpeg({ quality: 90 }).toBuffer();
  },
  pillarbox: async (b) => {
    const bar = Math.round((await size(b)).width * 0.05);
    return sharp(b).extend({ left: bar, right: bar, background: '#000' }).jpeg({ quality: 90 }).toBuffer();
  },
};
const OTHER_VERSIONS = {
  grey: (b) => sharp(b).greyscale().jpeg({ quality: 90 }).toBuffer(),
  tint: (b) => sharp(b).tint('#ff7a1a').jpeg({ quality: 90 }).toBuffer(),
  darkvariant: (b) => sharp(b).modulate({ brightness: 0.35 }).jpeg({ quality: 90 }).toBuffer(),
};
const EXT = { png: 'png', webp: 'webp' };

/** The set's folder, made once: file names say the truth (`gNN-edit`, `dark-NNN`, `other-...`).
 * With `--corpus DIR` the originals are that folder's wallpapers (up to ORIGINALS, at most 1920
 * wide), e.g. a distribution's desktop backgrounds. */
async function ensureSet(root, log, corpus) {
  const dir = join(root, corpus ? 'duplicates-corpus' : 'duplicates');
  const marker = join(dir, 'manifest.json');
  const manifest = JSON.stringify({ version: RECIPE_VERSION, corpus: corpus?.files.map((f) => f.path) ?? null });
  if (existsSync(marker) && readFileSync(marker, 'utf8') === manifest) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`making the near-duplicate set in ${dir} (once; cached)`);
  await mapLimit(
    Array.from({ length: corpus ? Math.min(corpus.files.length, 60) : ORIGINALS }, (_, i) => i),
    2,
    async (i) => {
      const original = corpus
        ? await sharp(readFileSync(corpus.files[i].path)).resize({ width: 1920, withoutEnlargement: true }).png().toBuffer()
        : await makeWallpaper(1920, 1080, 'png', 9000 + i);
      const g = `g${String(i).padStart(2, '0')}`;
      writeFileSync(join(dir, `${g}-original.png`), original);
      for (const [name, edit] of Object.entries(EDITS))
        writeFileSync(join(dir, `${g}-${name}.${EXT[name] ?? 'jpg'}`), await edit(original));
      if (i < OTHERS)
        for (const [name, edit] of Object.entries(OTHER_VERSIONS)) writeFileSync(join(dir, `other-${name}-${g}.jpg`), await edit(original));
    },
  );
  await mapLimit(
    Array.from({ length: DARK }, (_, i) => i),
    2,
    async (i) => {
      const picture = await makeWallpaper(1280, 720, 'png', 20000 + i);
      // Darkened to a mean luminance well under 0.15 (checked in the figure).
      writeFileSync(
        join(dir, `dark-${String(i).padStart(3, '0')}.jpg`),
        await sharp(picture).linear(0.22, 0).jpeg({ quality: 88 }).toBuffer(),
      );
    },
  );
  writeFileSync(marker, manifest);
  return dir;
}

/** The truth group of a file: its original's for an edit, its own for anything else. */
const truthOf = (filename) => (/^g\d\d-/.test(filename) ? filename.slice(0, 3) : filename);

export async function duplicatesFigure({ root, scratch, log, options, corpus }) {
  const dir = await ensureSet(root, log, options.corpus ? corpus : undefined);
  const home = join(scratch, 'duplicates-home');
  rmSync(home, { recursive: true, force: true });
  const library = openLibrary({ home });
  try {
    library.updateSettings({ folders: [dir] });
    await library.scan();
    const all = library.list({}, { page: 1, limit: 200 });
    const wallpapers = [];
    for (let page = 1; page <= all.pagination.total_pages; page++) wallpapers.push(...library.list({}, { page, limit: 200 }).wallpapers);
    const name = new Map(wallpapers.map((w) => [w.id, w.filename]));
    const started = performance.now();
    const groups = library.duplicates();
    const groupMs = performance.now() - started;
    const found = new Map();
    groups.forEach((group, k) => {
      for (const id of group.ids) found.set(name.get(id), k);
    });
    let truePairs = 0;
    let predicted = 0;
    let correct = 0;
    const missedByEdit = {};
    const files = [...name.values()];
    for (let i = 0; i < files.length; i++) {
      for (let j = i + 1; j < files.length; j++) {
        const same = truthOf(files[i]) === truthOf(files[j]);
        const grouped = found.has(files[i]) && found.get(files[i]) === found.get(files[j]);
        if (same) truePairs++;
        if (grouped) predicted++;
        if (same && grouped) correct++;
        if (same && !grouped && (files[i].includes('-original') || files[j].includes('-original'))) {
          const edit = (files[i].includes('-original') ? files[j] : files[i]).slice(4).replace(/\.\w+$/, '');
          missedByEdit[edit] = (missedByEdit[edit] ?? 0) + 1;
        }
      }
    }
    // Truth groups none of whose members was grouped with anything: near-uniform pictures (flat
    // colour), never grouped by design. Recall without them says how the rest fare.
    const members = new Map();
    for (const file of files) if (/^g\d\d-/.test(file)) members.set(truthOf(file), [...(members.get(truthOf(file)) ?? []), file]);
    const ungrouped = [...members.values()].filter((list) => list.every((file) => !found.has(file)));
    const ungroupedPairs = ungrouped.reduce((sum, list) => sum + (list.length * (list.length - 1)) / 2, 0);
    const darkGroups = groups.filter((g) => g.ids.some((id) => name.get(id)?.startsWith('dark-'))).length;
    const darkLuminance = Math.max(...wallpapers.filter((w) => w.filename.startsWith('dark-')).map((w) => w.luminance));
    const precision = predicted ? correct / predicted : 1;
    const recall = correct / truePairs;
    const missed =
      Object.entries(missedByEdit)
        .map(([edit, n]) => `${edit} ${n}`)
        .join(', ') || 'none';
    const source = options.corpus ? `originals from ${options.corpus}` : 'generated originals';
    const note = `${source}: ${files.length} files, ${groups.length} groups, ${truePairs} true pairs, precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)} (${(correct / (truePairs - ungroupedPairs)).toFixed(4)} without the ${ungrouped.length} originals of which no copy was grouped at all: ${ungrouped.map((list) => list.find((f) => f.includes('-original'))).join(', ') || 'none'}); original-to-copy pairs missed by edit: ${missed}; grouping ${groupMs.toFixed(0)} ms`;
    return [
      {
        name: 'near-duplicates: pair precision',
        subject: { label: 'precision', values: [precision], unit: '' },
        ratio: { kind: 'atleast', target: 0.99, unit: '' },
        note,
      },
      {
        name: 'near-duplicates: pair recall',
        subject: { label: 'recall', values: [recall], unit: '' },
        ratio: { kind: 'atleast', target: 0.95, unit: '' },
      },
      {
        name: `near-duplicates: false groups among ${DARK} distinct dark wallpapers (max luminance ${darkLuminance.toFixed(3)})`,
        subject: { label: 'groups', values: [darkGroups], unit: '' },
        ratio: { kind: 'absolute', target: 0, unit: '' },
      },
    ];
  } finally {
    library.close();
  }
}

export async function groupingFigure({ big, options }) {
  const runs = options.quick ? 1 : 3;
  const seconds = [];
  let groups = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [BIN, '--home', big.home, 'duplicates', '--json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`duplicates --json failed: ${result.stderr}`);
    seconds.push((performance.now() - started) / 1000);
    groups = JSON.parse(result.stdout).groups.length;
  }
  return [
    {
      name: '`wallpaper duplicates --json` on the 100k index (a whole process), wall time',
      subject: { label: 'duplicates', values: seconds, unit: 's' },
      ratio: { kind: 'absolute', target: 10, unit: 's' },
      note: `${groups} groups found (the index plants one near-duplicate in 40)`,
    },
  ];
}

/** 100 colour searches: a colour alone, with a tag-free filter, two colours, sort=color, pages. */
export function colourPaths(count = 100) {
  const random = seededRandom(1515);
  const hex = () =>
    Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0');
  return Array.from({ length: count }, (_, i) => {
    const params = new URLSearchParams({ color: hex() });
    if (i % 4 === 1) params.set('brightness', 'dark');
    if (i % 5 === 2) params.append('color', hex());
    if (i % 3 === 0) params.set('sort', 'color');
    if (i % 7 === 3) params.set('color_tolerance', '0.15');
    if (i % 6 === 4) params.set('page', String(2 + Math.floor(random() * 5)));
    return `/api/wallpapers?${params}`;
  });
}

export async function colourFigure({ server, options, scratch }) {
  // The colour index loads on the first colour search after the palettes change: once, timed here.
  const started = performance.now();
  const warm = await fetch(`${server.base}/api/wallpapers?color=000000&limit=1`);
  if (warm.status !== 200) throw new Error(`colour search: ${warm.status} ${await warm.text()}`);
  await warm.text();
  const loadMs = performance.now() - started;
  const script = writeScript(scratch, 'colour', colourPaths());
  const runs = [];
  for (let i = 0; i < options.runs; i++) runs.push(runWrk(server.base, script, options.duration));
  return [
    {
      name: 'GET /api/wallpapers?color=... p99 latency at 10 connections, 100k index, 100 rotating searches',
      subject: { label: 'wallpaper', values: runs.map((r) => r.p99), unit: 'ms' },
      ratio: { kind: 'absolute', target: 25, unit: 'ms' },
      note: `${runs.map((r) => Math.round(r.rps)).join(' / ')} req/s; the colour index loaded in ${loadMs.toFixed(0)} ms on the first search`,
    },
  ];
}
