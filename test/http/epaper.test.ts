// E-paper answers on a real server (docs/frame.md#e-paper-frames): every pixel of every palette's
// PNG and BMP is one of the palette's colours (the PNG read by sharp, the BMP by ImageMagick),
// Floyd-Steinberg keeps the mean colour of every 16x16 block near the original's, rotate turns the
// answer, a variant is made once and named by its own ETag, and bad values are 400s naming the
// parameter and what it accepts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { NAMED_PALETTES } from '../../src/core/variants/palettes.js';
import { tempDir } from '../helpers/fixtures.js';
import { call, header, startFixture } from './helpers.js';

const W = 400;
const H = 240;

/** The four corners black, white, red and blue blended across the picture: colours every named
 * colour palette can mix (inside their hull), smooth like a photo's sky. */
function blend(): Buffer {
  const corners = [
    [0, 0, 0],
    [255, 255, 255],
    [255, 0, 0],
    [0, 0, 255],
  ];
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const u = x / (W - 1);
      const v = y / (H - 1);
      for (let c = 0; c < 3; c++) {
        const top = corners[0]![c]! * (1 - u) + corners[1]![c]! * u;
        const bottom = corners[2]![c]! * (1 - u) + corners[3]![c]! * u;
        data[(y * W + x) * 3 + c] = Math.round(top * (1 - v) + bottom * v);
      }
    }
  return data;
}

/** A grey ramp left to right, for the grey palettes. */
function ramp(): Buffer {
  const data = Buffer.alloc(W * H * 3);
  for (let p = 0; p < W * H; p++) data.fill(Math.round(((p % W) / (W - 1)) * 255), p * 3, p * 3 + 3);
  return data;
}

async function setup(t: Parameters<typeof startFixture>[0]) {
  const f = await startFixture(t, { images: {} });
  const raw = { width: W, height: H, channels: 3 as const };
  await sharp(blend(), { raw }).png().toFile(join(f.folder, 'blend.png'));
  await sharp(ramp(), { raw }).png().toFile(join(f.folder, 'ramp.png'));
  await f.library.scan();
  const byName = new Map(f.library.list({}, { page: 1, limit: 10 }).wallpapers.map((w) => [w.filename, w]));
  return { f, url: (name: string) => byName.get(name)!.url };
}

const hexOf = (data: Buffer, p: number) =>
  [data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('');
const rgbOfPng = async (body: Buffer) => {
  const { data, info } = await sharp(body).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The pixels of a BMP as ImageMagick reads them (`convert x.bmp rgb:-`), and what `identify` says. */
function readBmp(dir: string, body: Buffer) {
  const path = join(dir, `answer-${Math.random().toString(16).slice(2)}.bmp`);
  writeFileSync(path, body);
  const [format, width, height] = execFileSync('identify', ['-format', '%m %w %h', path], { encoding: 'utf8' }).trim().split(' ');
  const data = execFileSync('convert', [path, '-depth', '8', 'rgb:-'], { maxBuffer: 64 << 20 });
  return { format, width: Number(width), height: Number(height), data };
}

const PALETTES: [string, string[]][] = [
  ...Object.entries(NAMED_PALETTES).map(([name, colours]) => [name, [...colours]] as [string, string[]]),
  ['FF0000,00ff00,#0000FF', ['ff0000', '00ff00', '0000ff']],
];

t.test('every pixel of every palette is one of its colours, in the PNG and in the BMP', async (t) => {
  const { f, url } = await setup(t);
  const dir = tempDir(t, 'wallpaper-epaper-');
  for (const [palette, colours] of PALETTES) {
    const allowed = new Set(colours);
    for (const dither of ['fs', 'atkinson', 'none']) {
      const query = `palette=${encodeURIComponent(palette)}&dither=${dither}&w=200&h=120`;
      const png = await call(f.base, `${url('blend.png')}?${query}`);
      t.equal(png.status, 200, query);
      t.equal(header(png, 'content-type'), 'image/png');
      t.equal(png.body[25], 3, `${query}: an indexed PNG (colour type 3)`);
      const decoded = await rgbOfPng(png.body);
      t.same([decoded.width, decoded.height], [200, 120]);
      const strays = new Set<string>();
      for (let p = 0; p < 200 * 120; p++) if (!allowed.has(hexOf(decoded.data, p))) strays.add(hexOf(decoded.data, p));
      t.same([...strays], [], `${query}: only the palette's colours in the PNG`);

      if (dither !== 'fs') continue; // the BMP writer does not depend on the dithering: one read per palette
      const bmp = await call(f.base, `${url('blend.png')}?${query}&as=bmp`);
      t.equal(header(bmp, 'content-type'), 'image/bmp');
      t.equal(header(bmp, 'content-disposition'), 'inline; filename="blend-200x120.bmp"');
      const read = readBmp(dir, bmp.body);
      t.same([read.format, read.width, read.height], ['BMP3', 200, 120], `${query}: identify reads a Windows 3 BMP`);
      t.same(read.data, decoded.data, `${query}: the BMP holds the PNG's very pixels`);
    }
  }
  t.equal((await call(f.base, `${url('blend.png')}?palette=bw&as=bmp`)).body.readUInt16LE(28), 1, 'bw: a 1-bit BMP');
  const plain = await call(f.base, `${url('blend.png')}?w=100&as=bmp`);
  const read = readBmp(dir, plain.body);
  t.same([read.format, read.width, read.height, plain.body.readUInt16LE(28)], ['BMP3', 100, 60, 24], 'no palette: a 24-bit BMP');
});

/** The largest difference, over 16x16 blocks and channels, between the blocks' mean colours. */
function worstBlockMean(a: Buffer, b: Buffer, width: number, height: number): number {
  let worst = 0;
  for (let by = 0; by + 16 <= height; by += 16)
    for (let bx = 0; bx + 16 <= width; bx += 16)
      for (let c = 0; c < 3; c++) {
        let sa = 0;
        let sb = 0;
        for (let y = by; y < by + 16; y++)
          for (let x = bx; x < bx + 16; x++) {
            sa += a[(y * width + x) * 3 + c]!;
            sb += b[(y * width + x) * 3 + c]!;
          }
        worst = Math.max(worst, Math.abs(sa - sb) / 256);
      }
  return worst;
}

t.test('Floyd-Steinberg keeps the mean colour of every 16x16 block near the original', async (t) => {
  const { f, url } = await setup(t);
  // Bound: a 16x16 block's mean may differ from the original's by at most 8 (of 255) in any channel
  // for bw, 4 for gray4, 2 for gray16 and 10 for the colour panels (measured 4.1, 1.3, 0.3, 5.7 and
  // 5.3). Only the error crossing a block's edges moves its mean, and that is bounded by the
  // palette's step between neighbouring colours, so the finer palettes get the tighter bounds.
  const cases: [string, string, number][] = [
    ['ramp.png', 'bw', 8],
    ['ramp.png', 'gray4', 4],
    ['ramp.png', 'gray16', 2],
    ['blend.png', 'acep7', 10],
    ['blend.png', 'spectra6', 10],
  ];
  for (const [name, palette, bound] of cases) {
    const original = await rgbOfPng((await call(f.base, `${url(name)}?as=png`)).body);
    const dithered = await rgbOfPng((await call(f.base, `${url(name)}?palette=${palette}`)).body);
    const worst = worstBlockMean(original.data, dithered.data, W, H);
    t.ok(worst <= bound, `${name} ${palette}: worst block mean off by ${worst.toFixed(2)} (bound ${bound})`);
    const plain = await rgbOfPng((await call(f.base, `${url(name)}?palette=${palette}&dither=none`)).body);
    t.ok(worstBlockMean(original.data, plain.data, W, H) > bound, `${name} ${palette}: without dithering the bound fails (the test can)`);
  }
});

t.test('rotate turns the answer clockwise, its sides swapped for 90 and 270', async (t) => {
  const { f, url } = await setup(t);
  // Without dithering each pixel is its own nearest colour, so turning commutes with it exactly.
  const base = await rgbOfPng((await call(f.base, `${url('blend.png')}?palette=acep7&dither=none&w=200&h=120`)).body);
  for (const angle of [90, 180, 270]) {
    const reply = await call(f.base, `${url('blend.png')}?palette=acep7&dither=none&w=200&h=120&rotate=${angle}`);
    const turned = await rgbOfPng(reply.body);
    const expected = await sharp(base.data, { raw: { width: 200, height: 120, channels: 3 } })
      .rotate(angle)
      .raw()
      .toBuffer();
    t.same([turned.width, turned.height], angle === 180 ? [200, 120] : [120, 200], `rotate=${angle}: the sides`);
    t.ok(turned.data.equals(expected), `rotate=${angle}: the picture turned clockwise, pixel for pixel`);
    if (angle !== 180) t.equal(header(reply, 'content-disposition'), 'inline; filename="blend-120x200.png"');
  }
  const jpeg = await sharp((await call(f.base, `${url('blend.png')}?w=200&rotate=90&as=jpeg`)).body).metadata();
  t.same([jpeg.format, jpeg.width, jpeg.height], ['jpeg', 120, 200], 'rotate works without a palette too');
});

t.test("a palette's answer is the panel's size, a smaller picture enlarged unless enlarge=0", async (t) => {
  const { f, url } = await setup(t);
  // The 400x240 picture on a panel of 600x800 hung sideways: the panel reads 800x600.
  const size = async (query: string) => {
    const { body } = await call(f.base, `${url('blend.png')}?${query}`);
    // A BMP's header holds its size (height negative when stored top-down); sharp reads the rest.
    if (body.subarray(0, 2).toString() === 'BM') return [body.readInt32LE(18), Math.abs(body.readInt32LE(22))];
    const { width, height } = await sharp(body).metadata();
    return [width, height];
  };
  t.same(await size('w=600&h=800&palette=spectra6&rotate=90'), [800, 600], 'enlarged and turned: exactly what the panel shows');
  t.same(await size('w=800&h=480&palette=bw&as=bmp'), [800, 480], 'the BMP too');
  t.same(await size('w=600&h=800&palette=spectra6&rotate=90&enlarge=0'), [240, 180], 'enlarge=0: never upscaled, as without a palette');
  t.same(await size('w=600&h=800&rotate=90&as=png'), [240, 180], 'without a palette nothing is enlarged');
});

t.test('cached like every variant: made once, one ETag each, 304, and the random image too', async (t) => {
  const { f, url } = await setup(t);
  const path = `${url('blend.png')}?palette=spectra6&w=300&h=180`;
  const before = (await f.library.variantStats()).rendered;
  const first = await call(f.base, path);
  const again = await call(f.base, `${url('blend.png')}?h=180&w=300&palette=SPECTRA6&dither=fs`);
  t.equal((await f.library.variantStats()).rendered - before, 1, 'one render for the same variant asked two ways');
  t.same(again.body, first.body);
  t.equal(header(again, 'etag'), header(first, 'etag'));
  t.not(header(first, 'etag'), header(await call(f.base, `${path}&dither=atkinson`), 'etag'), 'another dither, another ETag');
  t.equal((await call(f.base, path, { headers: { 'if-none-match': header(first, 'etag')! } })).status, 304);
  const random = await call(f.base, '/api/wallpapers/random/image?palette=bw&w=160&h=96&as=bmp&redirect=1');
  t.equal(random.status, 302);
  t.match(header(random, 'location'), /&as=bmp&enlarge=1&palette=bw&dither=fs$/, 'the redirect names the canonical e-paper query');
  const followed = await call(f.base, header(random, 'location')!);
  t.equal(followed.status, 200);
  t.equal(header(followed, 'content-type'), 'image/bmp');
});

t.test('bad values: 400 naming the parameter and what it accepts', async (t) => {
  const { f, url } = await setup(t);
  const cases: [string, RegExp][] = [
    ['palette=sepia', /^invalid palette "sepia": expected bw, gray4, gray16, acep7, spectra6 or 2 to 16 comma-separated RRGGBB colours/],
    ['palette=ff0000', /^invalid palette "ff0000": expected/],
    [`palette=${Array(17).fill('ffffff').join(',')}`, /^invalid palette/],
    ['palette=ff000,00ff00', /^invalid palette "ff000,00ff00"/],
    ['palette=bw&dither=bayer', /^invalid dither "bayer": expected fs, atkinson or none/],
    ['dither=fs', /^invalid dither "fs": it needs a palette/],
    ['rotate=45', /^invalid rotate "45": expected 0, 90, 180 or 270/],
    ['palette=bw&as=jpeg', /^invalid as "jpeg" with a palette: expected png or bmp/],
    ['as=tiff', /^invalid as "tiff": expected jpeg, webp, avif, png or bmp/],
    ['palette=bw&palette=gray4', /^invalid palette: given 2 times, expected once/],
  ];
  for (const [query, message] of cases)
    for (const path of [`${url('blend.png')}?${query}`, `/api/wallpapers/random/image?${query}`]) {
      const reply = await call(f.base, path);
      t.equal(reply.status, 400, path);
      t.match(reply.text, message, path);
    }
});
