// Every format a real library holds (docs/design.md#every-format): one real Debian wallpaper made into
// each format by Debian's own encoders and by sharp, analysed like its PNG (docs/design.md#analysis's
// tolerances); a JPEG and its lossless JPEG XL recompression are one picture, and the keep rule says
// which stays; sizes from headers (SVG as a browser lays it out); content sniffed, never named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import { groupDuplicates, nearDuplicates } from '../../src/core/curate/duplicates.js';
import { probeImage, sniffFormat, useSystemDecoders, wasmDecoders } from '../../src/core/formats/index.js';
import { requireDebianWallpapers } from '../helpers/debian-wallpapers.js';
import { type FormatFiles, everyFormat, requireEncoders } from '../helpers/formats.js';
import { tempDir } from '../helpers/fixtures.js';

t.teardown(() => wasmDecoders.close());

/** A real, colourful wallpaper of Debian's (MATE's "Elephants"), small enough to encode quickly. */
const PICTURE = 'usr/share/backgrounds/mate/abstract/Elephants_3840x2160.jpg';

const dir = tempDir(t);
let made: Promise<FormatFiles> | undefined;
const files = (root: string) => {
  made ??= everyFormat(join(root, PICTURE), dir, 480, 270);
  return made;
};

t.test('sniffed by content: every format, whatever the name', async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root || !requireEncoders(t)) return;
  const all = await files(root);
  const expected: Record<keyof FormatFiles, string> = {
    png: 'png',
    jpg: 'jpeg',
    jpgJxl: 'jxl',
    jxl: 'jxl',
    heic: 'heif',
    avif: 'avif',
    tif: 'tiff',
    gif: 'gif',
    bmp: 'bmp',
  };
  for (const [key, format] of Object.entries(expected)) t.equal(sniffFormat(readFileSync(all[key as keyof FormatFiles])), format, key);
  t.equal(sniffFormat(Buffer.from('<?xml version="1.0"?>\n<!-- a drawing -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')), 'svg');
  t.equal(sniffFormat(Buffer.from('<html><svg/></html>')), undefined, 'an HTML page is no SVG');
  t.equal(sniffFormat(Buffer.from('BM not really')), undefined, '"BM" alone is no BMP');
});

t.test('each format is analysed as its PNG is (docs/design.md#analysis), with the wasm decoders and with djxl', async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root || !requireEncoders(t)) return;
  const all = await files(root);
  const reference = (await analyzeImage(readFileSync(all.png), 480)).analysis;
  for (const system of [true, false]) {
    useSystemDecoders(system);
    for (const key of ['jpg', 'jpgJxl', 'jxl', 'heic', 'avif', 'tif', 'gif', 'bmp'] as const) {
      const { analysis, thumbnail } = await analyzeImage(readFileSync(all[key]), 480);
      const name = `${key}${system ? '' : ' (WebAssembly)'}`;
      t.same([analysis.width, analysis.height], [480, 270], `${name}: size`);
      t.ok(
        Math.abs(analysis.luminance - reference.luminance) <= 0.005,
        `${name}: luminance ${analysis.luminance} ~ ${reference.luminance}`,
      );
      t.equal(analysis.brightness, reference.brightness, `${name}: brightness`);
      t.equal(analysis.dominant_hue, reference.dominant_hue, `${name}: hue`);
      t.equal(analysis.palette[0]?.color.slice(0, 2), reference.palette[0]?.color.slice(0, 2), `${name}: first palette colour`);
      t.ok(nearDuplicates(analysis.fingerprint, reference.fingerprint), `${name}: a near-duplicate of the PNG`);
      t.ok(thumbnail.length > 1000, `${name}: a thumbnail`);
    }
  }
  useSystemDecoders(true);
});

t.test('a JPEG and its lossless JPEG XL recompression are one picture; the JPEG is kept', async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root || !requireEncoders(t)) return;
  const all = await files(root);
  const candidates = await Promise.all(
    (['jpg', 'jpgJxl', 'heic'] as const).map(async (key) => {
      const bytes = readFileSync(all[key]);
      const { analysis } = await analyzeImage(bytes, 480);
      return {
        id: analysis.id,
        fingerprint: analysis.fingerprint,
        width: 480,
        height: 270,
        size_bytes: bytes.length,
        content_type: analysis.content_type,
        key,
      };
    }),
  );
  const [jpg, jxl, heic] = candidates;
  t.ok(jxl!.size_bytes < jpg!.size_bytes, 'the recompression is smaller');
  t.ok(heic!.size_bytes > jpg!.size_bytes, 'the lossless HEIC is larger (more bytes per pixel)');
  const groups = groupDuplicates(candidates);
  t.equal(groups.length, 1, 'one group');
  t.same(groups[0]?.ids, candidates.map((c) => c.id).sort());
  t.equal(groups[0]?.keep, jpg!.id, 'the JPEG stays: the same picture, shown by every desktop without a rendition');
});

t.test('sizes from headers: JPEG XL of odd sizes and ratios, HEIC, AVIF, BMP', async (t) => {
  if (!requireEncoders(t)) return;
  const dir = tempDir(t);
  const { default: sharp } = await import('sharp');
  const { execFileSync } = await import('node:child_process');
  for (const [width, height] of [
    [1, 1],
    [333, 77],
    [1920, 1080],
    [800, 600],
    [4096, 8],
    [1000, 1000],
  ] as const) {
    const png = join(dir, `${width}x${height}.png`);
    await sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png()
      .toFile(png);
    execFileSync('cjxl', [png, `${png}.jxl`, '--quiet'], { stdio: 'pipe' });
    t.same(await probeImage(readFileSync(`${png}.jxl`)), { format: 'jxl', width, height }, `jxl ${width}x${height}`);
  }
});

t.test('SVG: sized as a browser lays it out', async (t) => {
  const svg = (attributes: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="10" height="10"/></svg>`);
  const table: [string, number, number][] = [
    ['width="1920" height="1080"', 1920, 1080],
    ['width="1920px" height="1080px"', 1920, 1080],
    ['width="100mm" height="50mm"', 378, 189],
    ['width="10in" height="5in"', 960, 480],
    ['width="72pt" height="36pt"', 96, 48],
    ['viewBox="0 0 1600 900"', 1600, 900],
    ['width="800" viewBox="0 0 1600 900"', 800, 450],
    ['width="100%" height="100%" viewBox="0,0,300,200"', 300, 200],
    ['', 300, 150],
  ];
  for (const [attributes, width, height] of table) {
    t.same(await probeImage(svg(attributes)), { format: 'svg', width, height }, attributes || '(none)');
  }
  const { analysis, thumbnail } = await analyzeImage(svg('width="100mm" height="50mm"'), 480);
  t.same([analysis.width, analysis.height, analysis.content_type], [378, 189, 'image/svg+xml']);
  const { default: sharp } = await import('sharp');
  const meta = await sharp(thumbnail).metadata();
  t.same([meta.width, meta.height], [378, 189], 'drawn at its laid-out size');
});
