// The analysis of real images decoded by sharp: one generated image per class and the boundaries of
// docs/design.md#analysis (exactly 16:9, 2% off, 16:10 as custom, EXIF orientation 6, alpha, profiles).
import t from 'tap';
import sharp from 'sharp';
import { analyzeImage, contentId } from '../../src/core/analysis/analyze.js';
import { imageBytes, twoColourBytes } from '../helpers/fixtures.js';

const analyse = async (bytes: Buffer) => (await analyzeImage(bytes, 480)).analysis;

t.test('one image per class', async (t) => {
  const table = [
    {
      spec: { width: 1920, height: 1080, color: '#101048' },
      expect: { brightness: 'dark', aspect_ratio: '16:9', orientation: 'landscape', dominant_hue: 'blue' },
    },
    {
      spec: { width: 1080, height: 1920, color: '#ffb0b0', format: 'png' as const },
      expect: { brightness: 'light', aspect_ratio: 'portrait', orientation: 'portrait', dominant_hue: 'red' },
    },
    {
      spec: { width: 1000, height: 1000, color: '#30a030', format: 'webp' as const },
      expect: { brightness: 'medium', aspect_ratio: 'square', orientation: 'square', dominant_hue: 'green' },
    },
    { spec: { width: 1024, height: 768, color: '#e0a020' }, expect: { aspect_ratio: '4:3', dominant_hue: 'warm' } },
    { spec: { width: 3440, height: 1440, color: '#20c0c0' }, expect: { aspect_ratio: 'ultrawide', dominant_hue: 'cool' } },
    { spec: { width: 1920, height: 1200, color: '#808080' }, expect: { aspect_ratio: 'custom', dominant_hue: 'neutral' } },
    { spec: { width: 1632, height: 900, color: '#808080' }, expect: { aspect_ratio: '16:9' } }, // exactly 2% off
    { spec: { width: 1640, height: 900, color: '#808080' }, expect: { aspect_ratio: 'custom' } }, // 2.5% off
  ];
  for (const { spec, expect } of table) {
    const analysis = await analyse(await imageBytes(spec));
    t.match(analysis, { width: spec.width, height: spec.height, ...expect }, `${spec.width}x${spec.height} ${spec.color}`);
  }
});

t.test('luminance is the Rec. 709 mean over sRGB values, to 4 decimals', async (t) => {
  const grey = await analyse(await imageBytes({ width: 200, height: 100, color: '#808080', format: 'png' }));
  t.equal(grey.luminance, 0.502); // 128 / 255 = 0.50196
  const red = await analyse(await imageBytes({ width: 200, height: 100, color: '#ff0000', format: 'png' }));
  t.ok(Math.abs(red.luminance - 0.2126) <= 0.005, `red luminance ${red.luminance}`);
  const halves = await analyse(await twoColourBytes(200, 100, '#000000', '#ffffff'));
  t.ok(Math.abs(halves.luminance - 0.5) <= 0.005, `half black half white ${halves.luminance}`);
  t.equal(halves.brightness, 'medium');
});

t.test('EXIF orientation 6 swaps the displayed size', async (t) => {
  const analysis = await analyse(await imageBytes({ width: 400, height: 300, color: '#202020', orientation: 6 }));
  t.equal(analysis.width, 300);
  t.equal(analysis.height, 400);
  t.equal(analysis.orientation, 'portrait');
  t.equal(analysis.aspect_ratio, 'portrait');
});

t.test('alpha is flattened over black', async (t) => {
  const analysis = await analyse(await imageBytes({ width: 100, height: 100, color: '#ffffff', format: 'png', alpha: 0.5 }));
  t.ok(Math.abs(analysis.luminance - 0.5) <= 0.01, `white at half opacity over black: ${analysis.luminance}`);
});

t.test('a colour profile other than sRGB is converted', async (t) => {
  // Pure green stored in Display P3 is a more saturated green than sRGB can show; either way it
  // must come out green, and its luminance must be that of the converted values, not the raw ones.
  const p3 = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
  const analysis = await analyse(p3);
  t.equal(analysis.dominant_hue, 'green');
});

t.test('the thumbnail is WebP, fits inside the size and is never enlarged', async (t) => {
  const big = await analyzeImage(await imageBytes({ width: 1920, height: 1080, color: '#123456' }), 480);
  const bigMeta = await sharp(big.thumbnail).metadata();
  t.match(bigMeta, { format: 'webp', width: 480, height: 270 });
  const small = await analyzeImage(await imageBytes({ width: 100, height: 50, color: '#123456' }), 480);
  t.match(await sharp(small.thumbnail).metadata(), { width: 100, height: 50 });
});

t.test('ids are the first 16 hex characters of the SHA-256', async (t) => {
  t.equal(contentId(Buffer.from('abc')), 'ba7816bf8f01cfea');
  const bytes = await imageBytes({ width: 10, height: 10, color: '#000000' });
  t.equal((await analyse(bytes)).id, contentId(bytes));
});

t.test('refuses what is not a strictly decodable image of an indexed format', async (t) => {
  const jpeg = await imageBytes({ width: 800, height: 600, color: '#336699' });
  const cases: [string, Buffer, string][] = [
    ['random bytes', Buffer.from('definitely not an image'), 'unsupported'],
    ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'unsupported'],
    // JPEG 2000 (docs/design.md#every-format does not index it): its signature box.
    ['JPEG 2000', Buffer.from('0000000c6a5020200d0a870a00000014667479706a703220', 'hex'), 'unsupported'],
    ['an XML file that is no SVG', Buffer.from('<?xml version="1.0"?><html/>'), 'unsupported'],
  ];
  for (const [name, bytes, code] of cases) {
    await t.rejects(analyzeImage(bytes, 480), { code }, name);
  }
});
