// Figure (issue 30): every format a real library holds, on 30 real wallpapers of Debian's packages
// (the tests' test-artifacts/debian-wallpapers, downloaded with apt-get when missing) made into each
// format by Debian's encoders (cjxl's lossless recompression of each JPEG, as GNOME ships them;
// heif-enc) and by sharp (AVIF, TIFF, GIF; BMP by our writer). Per format, the first scan's time
// against the native command-line decoder on the same files, with the scan's concurrency, as the
// floor (djxl, heif-convert, vips); JPEG XL also with the WebAssembly decoder alone; the cold variant
// of a 4K JPEG XL against the same picture as JPEG; RSS after 30 large JPEG XL/HEIC decodes.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { decodeImage, probeImage, useSystemDecoders, wasmDecoders } from '../../dist/core/formats/index.js';
import { openLibrary } from '../../dist/core/library/facade.js';
import { releaseMemory } from '../../dist/core/library/release-memory.js';
import { renderVariant } from '../../dist/core/variants/render.js';
import { mapLimit } from '../lib/util.js';

const run = promisify(execFile);
const CONCURRENCY = Math.max(2, availableParallelism());
const COUNT = 30;
/** The size the sharp- and heif-enc-made formats are written at (x265 at 4K takes ~35 s a file). */
const [WIDTH, HEIGHT] = [1920, 1080];
const has = (tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
};

function debianRoot(repo) {
  const root = join(repo, 'test-artifacts', 'debian-wallpapers', 'root');
  if (existsSync(root)) return root;
  const debs = mkdtempSync(join(tmpdir(), 'wallpaper-debs-'));
  execFileSync('apt-get', ['download', 'gnome-backgrounds', 'plasma-workspace-wallpapers', 'mate-backgrounds'], {
    cwd: debs,
    stdio: 'pipe',
  });
  for (const deb of readdirSync(debs)) execFileSync('dpkg-deb', ['-x', join(debs, deb), root]);
  rmSync(debs, { recursive: true, force: true });
  return root;
}

/** The 30 largest-first real JPEG wallpapers (at least 1920 wide), as paths. */
async function pickWallpapers(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.jpe?g$/i.test(entry.name)) found.push(path);
    }
  };
  walk(join(root, 'usr', 'share'));
  const sized = [];
  for (const path of found.sort()) {
    const { width = 0, height = 0 } = await sharp(path).metadata();
    if (width >= 1920 && height >= 1080) sized.push(path);
  }
  return sized.slice(0, COUNT);
}

/** Each format's folder of the 30 pictures, made once and kept in the bench's corpus folder. */
async function makeCorpus(dir, wallpapers, log) {
  const folders = {};
  for (const format of ['jpg', 'jxl', 'heic', 'avif', 'tif', 'gif', 'bmp', 'png']) {
    folders[format] = join(dir, format);
    mkdirSync(folders[format], { recursive: true });
  }
  if (existsSync(join(dir, 'ready'))) return folders;
  log(`formats: making the corpus of ${wallpapers.length} wallpapers in every format (once)`);
  await mapLimit(wallpapers, CONCURRENCY, async (path, i) => {
    const stem = `${String(i).padStart(2, '0')}-${basename(path).replace(/\.[^.]+$/, '')}`;
    const image = sharp(path).resize(WIDTH, HEIGHT, { fit: 'cover' }).removeAlpha();
    const png = join(folders.png, `${stem}.png`);
    await image.clone().png().toFile(png);
    writeFileSync(join(folders.jpg, `${stem}.jpg`), readFileSync(path));
    await run('cjxl', [path, join(folders.jxl, `${stem}.jxl`), '--quiet']);
    await run('heif-enc', ['-q', '80', png, '-o', join(folders.heic, `${stem}.heic`)]);
    await image
      .clone()
      .avif()
      .toFile(join(folders.avif, `${stem}.avif`));
    await image
      .clone()
      .tiff({ compression: 'lzw' })
      .toFile(join(folders.tif, `${stem}.tif`));
    await image
      .clone()
      .gif()
      .toFile(join(folders.gif, `${stem}.gif`));
    const { data, info } = await image.clone().raw().toBuffer({ resolveWithObject: true });
    writeFileSync(join(folders.bmp, `${stem}.bmp`), bmp(data, info.width, info.height));
  });
  writeFileSync(join(dir, 'ready'), '');
  return folders;
}

function bmp(rgb, width, height) {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      out[row + x * 3] = rgb[from + 2];
      out[row + x * 3 + 1] = rgb[from + 1];
      out[row + x * 3 + 2] = rgb[from];
    }
  }
  return out;
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { seconds: (performance.now() - started) / 1000, value };
}

async function scanOnce(folder) {
  const home = mkdtempSync(join(tmpdir(), 'wallpaper-bench-formats-'));
  const library = openLibrary({ home });
  library.updateSettings({ folders: [folder] });
  try {
    const result = await timed(() => library.scan());
    if (result.value.failed.length > 0) throw new Error(`scan of ${folder} failed: ${JSON.stringify(result.value.failed[0])}`);
    return result.seconds;
  } finally {
    library.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** The native decoder of each format over a folder, with the scan's concurrency. */
function floorOf(format, scratch) {
  const out = (file, ext) => join(scratch, `${basename(file)}.${ext}`);
  switch (format) {
    case 'jxl':
      return has('djxl') && { label: 'djxl to PPM', decode: (file) => run('djxl', [file, out(file, 'ppm'), '--quiet']) };
    case 'heic':
      return (
        has('heif-convert') && { label: 'heif-convert to Y4M', decode: (file) => run('heif-convert', ['--quiet', file, out(file, 'y4m')]) }
      );
    case 'bmp':
      return false;
    default:
      return has('vips') && { label: 'vips copy to .v', decode: (file) => run('vips', ['copy', file, out(file, 'v')]) };
  }
}

export async function formatsFigure({ root, scratch, options, log }) {
  const repo = join(root, '..', '..');
  const wallpapers = await pickWallpapers(debianRoot(repo));
  const folders = await makeCorpus(join(root, 'formats'), wallpapers, log);
  const runs = Math.max(1, options.quick ? 1 : Math.min(options.runs ?? 3, 2));
  const rows = [];

  const scanRow = async (format, label, prepare = () => {}) => {
    const files = readdirSync(folders[format]).map((name) => join(folders[format], name));
    const floor = floorOf(format, scratch);
    prepare();
    const scans = [];
    const floors = [];
    for (let i = 0; i < runs; i++) {
      scans.push(await scanOnce(folders[format]));
      if (floor) floors.push((await timed(() => mapLimit(files, CONCURRENCY, floor.decode))).seconds);
      log(`  ${label}: scan ${scans.at(-1).toFixed(2)} s${floor ? `, ${floor.label} ${floors.at(-1).toFixed(2)} s` : ''}`);
    }
    useSystemDecoders(true);
    if (!floor) {
      const png = [];
      for (let i = 0; i < runs; i++) png.push(await scanOnce(folders.png));
      return {
        name: `first scan of ${files.length} ${label}`,
        subject: { label: 'scan', values: scans, unit: 's' },
        baseline: { label: 'scan of the same pictures as PNG', values: png, unit: 's' },
        ratio: { kind: 'time', target: 2.5 },
      };
    }
    const target = format === 'jxl' || format === 'heic' ? 2.5 : 2.5;
    return {
      name: `first scan of ${files.length} ${label} (rate >= 0.4x the native decoder's)`,
      subject: { label: 'scan', values: scans, unit: 's' },
      baseline: { label: floor.label, values: floors, unit: 's' },
      ratio: { kind: 'time', target },
    };
  };

  rows.push(await scanRow('jxl', 'JPEG XL (cjxl recompressions of the real JPEGs)'));
  rows.push(await scanRow('jxl', 'JPEG XL, WebAssembly decoder only', () => useSystemDecoders(false)));
  rows.push(await scanRow('heic', `HEIC (${WIDTH}x${HEIGHT}, heif-enc -q 80)`));
  for (const format of ['avif', 'tif', 'gif', 'bmp'])
    rows.push(await scanRow(format, `${format.toUpperCase()} (${WIDTH}x${HEIGHT}, sharp)`));

  // The cold variant of a 4K JPEG XL against the same picture as JPEG.
  const fourK = readdirSync(folders.jpg)
    .map((name) => join(folders.jpg, name))
    .find((path) => /3840x2160/.test(path));
  if (fourK) {
    const jpeg = readFileSync(fourK);
    const jxl = readFileSync(join(folders.jxl, basename(fourK).replace(/\.jpg$/, '.jxl')));
    const spec = { w: 1920, h: 1080, fit: 'cover', crop: 'attention', enlarge: false };
    const variant = async (bytes) => (await timed(() => renderVariant(bytes, 3840, 2160, spec, 'jpeg'))).seconds;
    const of = async (bytes, times = 3) => {
      const values = [];
      for (let i = 0; i < times; i++) values.push(await variant(bytes));
      return values;
    };
    rows.push({
      name: 'cold variant 1920x1080 of a 4K JPEG XL (djxl)',
      subject: { label: 'JPEG XL', values: await of(jxl), unit: 's' },
      baseline: { label: 'the same picture as JPEG', values: await of(jpeg), unit: 's' },
      ratio: { kind: 'time', target: 2 },
    });
    useSystemDecoders(false);
    rows.push({
      name: 'cold variant 1920x1080 of a 4K JPEG XL (WebAssembly only)',
      subject: { label: 'JPEG XL', values: await of(jxl, 2), unit: 's' },
      baseline: { label: 'the same picture as JPEG', values: await of(jpeg, 2), unit: 's' },
      ratio: { kind: 'time', target: 2 },
    });
    useSystemDecoders(true);
  }

  // RSS after 30 large decodes by the WebAssembly decoders (20 JPEG XL of 4-5K, 10 HEIC).
  useSystemDecoders(false);
  const settle = async () => {
    while (wasmDecoders.alive > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 3; i++) {
      releaseMemory();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return process.memoryUsage.rss() / 1e6;
  };
  const decodeAll = async (paths) => {
    for (const path of paths) {
      const bytes = readFileSync(path);
      await (await decodeImage(bytes, await probeImage(bytes))).resize(64).raw().toBuffer();
    }
  };
  await decodeAll([join(folders.heic, readdirSync(folders.heic)[0])]);
  const start = await settle();
  let peak = 0;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() / 1e6);
  }, 50);
  const jxls = readdirSync(folders.jxl)
    .slice(0, 20)
    .map((name) => join(folders.jxl, name));
  const heics = readdirSync(folders.heic)
    .slice(0, 10)
    .map((name) => join(folders.heic, name));
  await decodeAll([...jxls, ...heics]);
  clearInterval(watch);
  const end = await settle();
  useSystemDecoders(true);
  rows.push({
    name: `RSS after 30 large JPEG XL/HEIC decodes (WebAssembly; peak ${Math.round(peak)} MB)`,
    subject: { label: 'after', values: [end], unit: 'MB' },
    baseline: { label: 'before', values: [start], unit: 'MB' },
    ratio: { kind: 'over', target: 50, unit: 'MB' },
  });
  await wasmDecoders.close();
  return rows;
}
