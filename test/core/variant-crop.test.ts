// The attention and entropy crops chosen on a reduced picture keep the box sharp's own
// crop keeps on the full picture, within a few percent of the source's side, on generated pictures
// with a clear subject; and the variant made from that box looks like sharp's own variant, EXIF
// orientation included.
import sharp from 'sharp';
import t from 'tap';
import { chooseRegion } from '../../src/core/variants/crop.js';
import { renderVariant } from '../../src/core/variants/render.js';
import { parseVariant } from '../../src/core/variants/spec.js';

/** The source as render.ts opens it: displayed, from its bytes. */
const opener = (source: Buffer) => () => sharp(source).rotate();

type Strategy = 'attention' | 'entropy';

/** A dull, lightly textured field with one subject: a saturated warm disc (attention) or a patch of
 * busy detail (entropy), centred at (x, y) as fractions of the picture. */
async function scene(width: number, height: number, x: number, y: number, kind: Strategy): Promise<Buffer> {
  const r = Math.round(Math.min(width, height) / 7);
  const cx = Math.round(width * x);
  const cy = Math.round(height * y);
  const subject =
    kind === 'attention'
      ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#e8a07a"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r / 2)}" fill="#d0382a"/>`
      : Array.from({ length: 24 }, (_, i) => {
          const step = (2 * r) / 24;
          return `<rect x="${cx - r + i * step}" y="${cy - r}" width="${step / 2}" height="${2 * r}" fill="${i % 2 ? '#000' : '#fff'}"/><rect x="${cx - r}" y="${cy - r + i * step}" width="${2 * r}" height="${step / 3}" fill="#777"/>`;
        }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#6f7378"/>${subject}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The left and top of the part of the source sharp's own cover crop keeps for `box`. */
async function sharpsOwn(source: Buffer, width: number, height: number, box: { w: number; h: number }, crop: Strategy) {
  const { info } = await sharp(source)
    .rotate()
    .resize({ width: box.w, height: box.h, fit: 'cover', position: sharp.strategy[crop] })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = Math.max(box.w / width, box.h / height);
  return { left: -(info.cropOffsetLeft ?? 0) / scale, top: -(info.cropOffsetTop ?? 0) / scale };
}

// libvips scores attention on the covering picture shrunk to 32x32, so its own box moves in steps of
// 1/32 of a side (3.1%): the two boxes may land one step apart, never more.
const tolerance = (side: number) => side / 32 + 2;

t.test("the box chosen on a reduced picture is sharp's own, within one of libvips' 32 steps (3.1%)", async (t) => {
  const table: [Strategy, [number, number], [number, number], { w: number; h: number }][] = [
    ['attention', [4000, 2000], [0.75, 0.5], { w: 1500, h: 1500 }],
    ['attention', [4000, 2000], [0.2, 0.4], { w: 1200, h: 1500 }],
    ['attention', [2000, 4000], [0.5, 0.8], { w: 1600, h: 1200 }],
    ['attention', [3000, 2000], [0.35, 0.3], { w: 2400, h: 2400 }],
    ['entropy', [4000, 2000], [0.7, 0.5], { w: 1500, h: 1500 }],
    ['entropy', [2000, 4000], [0.5, 0.7], { w: 1600, h: 1200 }],
  ];
  for (const [crop, [width, height], [x, y], box] of table) {
    const source = await scene(width, height, x, y, crop);
    const region = await chooseRegion(opener(source), width, height, box, crop);
    const own = await sharpsOwn(source, width, height, box, crop);
    const name = `${crop} ${width}x${height}, subject at ${x},${y}, box ${box.w}x${box.h}`;
    t.ok(region, `${name}: a region is chosen`);
    if (!region) continue;
    t.ok(Math.abs(region.left - own.left) <= tolerance(width), `${name}: left ${region.left} vs sharp's ${Math.round(own.left)}`);
    t.ok(Math.abs(region.top - own.top) <= tolerance(height), `${name}: top ${region.top} vs sharp's ${Math.round(own.top)}`);
    t.same(
      [region.width / region.height, box.w / box.h].map((r) => r.toFixed(2)),
      [(box.w / box.h).toFixed(2), (box.w / box.h).toFixed(2)],
    );
  }
});

t.test('no region when nothing is cut away or the covering picture is small', async (t) => {
  const source = await scene(4000, 2000, 0.5, 0.5, 'attention');
  t.equal(await chooseRegion(opener(source), 4000, 2000, { w: 2000, h: 1000 }, 'attention'), undefined, 'same aspect: nothing cut');
  t.equal(await chooseRegion(opener(source), 4000, 2000, { w: 500, h: 500 }, 'attention'), undefined, 'covering picture 1000x500');
});

/** Mean absolute difference of two pictures' pixels, both reduced to 64x64 greyscale. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (bytes: Buffer) => sharp(bytes).resize(64, 64, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

t.test("the variant cut from the chosen box looks like sharp's own, EXIF orientation applied", async (t) => {
  const upright = await scene(1500, 3000, 0.5, 0.8, 'attention');
  // The same picture stored lying on its side with EXIF orientation 6 (display: rotate 90 clockwise).
  const lying = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
  for (const [name, source] of [
    ['upright', upright],
    ['EXIF 6', lying],
  ] as const) {
    const spec = parseVariant({ w: '1200', h: '900', crop: 'attention', as: 'jpeg' })!;
    const made = await renderVariant(source, spec, 'jpeg');
    const own = await sharp(source)
      .rotate()
      .resize({ width: 1200, height: 900, fit: 'cover', position: sharp.strategy.attention })
      .jpeg()
      .toBuffer();
    const { width, height } = await sharp(made.bytes).metadata();
    t.same([width, height], [1200, 900], `${name}: the size asked`);
    const diff = await difference(made.bytes, own);
    t.ok(diff < 4, `${name}: mean difference ${diff.toFixed(2)} of 255 from sharp's own crop`);
  }
});
