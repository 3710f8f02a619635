// Figure: every format a real library holds, on 30 real wallpapers of Debian's packages
// (the tests' test-artifacts/debian-wallpapers, downloaded with apt-get when missing) made into each
// format by Debian's encoders (cjxl's lossless recompression of each JPEG, as GNOME ships them;
// heif-enc) and by sharp (AVIF, TIFF, GIF; BMP by our writer). Per format, the first scan's time
// against the native command-line decoder on the same files, with the scan's concurrency, as the
// floor (djxl, heif-convert, vips); JPEG XL also with the WebAssembly decoder alone; the cold variant
// of a 4K JPEG XL against the same picture as JPEG; RSS after 30 large JPEG XL/HEIC decodes.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { decodeImage, probeImage, useSystemDecoders, wasmDecoders } from '../../dist/core/formats/index.js';
import { openLibrary } from '../../dist/core/library/facade.js';
import { releaseMemory } from '../../dist/core/common/release-memory.js';
import { startWallpaper } from '../lib/servers.js';
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

/** The first 30 distinct real JPEG wallpapers of at least 1920x1080 (sorted by path), as paths. */
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
  const seen = new Set();
  for (const path of found.sort()) {
    // KDE ships one picture under several names (Autumn's 11 sizes are one 2560x1600 file): once each.
    const digest = createHash('sha1').update(readFileSync(path)).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
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

/** The 10 largest wallpapers as HEIC at their own size (up to 5640x3172), for the memory figure: x265's
 * ultrafast preset, since its default takes minutes a 4K file on a busy 2-core machine. Made once. */
async function largeHeics(dir, wallpapers, log) {
  mkdirSync(dir, { recursive: true });
  const sized = [];
  for (const path of wallpapers) {
    const { width = 0, height = 0 } = await sharp(path).metadata();
    sized.push({ path, pixels: width * height });
  }
  const largest = sized.sort((a, b) => b.pixels - a.pixels).slice(0, 10);
  // Numbered: KDE names its pictures by size (5120x2880.jpg), the same name in many wallpapers.
  const out = largest.map(({ path }, i) => join(dir, `${String(i).padStart(2, '0')}-${basename(path).replace(/\.[^.]+$/, '')}.heic`));
  const missing = largest.filter((_, i) => !existsSync(out[i]));
  if (missing.length > 0) log(`formats: encoding ${missing.length} full-size HEIC for the memory figure (once)`);
  await mapLimit(largest, CONCURRENCY, async ({ path }, i) => {
    if (!existsSync(out[i])) await run('heif-enc', ['-q', '80', '-p', 'preset=ultrafast', path, '-o', out[i]]);
  });
  return out;
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

/** CPU seconds of a process from /proc/PID/stat: its own (user + system, every thread: the decoder
 * threads and libvips' too) and its reaped children's (djxl, heif-convert, vips). */
function cpuOf(pid = 'self') {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = (from) => (Number(fields[from]) + Number(fields[from + 1])) / 100;
  return { own: ticks(11), children: ticks(13) };
}
const cpuNow = (pid) => {
  const { own, children } = cpuOf(pid);
  return own + children;
};

/** Wall and CPU seconds of `fn` (CPU: this process and its children). On a machine shared with
 * other work, the CPU seconds compare the work itself; wall time also measures the neighbours. */
async function timed(fn, pid) {
  const started = performance.now();
  const cpu = cpuNow(pid);
  const value = await fn();
  return { seconds: (performance.now() - started) / 1000, cpu: cpuNow(pid) - cpu, value };
}

async function scanOnce(folder) {
  const home = mkdtempSync(join(tmpdir(), 'wallpaper-bench-formats-'));
  const library = openLibrary({ home });
  library.updateSettings({ folders: [folder] });
  try {
    const result = await timed(() => library.scan());
    if (result.value.failed.length > 0) throw new Error(`scan of ${folder} failed: ${JSON.stringify(result.value.failed[0])}`);
    return result;
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
    case 'avif':
      // Debian's vips reads HEIF but not AVIF (its libheif has no AV1 decoder for it); heif-convert does.
      return (
        has('heif-convert') && { label: 'heif-convert to Y4M', decode: (file) => run('heif-convert', ['--quiet', file, out(file, 'y4m')]) }
      );
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
    const walls = [];
    for (let i = 0; i < runs; i++) {
      const scan = await scanOnce(folders[format]);
      scans.push(scan.cpu);
      walls.push(`scan ${scan.seconds.toFixed(1)} s`);
      if (floor) {
        const native = await timed(() => mapLimit(files, CONCURRENCY, floor.decode));
        floors.push(native.cpu);
        walls.push(`${floor.label} ${native.seconds.toFixed(1)} s`);
      }
      log(
        `  ${label}: scan ${scan.cpu.toFixed(1)} CPU s${floor ? `, ${floor.label} ${floors.at(-1).toFixed(1)} CPU s` : ''} (wall: ${walls.slice(-2).join(', ')})`,
      );
    }
    useSystemDecoders(true);
    const note = `wall time: ${walls.join('; ')}`;
    if (!floor) {
      const png = [];
      for (let i = 0; i < runs; i++) png.push((await scanOnce(folders.png)).cpu);
      return {
        name: `first scan of ${files.length} ${label}, CPU seconds (no native decoder: against PNG)`,
        subject: { label: 'scan', values: scans, unit: 's' },
        baseline: { label: 'scan of the same pictures as PNG', values: png, unit: 's' },
        ratio: { kind: 'time', target: 2.5 },
        note,
      };
    }
    // A rate of at least 0.4x the native decoder's is a time of at most 2.5x.
    return {
      name: `first scan of ${files.length} ${label}, CPU seconds (rate >= 0.4x the native decoder's)`,
      subject: { label: 'scan', values: scans, unit: 's' },
      baseline: { label: floor.label, values: floors, unit: 's' },
      ratio: { kind: 'time', target: 2.5 },
      note,
    };
  };

  // `--only formats-memory`: the memory figures alone.
  const memoryOnly = !options.only.includes('formats');
  if (!memoryOnly) rows.push(...(await speedRows(scanRow, folders, scratch, log)));
  return [...rows, ...(await memoryRows({ root, scratch, folders, wallpapers, log }))];
}

async function speedRows(scanRow, folders, scratch, log) {
  const rows = [];
  rows.push(await scanRow('jxl', 'JPEG XL (cjxl recompressions of the real JPEGs)'));
  rows.push(await scanRow('jxl', 'JPEG XL, WebAssembly decoder only', () => useSystemDecoders(false)));
  rows.push(await scanRow('heic', `HEIC (${WIDTH}x${HEIGHT}, heif-enc -q 80)`));
  for (const format of ['avif', 'tif', 'gif', 'bmp'])
    rows.push(await scanRow(format, `${format.toUpperCase()} (${WIDTH}x${HEIGHT}, sharp)`));

  // The cold variant of a 4K JPEG XL against the same picture as JPEG, through a real `serve`: each run
  // a fresh home (nothing cached), both files indexed by its start-up scan, then after 2.5 s at rest
  // (the WebAssembly decoder threads have ended) one GET of each's 1920x1080 variant. With djxl on
  // PATH, and with an empty PATH (the WebAssembly decoder).
  const fourK = readdirSync(folders.jpg)
    .map((name) => join(folders.jpg, name))
    .find((path) => /3840x2160/.test(path));
  if (fourK) {
    const pair = join(scratch, 'formats-4k');
    mkdirSync(pair, { recursive: true });
    writeFileSync(join(pair, basename(fourK)), readFileSync(fourK));
    writeFileSync(
      join(pair, basename(fourK).replace(/\.jpg$/, '.jxl')),
      readFileSync(join(folders.jxl, basename(fourK).replace(/\.jpg$/, '.jxl'))),
    );
    const coldVariants = async (label, env, times) => {
      const jxl = [];
      const jpeg = [];
      const walls = [];
      for (let i = 0; i < times; i++) {
        const home = join(scratch, `formats-4k-home-${label}-${i}`);
        const server = await startWallpaper(home, { args: [pair], env });
        try {
          const { wallpapers } = await (await fetch(`${server.base}/api/wallpapers`)).json();
          await new Promise((resolve) => setTimeout(resolve, 2500));
          for (const w of wallpapers) {
            // serve's CPU seconds (its threads and djxl), and the wall time for the note.
            const { seconds, cpu, value } = await timed(async () => {
              const answer = await fetch(`${server.base}/api/wallpapers/${w.id}/image?w=1920&h=1080`);
              return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) };
            }, server.pid);
            if (value.status !== 200) throw new Error(`variant of ${w.filename}: ${value.status} ${value.body.toString().slice(0, 200)}`);
            (w.filename.endsWith('.jxl') ? jxl : jpeg).push(cpu);
            walls.push(`${w.filename.endsWith('.jxl') ? 'JPEG XL' : 'JPEG'} ${seconds.toFixed(2)} s`);
          }
          log(
            `  cold variant (${label}): JPEG XL ${jxl.at(-1).toFixed(2)} CPU s, JPEG ${jpeg.at(-1).toFixed(2)} CPU s (wall: ${walls.slice(-2).join(', ')})`,
          );
        } finally {
          await server.stop();
          rmSync(home, { recursive: true, force: true });
        }
      }
      return {
        name: `cold variant 1920x1080 of a 4K JPEG XL through serve, its CPU seconds (${label})`,
        subject: { label: 'JPEG XL', values: jxl, unit: 's' },
        baseline: { label: 'the same picture as JPEG', values: jpeg, unit: 's' },
        ratio: { kind: 'time', target: 2 },
        note: `wall time: ${walls.join('; ')}`,
      };
    };
    rows.push(await coldVariants('djxl', {}, 3));
    rows.push(await coldVariants('WebAssembly, empty PATH', { PATH: '' }, 2));
  }

  return rows;
}

async function memoryRows({ root, scratch, folders, wallpapers, log }) {
  const rows = [];
  // RSS after 30 large decodes by the WebAssembly decoders (20 JPEG XL of 1920x1080 to 5640x3172,
  // 10 HEIC at the wallpapers' own size, the largest first).
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
  const heics = await largeHeics(join(root, 'formats', 'heic-large'), wallpapers, log);
  const warmUp = [join(folders.heic, readdirSync(folders.heic)[0]), join(folders.jxl, readdirSync(folders.jxl).at(-1))];
  await decodeAll(warmUp);
  const start = await settle();
  let peak = 0;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() / 1e6);
  }, 50);
  const jxls = readdirSync(folders.jxl)
    .slice(0, 20)
    .map((name) => join(folders.jxl, name));
  await decodeAll([...jxls, ...heics]);
  clearInterval(watch);
  const end = await settle();
  useSystemDecoders(true);
  rows.push({
    name: `RSS after 30 large JPEG XL/HEIC decodes (WebAssembly, ${jxls.length} JXL + ${heics.length} HEIC at full size; peak ${Math.round(peak)} MB)`,
    subject: { label: 'after', values: [end], unit: 'MB' },
    baseline: { label: 'before', values: [start], unit: 'MB' },
    ratio: { kind: 'over', target: 50, unit: 'MB' },
  });
  await wasmDecoders.close();

  // The same 30 files through `serve` (empty PATH: the WebAssembly decoders): its RSS at rest once it
  // has indexed a library of one HEIC and one JPEG XL (its decoders and libvips loaded), then after
  // POST /api/refresh has indexed the 30 (30 large decodes) and 4 s at rest. Twice: with glibc's
  // default malloc arenas, and with MALLOC_ARENA_MAX=2 as contrib/systemd/wallpaper.service runs it.
  const cases = [
    { label: "glibc's default arenas", env: { PATH: '' } },
    { label: 'MALLOC_ARENA_MAX=2, as the shipped systemd unit', env: { PATH: '', MALLOC_ARENA_MAX: '2' } },
  ];
  for (const [i, { label, env }] of cases.entries()) {
    const large = join(scratch, `formats-large-${i}`);
    mkdirSync(large, { recursive: true });
    for (const path of warmUp) writeFileSync(join(large, `warm-${basename(path)}`), readFileSync(path));
    const home = join(scratch, `formats-large-home-${i}`);
    const server = await startWallpaper(home, { args: [large], env });
    try {
      const rest = () => new Promise((resolve) => setTimeout(resolve, 4000));
      await rest();
      const before = server.rss().rss / 1e6;
      for (const path of [...jxls, ...heics])
        writeFileSync(join(large, `${basename(dirname(path))}-${basename(path)}`), readFileSync(path));
      const answer = await fetch(`${server.base}/api/refresh`, { method: 'POST' });
      const summary = await answer.json();
      if (answer.status !== 200 || summary.added !== jxls.length + heics.length)
        throw new Error(`refresh of the large files: ${answer.status} ${JSON.stringify(summary)}`);
      const peakServe = server.rss().peak / 1e6;
      await rest();
      const after = server.rss().rss / 1e6;
      log(`  serve RSS (${label}): ${before.toFixed(0)} MB at rest, peak ${peakServe.toFixed(0)} MB, ${after.toFixed(0)} MB after`);
      rows.push({
        name: `\`serve\` RSS after indexing the same 30 (WebAssembly, empty PATH, ${label}; peak ${Math.round(peakServe)} MB)`,
        subject: { label: 'after', values: [after], unit: 'MB' },
        baseline: { label: 'at rest before', values: [before], unit: 'MB' },
        ratio: { kind: 'over', target: 50, unit: 'MB' },
      });
    } finally {
      await server.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }
  return rows;
}
