// Memory that comes back: a WebAssembly memory never shrinks, so the decoders run in
// threads that are ended once their memory has grown past RECYCLE_BYTES or they have been idle:
// after repeated full-HD JPEG XL decodes the process is back within 50 MB of where it started, and one
// 4K decode (whose decoder grows to ~400 MB) gives its memory back at once; a JPEG XL decoded by djxl (its
// own process) ends an idle thread first.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { decodeImage, probeImage, useSystemDecoders, wasmDecoders } from '../../src/core/formats/index.js';
import { releaseMemory } from '../../src/core/common/index.js';
import { requireDebianWallpapers } from '../helpers/debian-wallpapers.js';
import { tempDir } from '../helpers/fixtures.js';
import { requireEncoders } from '../helpers/formats.js';

// Thirty decodes and a 4K one take minutes of one core on a busy machine.
t.setTimeout(900_000);

const WALLPAPER = 'usr/share/wallpapers/Flow/contents/images/5120x2880.jpg';

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 100));
};

async function settledRss(): Promise<number> {
  await until(() => wasmDecoders.alive === 0);
  for (let i = 0; i < 3; i++) {
    releaseMemory();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return process.memoryUsage.rss();
}

t.test('the WebAssembly decoders give their memory back', { timeout: 900_000 }, async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root || !requireEncoders(t)) return;
  useSystemDecoders(false);
  t.teardown(() => {
    useSystemDecoders(true);
    return wasmDecoders.close();
  });
  const dir = tempDir(t);
  const make = async (name: string, width: number, height: number) => {
    const png = join(dir, `${name}.png`);
    await sharp(join(root, WALLPAPER)).resize(width, height).png().toFile(png);
    execFileSync('cjxl', [png, join(dir, `${name}.jxl`), '--quiet'], { stdio: 'pipe' });
    return readFileSync(join(dir, `${name}.jxl`));
  };
  // Large for a test on a shared 2-core machine (bench --only formats runs 30 4K ones).
  const large = await make('large', 1920, 1080);
  const fourK = await make('4k', 3840, 2160);
  const decode = async (bytes: Buffer) => {
    const pipeline = await decodeImage(bytes, await probeImage(bytes));
    return (await pipeline.resize(64).raw().toBuffer({ resolveWithObject: true })).info;
  };

  // Where it starts: the decoders compiled and instantiated once (kept, like any loaded code).
  await decode(await make('small', 320, 180));
  const start = await settledRss();

  const before = wasmDecoders.ended;
  t.same(
    await decode(fourK),
    { format: 'raw', width: 64, height: 36, channels: 4, depth: 'uchar', premultiplied: true, size: 64 * 36 * 4, hasAlpha: true },
    'a 4K decode',
  );
  t.ok(wasmDecoders.ended > before, 'a thread grown past RECYCLE_BYTES by a 4K decode is ended at once');

  // Eight: a WebAssembly memory grows to its largest decode and stays, so eight leave what thirty
  // would; the thirty (4K, JPEG XL and HEIC) are `npm run bench -- --only formats`.
  for (let i = 0; i < 8; i++) {
    const info = await decode(large);
    if (i === 0) t.same([info.width, info.height], [64, 36]);
  }
  const end = await settledRss();
  t.ok(end - start < 50 * 1024 * 1024, `RSS back within 50 MB: ${Math.round(start / 1e6)} MB before, ${Math.round(end / 1e6)} MB after`);
});

t.test('a JPEG XL decoded by djxl first ends the thread a HEIC left idle', async (t) => {
  if (!requireEncoders(t)) return;
  t.teardown(() => wasmDecoders.close());
  const dir = tempDir(t);
  const png = join(dir, 'field.png');
  await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3a6ea5' } })
    .png()
    .toFile(png);
  execFileSync('heif-enc', [png, '-o', join(dir, 'field.heic')], { stdio: 'pipe' });
  execFileSync('cjxl', [png, join(dir, 'field.jxl'), '--quiet'], { stdio: 'pipe' });
  // The pipelines are not run between the two decodes: the HEIC's thread is checked and the JPEG XL
  // decoded in the same turn of events as the HEIC's answer, well inside the thread's idle time.
  const opened = async (file: string) => {
    const bytes = readFileSync(join(dir, file));
    return decodeImage(bytes, await probeImage(bytes));
  };
  const heic = await opened('field.heic');
  t.equal(wasmDecoders.alive, 1, 'the HEIC decode leaves its thread idle (kept IDLE_MS)');
  const jxl = await opened('field.jxl');
  t.equal(wasmDecoders.alive, 0, "djxl's decode ends it first: the two memories never add up (docs/formats.md#memory)");
  t.same(
    await Promise.all([heic, jxl].map(async (pipeline) => (await pipeline.raw().toBuffer({ resolveWithObject: true })).info.width)),
    [320, 320],
    'both decoded',
  );
});
