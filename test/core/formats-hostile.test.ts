// Hostile files in every format: cut short, a header declaring far more than the pixel
// limit, a HEIC without a primary image, an animated GIF of 5,000 frames, an SVG with a script, with
// outside references (a local file and a loopback URL: never read, never asked) and an entity bomb.
// Each is a clear `failed` reason in a real scan's summary (or indexed as the rule says), and the
// good files beside them are indexed as ever. A multi-image HEIC shows its primary image.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { wasmDecoders } from '../../src/core/formats/index.js';
import { encodeBmp, heifEnc, requireEncoders } from '../helpers/formats.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.teardown(() => wasmDecoders.close());

const HUGE = 100_000;

/** Every occurrence of a box `type`: where its content starts. */
function boxesOf(bytes: Buffer, type: string): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(type); at >= 0; at = bytes.indexOf(type, at + 1)) found.push(at + 4);
  return found;
}

/** The image-spatial-extents of a HEIF/AVIF set to HUGE x HUGE. */
function hugeIspe(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (const at of boxesOf(out, 'ispe')) {
    out.writeUInt32BE(HUGE, at + 4);
    out.writeUInt32BE(HUGE, at + 8);
  }
  return out;
}

/** A JPEG XL codestream whose SizeHeader declares HUGE x HUGE (and nothing after it). */
function hugeJxl(): Buffer {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push(Math.floor(value / 2 ** i) % 2);
  };
  put(0, 1); // not small
  put(3, 2); // height: Bits(30) + 1
  put(HUGE - 1, 30);
  put(0, 3); // no ratio: the width follows
  put(3, 2);
  put(HUGE - 1, 30);
  const bytes = Buffer.alloc(2 + Math.ceil(bits.length / 8) + 16);
  bytes[0] = 0xff;
  bytes[1] = 0x0a;
  bits.forEach((bit, i) => {
    bytes[2 + (i >> 3)]! |= bit << (i & 7);
  });
  return bytes;
}

/** A GIF whose screen and first frame both declare 65535 x 65535. */
function hugeGif(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  out.writeUInt16LE(65535, 6);
  out.writeUInt16LE(65535, 8);
  let at = 13 + (out[10]! & 0x80 ? 3 * 2 ** ((out[10]! & 7) + 1) : 0);
  while (out[at] === 0x21) {
    at += 2; // extension introducer and label, then sub-blocks up to an empty one
    while (out[at]! !== 0) at += out[at]! + 1;
    at++;
  }
  if (out[at] !== 0x2c) throw new Error('no image descriptor found');
  out.writeUInt16LE(65535, at + 5);
  out.writeUInt16LE(65535, at + 7);
  return out;
}

/** A little-endian TIFF's width and height tags set to 65535 (65535 x 65535 is 4.3 gigapixels). */
function hugeTiff(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  const ifd = out.readUInt32LE(4);
  const count = out.readUInt16LE(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = out.readUInt16LE(entry);
    if (tag !== 256 && tag !== 257) continue;
    if (out.readUInt16LE(entry + 2) === 3) out.writeUInt16LE(65535, entry + 8);
    else out.writeUInt32LE(65535, entry + 8);
  }
  return out;
}

t.test('hostile files of every format: each failed with a clear reason, nothing else changes', async (t) => {
  if (!requireEncoders(t)) return;
  const dir = tempDir(t);
  const home = tempDir(t);
  const { execFileSync } = await import('node:child_process');
  const base = sharp({ create: { width: 96, height: 64, channels: 3, background: '#c03020' } });
  const png = join(home, 'source.png');
  await base.clone().png().toFile(png);
  const avif = await base.clone().avif().toBuffer();
  const tiff = await base.clone().tiff().toBuffer();
  const gif = await base.clone().gif().toBuffer();
  const raw = await base.clone().raw().toBuffer();
  const bmp = encodeBmp(raw, 96, 64);
  execFileSync('cjxl', [png, join(home, 'source.jxl'), '--quiet'], { stdio: 'pipe' });
  const jxl = readFileSync(join(home, 'source.jxl'));
  heifEnc([png], join(home, 'source.heic'));
  const heic = readFileSync(join(home, 'source.heic'));
  const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

  const hugeBmp = Buffer.from(bmp);
  hugeBmp.writeInt32LE(HUGE, 18);
  hugeBmp.writeInt32LE(HUGE, 22);
  const noPrimary = Buffer.from(heic);
  for (const at of boxesOf(noPrimary, 'pitm')) noPrimary.write('free', at - 4, 'latin1');

  const cases: [name: string, bytes: Buffer, reason: RegExp][] = [
    ['cut.jxl', half(jxl), /JPEG XL/],
    ['cut.heic', half(heic), /HEIC|HEIF/],
    ['cut.avif', half(avif), /AVIF|HEIF/],
    ['cut.tif', half(tiff), /TIFF/],
    ['cut.gif', half(gif), /GIF/],
    ['cut.bmp', half(bmp), /BMP.*cut short/],
    ['cut.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="'), /SVG/],
    ['huge.jxl', hugeJxl(), /100000x100000, over the limit of 100000000 pixels/],
    ['huge.heic', hugeIspe(heic), /100000x100000, over the limit of 100000000 pixels/],
    ['huge.avif', hugeIspe(avif), /100000x100000, over the limit of 100000000 pixels/],
    ['huge.bmp', hugeBmp, /100000x100000, over the limit of 100000000 pixels/],
    ['huge.gif', hugeGif(gif), /65535x65535, over the limit of 100000000 pixels/],
    ['huge.tif', hugeTiff(tiff), /65535x65535, over the limit of 100000000 pixels/],
    ['huge.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'), /100000x100000, over the limit/],
    ['no-primary.heic', noPrimary, /no primary image/],
    [
      'bomb.svg',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&c;</text></svg>`,
      ),
      /entity bomb/,
    ],
    [
      'file-entity.svg',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>`,
      ),
      /read files/,
    ],
  ];
  for (const [name, bytes] of cases) writeFileSync(join(dir, name), bytes);
  await writeImage(join(dir, 'good.jpg'), { width: 64, height: 40, color: '#2050a0' });
  const rss = process.memoryUsage().rss;

  const library = openLibrary({ home });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [dir] });
  const summary = await library.scan();
  t.equal(summary.total, 1, 'the good file alone is indexed');
  const reasons = new Map(summary.failed.map((failure) => [failure.path, failure.error]));
  for (const [name, , reason] of cases) {
    const reported = reasons.get(join(dir, name));
    t.match(reported, reason, `${name}: ${reported}`);
    t.equal(reported?.split('\n').length, 1, `${name}: one line`);
  }
  t.same(summary.skipped, []);
  t.ok(process.memoryUsage().rss - rss < 300 * 1024 * 1024, 'no declared size was allocated');
});

t.test('an animated GIF of 5,000 frames is indexed by its first frame', async (t) => {
  const dir = tempDir(t);
  const [width, height, frames] = [48, 32, 5000];
  const frame = (colour: readonly number[]) => Buffer.alloc(width * height * 3, Buffer.from(colour));
  const raw = Buffer.concat([frame([200, 30, 30]), ...Array.from({ length: frames - 1 }, (_, i) => frame([20, 40, 160 + (i % 60)]))]);
  const gif = await sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height }, limitInputPixels: false })
    .gif()
    .toBuffer();
  writeFileSync(join(dir, 'long.gif'), gif);
  const library = openLibrary({ home: tempDir(t) });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [dir] });
  const summary = await library.scan();
  t.same(summary.failed, []);
  const [only] = library.list({}, { page: 1, limit: 5 }).wallpapers;
  t.same([only?.width, only?.height, only?.content_type, only?.dominant_hue], [48, 32, 'image/gif', 'red'], 'the first frame, red');
});

t.test('a HEIC of several images shows its primary one, whichever it is', async (t) => {
  if (!requireEncoders(t)) return;
  const dir = tempDir(t);
  const red = join(dir, 'red.png');
  const blue = join(dir, 'blue.png');
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d02020' } })
    .png()
    .toFile(red);
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2040d0' } })
    .png()
    .toFile(blue);
  const library = openLibrary({ home: tempDir(t) });
  t.teardown(() => library.close());
  const folder = join(dir, 'library');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(folder);
  heifEnc([red, blue], join(folder, 'first-primary.heic'));
  // The same file with the primary item moved to the other image (pitm names the other item).
  const moved = readFileSync(join(folder, 'first-primary.heic'));
  const pitm = boxesOf(moved, 'pitm')[0]!;
  const primary = moved.readUInt16BE(pitm + 4);
  // The items: id and type (the two images are items of the primary's type; their tiles are others).
  const items = boxesOf(moved, 'infe').map((at) => ({
    id: moved.readUInt16BE(at + 4),
    type: moved.subarray(at + 8, at + 12).toString('latin1'),
  }));
  const primaryType = items.find((item) => item.id === primary)?.type;
  const images = items.filter((item) => item.type === primaryType).map((item) => item.id);
  t.equal(images.length, 2, 'two images in one file');
  t.equal(images[0], primary, 'heif-enc made the first image primary');
  moved.writeUInt16BE(images[1]!, pitm + 4);
  writeFileSync(join(folder, 'second-primary.heic'), moved);
  library.updateSettings({ folders: [folder] });
  const summary = await library.scan();
  t.same(summary.failed, []);
  const hues = Object.fromEntries(library.list({}, { page: 1, limit: 5 }).wallpapers.map((w) => [w.filename, w.dominant_hue]));
  t.same(hues, { 'first-primary.heic': 'red', 'second-primary.heic': 'blue' });
});

t.test('an SVG is drawn without reading a file or asking a URL it names; a script in it is inert', async (t) => {
  let asked = 0;
  const server = createServer((_req, res) => {
    asked++;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/red.png`;
  const dir = tempDir(t);
  const red = await writeImage(join(tempDir(t), 'red.png'), { width: 64, height: 64, color: '#ff0000', format: 'png' });
  const page = (inside: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><rect width="64" height="64" fill="#2040d0"/>${inside}</svg>`;
  writeFileSync(
    join(dir, 'local.svg'),
    page(`<image href="${red}" width="64" height="64"/><image xlink:href="file://${red}" width="64" height="64"/>`),
  );
  writeFileSync(
    join(dir, 'remote.svg'),
    page(`<image href="${url}" width="64" height="64"/><rect width="64" height="64" style="fill: url(${url})"/>`),
  );
  writeFileSync(join(dir, 'script.svg'), page(`<script>fetch(${JSON.stringify(url)})</script>`));
  const library = openLibrary({ home: tempDir(t) });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [dir] });
  const summary = await library.scan();
  t.same(summary.failed, []);
  const wallpapers = library.list({}, { page: 1, limit: 5 }).wallpapers;
  t.same(
    wallpapers.map((w) => [w.filename, w.dominant_hue]).sort(),
    [
      ['local.svg', 'blue'],
      ['remote.svg', 'blue'],
      ['script.svg', 'blue'],
    ],
    'the red picture named by each was never drawn',
  );
  t.equal(asked, 0, 'the loopback server was never asked');
});
