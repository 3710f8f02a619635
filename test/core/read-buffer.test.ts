// A scan worker's one read buffer (src/core/library/read-buffer.ts): every file read whole, whatever
// the walk saw; the buffer reused, grown and let go; and a scan that reads files of every size and
// format through it records exactly what a fresh read of each file gives.
import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { analyzeImage, contentId } from '../../src/core/analysis/analyze.js';
import { wasmDecoders } from '../../src/core/formats/index.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { ReadBuffer } from '../../src/core/library/read-buffer.js';
import { tempDir } from '../helpers/fixtures.js';
import { heifEnc } from '../helpers/formats.js';
import { photo } from '../helpers/photos.js';

t.teardown(() => wasmDecoders.close());

const bytesOf = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) & 255));

t.test('each file is read whole, whatever size the walk saw', async (t) => {
  const dir = tempDir(t);
  const cases: { name: string; length: number; hint: number }[] = [
    { name: 'the size the walk saw', length: 5000, hint: 5000 },
    { name: 'grown since the walk', length: 300_000, hint: 1000 },
    { name: 'grown from nothing', length: 70_000, hint: 0 },
    { name: 'shrunk since the walk', length: 10, hint: 4000 },
    { name: 'empty', length: 0, hint: 0 },
  ];
  for (const [i, { name, length, hint }] of cases.entries()) {
    const path = join(dir, `file-${i}`);
    writeFileSync(path, bytesOf(length, i));
    const read = await new ReadBuffer().read(path, hint);
    t.ok(read.equals(bytesOf(length, i)), name);
  }
});

t.test('one reader reuses its buffer, grows it for a larger file and lets a huge one go', async (t) => {
  const dir = tempDir(t);
  const small = join(dir, 'small');
  const large = join(dir, 'large');
  const huge = join(dir, 'huge');
  writeFileSync(small, bytesOf(100_000, 1));
  writeFileSync(large, bytesOf(1_000_000, 2));
  writeFileSync(huge, '');
  truncateSync(huge, 80 * 1024 * 1024); // sparse: read as zeros, no disk written
  const reader = new ReadBuffer();

  t.ok((await reader.read(large, 1_000_000)).equals(bytesOf(1_000_000, 2)));
  const held = reader.capacity;
  t.ok((await reader.read(small, 100_000)).equals(bytesOf(100_000, 1)), 'a smaller file after a larger one');
  t.equal(reader.capacity, held, 'the same buffer, not a new one');
  const view = await reader.read(huge, 80 * 1024 * 1024);
  t.equal(view.length, 80 * 1024 * 1024);
  t.ok(view.every((byte) => byte === 0));
  t.ok((await reader.read(small, 100_000)).equals(bytesOf(100_000, 1)));
  t.ok(reader.capacity < 80 * 1024 * 1024, 'a huge buffer is not kept for a small file');
});

t.test('a missing file is an ENOENT error, as the scan reports a vanished file', async (t) => {
  await t.rejects(new ReadBuffer().read(join(tempDir(t), 'gone.jpg'), 10), { code: 'ENOENT' });
});

t.test('a HEIC decoded from a view inside a larger buffer decodes as from its own bytes', async (t) => {
  const dir = tempDir(t);
  const png = join(dir, 'picture.png');
  writeFileSync(png, await photo(7, 320, 180));
  heifEnc([png], join(dir, 'picture.heic'));
  const own = readFileSync(join(dir, 'picture.heic'));
  const larger = Buffer.concat([bytesOf(4096, 3), own, bytesOf(1_000_000, 4)]);
  const view = larger.subarray(4096, 4096 + own.length);
  const [fromOwn, fromView] = await Promise.all([wasmDecoders.decode('heic', own), wasmDecoders.decode('heic', view)]);
  t.equal(fromView.width, 320);
  t.ok(Buffer.from(fromView.data).equals(Buffer.from(fromOwn.data)), 'the same pixels');
});

t.test('a scan of files of every size records what a fresh read of each gives', async (t) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  const library = openLibrary({ home: join(root, 'home') });
  t.teardown(() => library.close());
  // Large and small alternate, so each worker's buffer holds a larger file's bytes under a smaller one.
  const sizes: [number, number][] = [
    [1600, 900],
    [320, 180],
    [1920, 1080],
    [400, 300],
    [1280, 720],
    [200, 200],
  ];
  mkdirSync(pictures);
  for (const [i, [width, height]] of sizes.entries()) {
    const png = await photo(i + 1, width, height);
    if (i % 2) writeFileSync(join(pictures, `p${i}.png`), png);
    else writeFileSync(join(pictures, `p${i}.jpg`), await sharp(png).jpeg({ quality: 95 }).toBuffer());
  }
  const png = join(root, 'heic-source.png');
  writeFileSync(png, await photo(20, 480, 270));
  heifEnc([png], join(pictures, 'small.heic'));
  library.updateSettings({ folders: [pictures] });
  const summary = await library.scan();
  t.match(summary, { added: sizes.length + 1, failed: [] });

  for (const wallpaper of (await library.list({}, { page: 1, limit: 100 })).wallpapers) {
    const bytes = readFileSync(wallpaper.path);
    const ext = wallpaper.path.slice(wallpaper.path.lastIndexOf('.') + 1);
    const { analysis } = await analyzeImage(bytes, 480, ext);
    t.equal(wallpaper.id, contentId(bytes), `${wallpaper.filename}: its id`);
    t.match(
      wallpaper,
      { width: analysis.width, height: analysis.height, luminance: analysis.luminance },
      `${wallpaper.filename}: its analysis`,
    );
  }
});
