// Where a first scan's CPU goes beyond the floor's one decode (bench/figures/scan.js): each part of
// analyzeImage (src/core/analysis/analyze.ts) and the thumbnail write, run alone on every corpus
// file, the least CPU of several repeats per file (a busy machine only ever adds), summed over the
// corpus. Then a model of the figure's wall time from the per-file CPU of the floor and of the whole
// analysis: two workers taking the files in turn (name order, as both sides do, or largest first),
// the busier one's sum its wall time. `node bench/probes/scan-parts.mjs [DIST] [--repeats N]`, DIST a built tree (default dist/);
// the corpus is bench/.corpus/images (made by `npm run bench -- --only scan`).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { listImages } from '../lib/corpus.js';
import { decodeToFloor } from '../lib/floor.js';

const args = process.argv.slice(2);
const dist = resolve(
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--repeats') ?? new URL('../../dist', import.meta.url).pathname,
);
const repeats = Number(args.includes('--repeats') ? args[args.indexOf('--repeats') + 1] : 7);
const { probeImage, decodeImage } = await import(`${dist}/core/formats/index.js`);
const { ANALYSIS_SIZE, pixelStats } = await import(`${dist}/core/analysis/classify.js`);
const { FINGERPRINT_SIZE, barsCut, fingerprintOf, insideBars } = await import(`${dist}/core/analysis/fingerprint.js`);
const { gridOf } = await import(`${dist}/core/analysis/grid.js`);
const { paletteOf } = await import(`${dist}/core/analysis/palette.js`);
const { analyzeImage } = await import(`${dist}/core/analysis/analyze.js`);
const { ThumbnailCache } = await import(`${dist}/core/library/thumbnails.js`);
const { MAX_PIXELS, THUMBNAIL_QUALITY } = await import(`${dist}/core/limits.js`);
const { default: sharp } = await import('sharp');

const SIZE = 480; // the default thumbnail_size: the scan decodes to it
const fit = { fit: 'inside', withoutEnlargement: true };
const files = listImages(new URL('../.corpus/images', import.meta.url).pathname).files.map((f) => ({ ...f, bytes: readFileSync(f.path) }));
const cacheHome = mkdtempSync(join(tmpdir(), 'wallpaper-probe-parts-'));
const cache = new ThumbnailCache(cacheHome);

/** The scan's one decode, as analyze.ts makes it, and what its other parts start from. */
async function decoded(bytes) {
  const probe = await probeImage(bytes);
  const { data, info } = await (await decodeImage(bytes, probe, { scale: Math.min(1, SIZE / Math.max(probe.width, probe.height)) }))
    .rotate()
    .resize(SIZE, SIZE, { ...fit, fastShrinkOnLoad: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels }, limitInputPixels: MAX_PIXELS };
  return { data, info, raw, bars: insideBars(data, info.width, info.height, info.channels) };
}
const smallOf = (d) =>
  sharp(d.data, d.raw)
    .flatten({ background: '#000000' })
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
const squareOf = (d) =>
  sharp(d.data, d.raw)
    .extract(d.bars)
    .flatten({ background: '#000000' })
    .resize(FINGERPRINT_SIZE, FINGERPRINT_SIZE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();

const parts = {
  'floor: sharp to 512 px': (f) => decodeToFloor(f.bytes),
  'probe (header read)': (f) => probeImage(f.bytes),
  'the decode (probe included)': (f) => decoded(f.bytes),
  'id: SHA-256 of the file': (f) => createHash('sha256').update(f.bytes).digest('hex'),
  'thumbnail: WebP encode': (f) => sharp(f.d.data, f.d.raw).webp({ quality: THUMBNAIL_QUALITY, effort: 0 }).toBuffer(),
  'colours: 64 px resize': (f) => smallOf(f.d),
  'fingerprint: 64x64 resize': (f) => squareOf(f.d),
  'letterbox bars (JS)': (f) => insideBars(f.d.data, f.d.info.width, f.d.info.height, f.d.info.channels),
  'luminance and hue (JS)': (f) => pixelStats(f.small.data, f.small.info.channels),
  'palette (JS)': (f) => paletteOf(f.small.data, f.small.info.channels),
  'fingerprint and grid (JS)': (f) => {
    fingerprintOf(f.square, 3, 1, barsCut(f.d.bars, f.d.info));
    gridOf(f.square, 3);
  },
  'thumbnail file written': (f) => cache.write(f.id, SIZE, f.thumbnail),
  'the whole analysis (analyzeImage)': (f) => analyzeImage(f.bytes, SIZE, f.path.slice(f.path.lastIndexOf('.') + 1)),
};

for (const f of files) {
  f.d = await decoded(f.bytes);
  f.small = await smallOf(f.d);
  f.square = await squareOf(f.d);
  f.thumbnail = await parts['thumbnail: WebP encode'](f);
  f.id = createHash('sha256').update(f.bytes).digest('hex').slice(0, 16);
}
for (const f of files.slice(0, 3)) for (const part of Object.values(parts)) await part(f); // warm-up
const sums = Object.fromEntries(Object.keys(parts).map((name) => [name, 0]));
for (const f of files) {
  for (const [name, part] of Object.entries(parts)) {
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < repeats; i++) {
      const cpu = process.cpuUsage();
      await part(f);
      const used = process.cpuUsage(cpu);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    sums[name] += least;
    f[name] = least;
  }
}
rmSync(cacheHome, { recursive: true, force: true });
const floor = sums['floor: sharp to 512 px'];
console.log(`${files.length} images, ${dist}; per part: least CPU of ${repeats} per file, summed`);
for (const [name, ms] of Object.entries(sums))
  console.log(`${name.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms  ${((ms / floor) * 100).toFixed(1).padStart(5)}% of the floor`);

/** Two workers, each taking the next file when free: the busier one's total. */
const makespan = (list, part) => {
  const busy = [0, 0];
  for (const f of list) busy[busy[0] <= busy[1] ? 0 : 1] += f[part];
  return Math.max(...busy);
};
const FLOOR = 'floor: sharp to 512 px';
const SCAN = 'the whole analysis (analyzeImage)';
const largestFirst = [...files].sort((a, b) => b.size - a.size);
for (const [order, list] of [
  ['name order', files],
  ['largest first', largestFirst],
]) {
  const [f, s] = [makespan(list, FLOOR), makespan(list, SCAN)];
  console.log(
    `model, ${order}: floor ${f.toFixed(0)} ms (cores busy ${((sums[FLOOR] / 2 / f) * 100).toFixed(0)}%), analysis ${s.toFixed(0)} ms (${((sums[SCAN] / 2 / s) * 100).toFixed(0)}%), ${(s / f).toFixed(3)}x`,
  );
}
