// Table tests of the pure classification rules of docs/design.md#analysis, including the boundaries.
import t from 'tap';
import { classifyAspectRatio, classifyBrightness, classifyOrientation, hueClass, pixelStats } from '../../src/core/analysis/classify.js';

t.test('brightness thresholds', async (t) => {
  const table: [number, string][] = [
    [0, 'dark'],
    [0.3499, 'dark'],
    [0.35, 'medium'],
    [0.6, 'medium'],
    [0.6001, 'light'],
    [1, 'light'],
  ];
  for (const [luminance, expected] of table) t.equal(classifyBrightness(luminance), expected, `${luminance}`);
});

t.test('orientation and aspect ratio', async (t) => {
  const table: [number, number, string, string][] = [
    [1920, 1080, 'landscape', '16:9'],
    [1366, 768, 'landscape', '16:9'], // 1.7786: near 16/9
    [1600 * 1.02, 900, 'landscape', '16:9'], // exactly 2% off
    [1600 * 1.021, 900, 'landscape', 'custom'], // just over 2%
    [1920, 1200, 'landscape', 'custom'], // 16:10
    [1280, 1024, 'landscape', 'custom'], // 5:4
    [1024, 768, 'landscape', '4:3'],
    [3440, 1440, 'landscape', 'ultrawide'], // 2.389
    [2200, 1000, 'landscape', 'ultrawide'], // exactly 2.2
    [2000, 1000, 'landscape', 'custom'], // 2:1
    [1000, 1000, 'square', 'square'],
    [1020, 1000, 'square', 'square'], // within 2%
    [980, 1000, 'square', 'square'],
    [1080, 1920, 'portrait', 'portrait'],
    [970, 1000, 'portrait', 'portrait'],
  ];
  for (const [w, h, orientation, aspect] of table) {
    t.equal(classifyOrientation(w, h), orientation, `${w}x${h} orientation`);
    t.equal(classifyAspectRatio(w, h), aspect, `${w}x${h} aspect`);
  }
});

t.test('hue classes at every boundary', async (t) => {
  const table: [number, string][] = [
    [0, 'red'],
    [14.99, 'red'],
    [15, 'warm'],
    [74.99, 'warm'],
    [75, 'green'],
    [159.99, 'green'],
    [160, 'cool'],
    [184.99, 'cool'],
    [185, 'blue'],
    [259.99, 'blue'],
    [260, 'cool'],
    [284.99, 'cool'],
    [285, 'warm'],
    [344.99, 'warm'],
    [345, 'red'],
    [359.9, 'red'],
  ];
  for (const [h, expected] of table) t.equal(hueClass(h), expected, `${h} degrees`);
});

const pixels = (...rgb: [number, number, number][]) => Uint8Array.from(rgb.flat());
const repeat = (count: number, rgb: [number, number, number]) => Array.from({ length: count }, () => rgb);

t.test('pixel statistics', async (t) => {
  t.same(pixelStats(pixels([255, 255, 255]), 3), { luminance: 1, dominant_hue: 'neutral' });
  t.same(pixelStats(pixels([0, 0, 0]), 3), { luminance: 0, dominant_hue: 'neutral' });
  t.same(pixelStats(pixels([255, 0, 0]), 3), { luminance: 0.2126, dominant_hue: 'red' });
  t.same(pixelStats(pixels([0, 255, 0]), 3), { luminance: 0.7152, dominant_hue: 'green' });
  t.same(pixelStats(pixels([0, 0, 255]), 3), { luminance: 0.0722, dominant_hue: 'blue' });
  t.equal(pixelStats(pixels([255, 200, 0]), 3).dominant_hue, 'warm'); // orange, h = 47
  t.equal(pixelStats(pixels([0, 255, 255]), 3).dominant_hue, 'cool'); // cyan, h = 180
  t.equal(pixelStats(pixels([128, 0, 255]), 3).dominant_hue, 'cool'); // violet, h = 270
  // low saturation and low value do not count
  t.equal(pixelStats(pixels([200, 180, 180]), 3).dominant_hue, 'neutral'); // s = 0.1
  t.equal(pixelStats(pixels([40, 0, 0]), 3).dominant_hue, 'neutral'); // v = 0.157
  // 14 of 100 pixels chromatic: neutral; 15 of 100: the hue
  t.equal(pixelStats(pixels(...repeat(14, [255, 0, 0]), ...repeat(86, [128, 128, 128])), 3).dominant_hue, 'neutral');
  t.equal(pixelStats(pixels(...repeat(15, [255, 0, 0]), ...repeat(85, [128, 128, 128])), 3).dominant_hue, 'red');
  // weights are s x v: fewer vivid pixels beat more dull ones
  t.equal(pixelStats(pixels(...repeat(10, [0, 0, 255]), ...repeat(12, [0, 64, 0])), 3).dominant_hue, 'blue');
  // a tie goes to the first of red, green, blue, warm, cool
  t.equal(pixelStats(pixels([0, 0, 255], [255, 0, 0]), 3).dominant_hue, 'red');
  t.equal(pixelStats(pixels([0, 0, 255], [0, 255, 0]), 3).dominant_hue, 'green');
  // a fourth channel is skipped
  t.same(pixelStats(Uint8Array.from([255, 0, 0, 7]), 4), { luminance: 0.2126, dominant_hue: 'red' });
});
