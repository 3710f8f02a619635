// The analysis room: one decode of an image -> what docs/design.md#analysis says of it (dimensions,
// luminance, brightness, aspect ratio, orientation, hue), its palette in OKLab and its near-duplicate
// fingerprint, and how many pixels a process decodes at once. analyze.ts loads sharp, so it is
// reached only through loadAnalyzer(); the rest is pure and cheap to import.
// May use: formats (which decodes every indexed format).
export {
  COLUMN_BARS,
  ROW_BARS,
  UNIFORM_BELOW,
  barsOf,
  contrastOf,
  edgeDensityOf,
  hashOf,
  pictureShareOf,
  signatureOf,
} from './fingerprint.js';
export { GRID_BYTES, GRID_SIDE } from './grid.js';
export { ASPECT_RATIOS, BRIGHTNESS, HUES, ORIENTATIONS, classifyAspectRatio } from './classify.js';
export { MAX_RATIO_SIDE, RATIO_TOLERANCE_PERCENT, matchesRatio, ratioOf } from './ratio.js';
export type { Ratio } from './ratio.js';
export type { AspectRatio, Brightness, Hue, Orientation } from './classify.js';
export { cellOf, cellsNear, hexToLab, labToHex, labToLinear } from './oklab.js';
export type { Lab } from './oklab.js';
export type { Analysis } from './analyze.js';
export { MIN_COLOR_SHARE } from './palette.js';
export { decodeBudget } from './decode-budget.js';

/** The decoder and analyser, which loads sharp: imported only when a file is read, so commands that
 * answer from the index (`list`, `random`) never pay for loading it. */
export const loadAnalyzer = () => import('./analyze.js');
export type Analyzer = Awaited<ReturnType<typeof loadAnalyzer>>;
