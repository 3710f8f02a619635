// Large AVIF variants: served at the size asked, encoded tile by tile into one grid AVIF
// that decodes (libheif here; Chromium in test/http/variant-avif-browser.test.ts) to the same picture
// as the variant in JPEG: every tile in its place, the padded edge tiles cut, for cover, contain
// and inside. Up to a 1920x1200 screen's pixels an AVIF is one picture, as before.
import sharp from 'sharp';
import t from 'tap';
import { readTile, writeGrid } from '../../src/core/variants/avif-grid.js';
import { gridOf } from '../../src/core/variants/avif.js';
import { renderVariant } from '../../src/core/variants/render.js';
import { parseVariant } from '../../src/core/variants/spec.js';

/** A smooth picture with features in every region (quick to encode, easy to see misplaced). */
async function picture(width: number, height: number): Promise<Buffer> {
  const dots = Array.from({ length: 12 }, (_, i) => {
    const x = Math.round(((i % 4) + 0.5) * (width / 4));
    const y = Math.round((Math.floor(i / 4) + 0.5) * (height / 3));
    return `<circle cx="${x}" cy="${y}" r="${Math.round(Math.min(width, height) / 12)}" fill="hsl(${i * 30},70%,50%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#203a60"/><stop offset="1" stop-color="#e8c080"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${dots}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Mean absolute difference of two pictures, both reduced to 96x96 RGB. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (bytes: Buffer) => sharp(bytes).resize(96, 96, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

t.test('the grid of a size: tiles of at most 1024, even, the last ones cut', async (t) => {
  t.same(gridOf(3840, 2160), { columns: 4, rows: 3, tileWidth: 960, tileHeight: 720, width: 3840, height: 2160 });
  t.same(gridOf(5000, 5000), { columns: 5, rows: 5, tileWidth: 1000, tileHeight: 1000, width: 5000, height: 5000 });
  t.same(gridOf(2561, 1441), { columns: 3, rows: 2, tileWidth: 854, tileHeight: 722, width: 2561, height: 1441 });
});

t.test('a large AVIF is the size asked and the picture of the JPEG variant', async (t) => {
  const landscape = await picture(3840, 2160);
  const portrait = await picture(1800, 3200);
  const table: [string, Buffer, Record<string, string>, [number, number]][] = [
    ['cover 3840x2160', landscape, { w: '3840', h: '2160' }, [3840, 2160]],
    ['cover of another aspect, attention', landscape, { w: '2561', h: '1441', crop: 'attention' }, [2561, 1441]],
    ['contain, letterboxed', portrait, { w: '3000', h: '2000', fit: 'contain', enlarge: '1' }, [3000, 2000]],
    ['inside', portrait, { h: '3200' }, [1800, 3200]],
  ];
  for (const [name, source, query, expected] of table) {
    const avif = await renderVariant(source, parseVariant({ ...query, as: 'avif' })!, 'avif');
    const jpeg = await renderVariant(source, parseVariant({ ...query, as: 'jpeg' })!, 'jpeg');
    const meta = await sharp(avif.bytes).metadata();
    t.same([meta.width, meta.height], expected, `${name}: ${expected.join('x')} as asked`);
    const diff = await difference(avif.bytes, jpeg.bytes);
    t.ok(diff < 3, `${name}: mean difference ${diff.toFixed(2)} of 255 from the JPEG variant`);
  }
});

t.test('up to 1920x1200 pixels an AVIF is one picture, not a grid', async (t) => {
  const source = await picture(3840, 2160);
  const avif = await renderVariant(source, parseVariant({ w: '1920', h: '1200', as: 'avif' })!, 'avif');
  t.doesNotThrow(() => readTile(avif.bytes), 'one coded item');
  t.same(
    await sharp(avif.bytes)
      .metadata()
      .then((m) => [m.width, m.height]),
    [1920, 1200],
  );
});

t.test('a grid file holds its tiles in order', async (t) => {
  // Four flat tiles of four colours, joined 2x2 and cut to 200x150: each quarter keeps its colour.
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffffff'];
  const tiles = await Promise.all(
    colours.map(async (background) =>
      readTile(
        await sharp({ create: { width: 128, height: 96, channels: 3, background } })
          .avif({ quality: 90 })
          .toBuffer(),
      ),
    ),
  );
  const file = writeGrid(tiles, { columns: 2, rows: 2, tileWidth: 128, tileHeight: 96, width: 200, height: 150 });
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  t.same([info.width, info.height], [200, 150]);
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) < 12);
  t.ok(near(at(10, 10), [255, 0, 0]), `top left red: ${at(10, 10)}`);
  t.ok(near(at(190, 10), [0, 255, 0]), `top right green: ${at(190, 10)}`);
  t.ok(near(at(10, 140), [0, 0, 255]), `bottom left blue: ${at(10, 140)}`);
  t.ok(near(at(190, 140), [255, 255, 255]), `bottom right white: ${at(190, 140)}`);
  t.throws(() => readTile(file), /expected one/, 'a grid is not one coded item');
});
