// The image corpus of the scan and file figures: realistic wallpapers made with sharp (gradients,
// soft shapes, blurred mid-frequency texture and fine grain, so decoders work as hard as on photos;
// flat colour would decode unrealistically fast), cached under bench/.corpus/images so reruns skip it.
// `--corpus DIR` replaces it with a folder of real wallpapers.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { mapLimit, seededRandom } from './util.js';

/** Bump when the recipe changes, so a cached corpus of the old recipe is made again. */
const RECIPE_VERSION = 4;

/** Wallpaper sizes people download, 1920x1080 up to 5120x2880 (16:9, 16:10, 21:9). */
const SIZES = [
  [1920, 1080],
  [2560, 1440],
  [3840, 2160],
  [5120, 2880],
  [2560, 1600],
  [3440, 1440],
  [1920, 1200],
  [2880, 1800],
];

/** The format mix of real wallpaper folders: mostly JPEG, some PNG and WebP. */
const FORMATS = ['jpg', 'jpg', 'png', 'jpg', 'webp', 'jpg', 'png', 'webp', 'jpg', 'jpeg'];

/** Images in the generated corpus; --quick scans the first QUICK_IMAGES. */
export const CORPUS_IMAGES = 30;
export const QUICK_IMAGES = 12;

const IMAGE_EXT = new Set(['.jpg', '.jpeg', '.png', '.webp']);

/** The corpus folder (made if needed) and its files, sorted by name. */
export async function ensureCorpus(root, { log }) {
  const dir = join(root, 'images');
  const manifestFile = join(dir, 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  if (manifest?.version !== RECIPE_VERSION || manifest.count !== CORPUS_IMAGES) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`making the corpus: ${CORPUS_IMAGES} wallpapers in ${dir} (once; cached for later runs)`);
    const started = performance.now();
    await mapLimit(
      Array.from({ length: CORPUS_IMAGES }, (_, i) => i),
      2,
      async (i) => {
        const [width, height] = SIZES[i % SIZES.length];
        const ext = FORMATS[i % FORMATS.length];
        const name = `wallpaper-${String(i).padStart(2, '0')}-${width}x${height}.${ext}`;
        writeFileSync(join(dir, name), await makeWallpaper(width, height, ext, i + 1));
      },
    );
    writeFileSync(manifestFile, JSON.stringify({ version: RECIPE_VERSION, count: CORPUS_IMAGES }));
    log(`corpus made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return listImages(dir);
}

/** Image files directly in `dir` (a real corpus may also have subfolders: they are walked). */
export function listImages(dir) {
  const files = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (IMAGE_EXT.has(extname(entry.name).toLowerCase())) files.push({ path, size: statSync(path).size });
    }
  };
  visit(dir);
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { dir, files };
}

/** A JPEG near 4 MB (the size the issue quotes for file serving), or the largest JPEG there is. */
export function referenceJpeg(files) {
  const jpegs = files.filter((f) => /\.jpe?g$/i.test(f.path));
  if (jpegs.length === 0) throw new Error('the corpus holds no JPEG file for the file-serving figures');
  return jpegs.reduce((best, f) => (Math.abs(f.size - 4e6) < Math.abs(best.size - 4e6) ? f : best));
}

export async function makeWallpaper(width, height, ext, seed) {
  const random = seededRandom(seed);
  const colour = () => `hsl(${Math.floor(random() * 360)}, ${30 + Math.floor(random() * 60)}%, ${15 + Math.floor(random() * 60)}%)`;
  // Sky-to-ground gradient with a few soft blobs: the large-scale structure of a landscape photo.
  const blobs = Array.from({ length: 6 }, (_, i) => {
    const cx = Math.floor(random() * width);
    const cy = Math.floor(random() * height);
    const r = Math.floor((0.1 + random() * 0.3) * width);
    return `<radialGradient id="b${i}"><stop offset="0" stop-color="${colour()}" stop-opacity="0.8"/><stop offset="1" stop-color="${colour()}" stop-opacity="0"/></radialGradient>
      <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#b${i})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="0.55" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${blobs}</svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();

  // Mid-frequency texture: coarse noise, blurred and scaled up (foliage, clouds, water).
  const coarse = await sharp({
    create: { width: Math.ceil(width / 8), height: Math.ceil(height / 8), channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .blur(1.2)
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  // Fine grain: what makes photos expensive to compress and to decode.
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .raw()
    .toBuffer();

  const raw = { raw: { width, height, channels: 3 } };
  let image = sharp(base, raw).composite([
    { input: coarse, raw: raw.raw, blend: 'soft-light' },
    { input: grain, raw: raw.raw, blend: 'overlay' },
  ]);
  // composite() adds an alpha channel: drop it, so the files are plain RGB like camera output.
  image = sharp(await image.removeAlpha().raw().toBuffer(), raw);
  if (ext === 'png') return image.png({ compressionLevel: 6 }).toBuffer();
  if (ext === 'webp') return image.webp({ quality: 85 }).toBuffer();
  return image.jpeg({ quality: 90, mozjpeg: false }).toBuffer();
}
