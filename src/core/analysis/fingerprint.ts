// What near-duplicate search knows of a picture, from the scan's one decode, in one 57-byte value:
// - a 64-bit perceptual hash: the DCT of the luminance, its 64 lowest frequencies against their
//   median. Measured on 49 real wallpapers (bench/RESULTS.md): the 256 bits of frequencies up to 22
//   flip up to 154 bits under a 10% crop (no better than chance), the lowest 64 at most 32;
// - a colour signature: the mean OKLab colour of a 4x4 grid, which tells a greyscale, tinted or
//   designer light/dark version from the original (their hashes are alike: the DCT ignores level);
// - the contrast (standard deviation of luma): pictures of little contrast (dark patterns, flat
//   colour) have hashes made of noise, so they need a much closer match, and a near-uniform one is
//   never grouped by its hash at all.
// Letterbox and pillarbox bars are cut before any of it is taken.
import { rgbToLab } from './oklab.js';

/** Side of the square the hash and signature are taken from. */
export const FINGERPRINT_SIZE = 64;
const HASH_BITS = 64;
const HASH_BYTES = HASH_BITS / 8;
const GRID = 4;
const SIGNATURE_BYTES = GRID * GRID * 3;
/** Bytes of an encoded fingerprint: contrast, hash, signature, picture share, edge density, bars.
 * @public bench/lib/curation-records.js reads it through dist/, where knip does not look. */
export const FINGERPRINT_BYTES = 1 + HASH_BYTES + SIGNATURE_BYTES + 3;
const SHARE_AT = 1 + HASH_BYTES + SIGNATURE_BYTES;
const EDGES_AT = SHARE_AT + 1;
const BARS_AT = EDGES_AT + 1;
/** Which sides had bars cut (bits): rows (letterbox), columns (pillarbox). */
export const ROW_BARS = 1;
export const COLUMN_BARS = 2;
/** Below this standard deviation of luma (0..1) a picture is near-uniform: never grouped. */
export const UNIFORM_BELOW = 0.02;
/** A row or column is a bar while every pixel is within this (0..255) of the bar's colour... */
const BAR_TOLERANCE = 10;
/** ...and its pixels are this close to it on average: a bar is flat, a dark or pale picture is not. */
const BAR_MEAN_TOLERANCE = 2.5;
/** Bars are cut up to this share of a side; a side flat that far is the picture itself. */
const MAX_BAR_SHARE = 0.3;
/** Bars inside bars (a letterboxed copy of a picture that has flat bands of its own) are peeled
 * this many times, so that the copy and its original keep the same picture. */
const BAR_LAYERS = 3;

/** The encoded fingerprint: byte 0 the contrast in thousandths (capped at 255), bytes 1-8 the hash,
 * then the 4x4 grid's OKLab colours (L x 255, a and b x 255 + 128), then the share of the image
 * inside its letterbox bars (x 255: a letterboxed copy has more pixels, not more picture), then the
 * edge density (mean luma step between neighbours, in thousandths, capped at 255): texture that
 * the hash's low frequencies do not see, and that a crop or a resize keeps; then which bars were
 * cut (ROW_BARS | COLUMN_BARS), so the picture's shape inside them is known. */
export type Fingerprint = Buffer;

export const contrastOf = (fingerprint: Uint8Array): number => fingerprint[0]! / 1000;
export const hashOf = (fingerprint: Uint8Array): Uint8Array => fingerprint.subarray(1, 1 + HASH_BYTES);
export const signatureOf = (fingerprint: Uint8Array): Uint8Array => fingerprint.subarray(1 + HASH_BYTES, 1 + HASH_BYTES + SIGNATURE_BYTES);
/** The share of the image that is picture (not bars), 0..1; 1 for fingerprints made before it was kept. */
export const pictureShareOf = (fingerprint: Uint8Array): number => (fingerprint.length > SHARE_AT ? fingerprint[SHARE_AT]! / 255 : 1);
/** Which bars were cut (ROW_BARS, COLUMN_BARS), or undefined for a fingerprint made before it was
 * kept (then the share alone is known, not which way the picture is narrower). */
export const barsOf = (fingerprint: Uint8Array): number | undefined => (fingerprint.length > BARS_AT ? fingerprint[BARS_AT]! : undefined);
/** The edge density, or undefined for a fingerprint made before it was kept. */
export const edgeDensityOf = (fingerprint: Uint8Array): number | undefined =>
  fingerprint.length > EDGES_AT ? fingerprint[EDGES_AT]! / 1000 : undefined;

/** The region of `data` (width x height, `channels`, alpha flattened over black as the analysis
 * does) inside its letterbox or pillarbox bars. Bars come in pairs of one colour (top and bottom,
 * or left and right): a flat band on one side is part of the picture, so an original with a flat
 * sky and its letterboxed copy keep the same picture. */
export function insideBars(data: Uint8Array, width: number, height: number, channels: number) {
  const alpha = channels === 4 || channels === 2;
  const colours = channels >= 3 ? 3 : 1;
  const at = (x: number, y: number, c: number) => {
    const i = (y * width + x) * channels;
    const value = data[i + Math.min(c, colours - 1)]!;
    return alpha ? (value * data[i + channels - 1]!) / 255 : value;
  };
  /** Whether `length` pixels from (x0, y0) in steps (dx, dy) are a bar of the colour at (rx, ry). */
  const isBar = (x0: number, y0: number, dx: number, dy: number, length: number, rx: number, ry: number) => {
    let total = 0;
    for (let c = 0; c < 3; c++) {
      const ref = at(rx, ry, c);
      for (let i = 0; i < length; i++) {
        const off = Math.abs(at(x0 + dx * i, y0 + dy * i, c) - ref);
        if (off > BAR_TOLERANCE) return false;
        total += off;
      }
    }
    return total <= BAR_MEAN_TOLERANCE * 3 * length;
  };
  const sameColour = (ax: number, ay: number, bx: number, by: number) =>
    [0, 1, 2].every((c) => Math.abs(at(ax, ay, c) - at(bx, by, c)) <= BAR_TOLERANCE);
  // A whole bar on a side is at least 1% of it (2 pixels); a side flat up to the cap is no bar.
  const [minRows, minCols] = [Math.max(2, height * 0.01), Math.max(2, width * 0.01)];
  const [maxRows, maxCols] = [Math.floor(height * MAX_BAR_SHARE), Math.floor(width * MAX_BAR_SHARE)];
  let [left, top, right, bottom] = [0, 0, width, height];
  for (let layer = 0; layer < BAR_LAYERS; layer++) {
    const before = [left, top, right, bottom].join();
    const span = right - left;
    let [t, b] = [top, bottom];
    while (t < maxRows && isBar(left, t, 1, 0, span, left, top)) t++;
    while (height - b < maxRows && isBar(left, b - 1, 1, 0, span, left, bottom - 1)) b--;
    // A letterbox is centred: where one side's bar runs on into a picture edge of its colour,
    // the other side's says where the bar ends.
    const rowsCut = Math.min(t - top, bottom - b);
    if (rowsCut >= minRows && t < maxRows && height - b < maxRows && sameColour(left, top, left, bottom - 1)) {
      [top, bottom] = [top + rowsCut, bottom - rowsCut];
    }
    const rows = bottom - top;
    let [l, r] = [left, right];
    while (l < maxCols && isBar(l, top, 0, 1, rows, left, top)) l++;
    while (width - r < maxCols && isBar(r - 1, top, 0, 1, rows, right - 1, top)) r--;
    const colsCut = Math.min(l - left, right - r);
    if (colsCut >= minCols && l < maxCols && width - r < maxCols && sameColour(left, top, right - 1, top)) {
      [left, right] = [left + colsCut, right - colsCut];
    }
    if ([left, top, right, bottom].join() === before) break;
  }
  // The row or column where a bar meets the picture is a blend of both (resampling, JPEG's
  // ringing): it goes with the bar, or it would be an edge no original has.
  const [padX, padY] = [left > 0 ? 1 : 0, top > 0 ? 1 : 0];
  return { left: left + padX, top: top + padY, width: right - left - 2 * padX, height: bottom - top - 2 * padY };
}

/** Which bars `insideBars` cut from an image of `size`. */
export const barsCut = (box: { width: number; height: number }, size: { width: number; height: number }): number =>
  (box.height < size.height ? ROW_BARS : 0) | (box.width < size.width ? COLUMN_BARS : 0);

/** Cosines of the DCT-II for the low frequencies the hash keeps. */
const FREQUENCIES = 11;
const COSINES = Float64Array.from({ length: FREQUENCIES * FINGERPRINT_SIZE }, (_, i) => {
  const u = Math.floor(i / FINGERPRINT_SIZE);
  const x = i % FINGERPRINT_SIZE;
  return Math.cos(((2 * x + 1) * u * Math.PI) / (2 * FINGERPRINT_SIZE));
});
/** The (u, v) kept: lowest u + v first, without the mean (DC), 64 of them. */
const KEPT = (() => {
  const pairs: [number, number][] = [];
  for (let sum = 1; pairs.length < HASH_BITS; sum++) for (let u = 0; u <= sum && pairs.length < HASH_BITS; u++) pairs.push([u, sum - u]);
  return pairs;
})();

/** The fingerprint of an RGB(A) square FINGERPRINT_SIZE a side (bars already cut, resized);
 * `pictureShare`: the share of the image that was inside the bars. */
export function fingerprintOf(square: Uint8Array, channels: number, pictureShare = 1, bars = 0): Fingerprint {
  const n = FINGERPRINT_SIZE;
  const luma = new Float64Array(n * n);
  let sum = 0;
  let sumSquares = 0;
  const grid = new Float64Array(GRID * GRID * 3);
  const cell = n / GRID;
  for (let i = 0; i < n * n; i++) {
    const r = square[i * channels]!;
    const g = square[i * channels + 1]!;
    const b = square[i * channels + 2]!;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    luma[i] = y;
    sum += y;
    sumSquares += y * y;
    const lab = rgbToLab(r, g, b);
    const g0 = (Math.floor(Math.floor(i / n) / cell) * GRID + Math.floor((i % n) / cell)) * 3;
    for (let c = 0; c < 3; c++) grid[g0 + c]! += lab[c]! / (cell * cell);
  }
  const mean = sum / (n * n);
  const deviation = Math.sqrt(Math.max(0, sumSquares / (n * n) - mean * mean));
  const fingerprint = Buffer.alloc(FINGERPRINT_BYTES);
  fingerprint[0] = Math.min(255, Math.round(deviation * 1000));
  dctHash(luma).copy(fingerprint, 1);
  fingerprint[SHARE_AT] = Math.round(Math.min(1, Math.max(0, pictureShare)) * 255);
  fingerprint[EDGES_AT] = Math.min(255, Math.round(edgeDensity(luma) * 1000));
  fingerprint[BARS_AT] = bars;
  const signature = fingerprint.subarray(1 + HASH_BYTES);
  for (let i = 0; i < GRID * GRID; i++) {
    signature[i * 3] = Math.round(Math.min(1, Math.max(0, grid[i * 3]!)) * 255);
    for (let c = 1; c < 3; c++) signature[i * 3 + c] = Math.round(Math.min(127, Math.max(-128, grid[i * 3 + c]! * 255)) + 128);
  }
  return fingerprint;
}

/** Mean absolute luma step to the right and downwards neighbour. */
function edgeDensity(luma: Float64Array): number {
  const n = FINGERPRINT_SIZE;
  let total = 0;
  for (let y = 0; y < n - 1; y++) {
    for (let x = 0; x < n - 1; x++) {
      const here = luma[y * n + x]!;
      total += Math.abs(luma[y * n + x + 1]! - here) + Math.abs(luma[(y + 1) * n + x]! - here);
    }
  }
  return total / ((n - 1) * (n - 1));
}

function dctHash(luma: Float64Array): Buffer {
  const n = FINGERPRINT_SIZE;
  // Rows first (every row, the low frequencies), then columns of those.
  const rows = new Float64Array(n * FREQUENCIES);
  for (let y = 0; y < n; y++) {
    for (let u = 0; u < FREQUENCIES; u++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += luma[y * n + x]! * COSINES[u * n + x]!;
      rows[y * FREQUENCIES + u] = s;
    }
  }
  const coefficients = KEPT.map(([u, v]) => {
    let s = 0;
    for (let y = 0; y < n; y++) s += rows[y * FREQUENCIES + u]! * COSINES[v * n + y]!;
    return s;
  });
  const median = [...coefficients].sort((a, b) => a - b)[HASH_BITS / 2]!;
  const hash = Buffer.alloc(HASH_BYTES);
  coefficients.forEach((value, bit) => {
    if (value > median) hash[bit >> 3]! |= 1 << (bit & 7);
  });
  return hash;
}
