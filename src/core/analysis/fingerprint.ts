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
export const HASH_BITS = 64;
const HASH_BYTES = HASH_BITS / 8;
const GRID = 4;
const SIGNATURE_BYTES = GRID * GRID * 3;
/** Bytes of an encoded fingerprint: contrast, hash, signature, picture share, edge density. */
export const FINGERPRINT_BYTES = 1 + HASH_BYTES + SIGNATURE_BYTES + 2;
const SHARE_AT = 1 + HASH_BYTES + SIGNATURE_BYTES;
const EDGES_AT = SHARE_AT + 1;
/** Below this standard deviation of luma (0..1) a picture is near-uniform: never grouped. */
export const UNIFORM_BELOW = 0.02;
/** A row or column is a bar while every pixel is within this (0..255) of the edge's colour. */
const BAR_TOLERANCE = 10;
/** Bars are cut up to this share of a side; more is the picture itself. */
const MAX_BAR_SHARE = 0.3;

/** The encoded fingerprint: byte 0 the contrast in thousandths (capped at 255), bytes 1-8 the hash,
 * then the 4x4 grid's OKLab colours (L x 255, a and b x 255 + 128), then the share of the image
 * inside its letterbox bars (x 255: a letterboxed copy has more pixels, not more picture), then the
 * edge density (mean luma step between neighbours, in thousandths, capped at 255): texture that
 * the hash's low frequencies do not see, and that a crop or a resize keeps. */
export type Fingerprint = Buffer;

export const contrastOf = (fingerprint: Uint8Array): number => fingerprint[0]! / 1000;
export const hashOf = (fingerprint: Uint8Array): Uint8Array => fingerprint.subarray(1, 1 + HASH_BYTES);
export const signatureOf = (fingerprint: Uint8Array): Uint8Array => fingerprint.subarray(1 + HASH_BYTES, 1 + HASH_BYTES + SIGNATURE_BYTES);
/** The share of the image that is picture (not bars), 0..1; 1 for fingerprints made before it was kept. */
export const pictureShareOf = (fingerprint: Uint8Array): number => (fingerprint.length > SHARE_AT ? fingerprint[SHARE_AT]! / 255 : 1);
/** The edge density, or undefined for a fingerprint made before it was kept. */
export const edgeDensityOf = (fingerprint: Uint8Array): number | undefined =>
  fingerprint.length > EDGES_AT ? fingerprint[EDGES_AT]! / 1000 : undefined;

/** The region of `data` (width x height, `channels`) inside its letterbox or pillarbox bars. */
export function insideBars(data: Uint8Array, width: number, height: number, channels: number) {
  const at = (x: number, y: number, c: number) => data[(y * width + x) * channels + c]!;
  const ref = [0, 1, 2].map((c) => at(0, 0, c));
  const isBar = (x0: number, y0: number, dx: number, dy: number, length: number) => {
    for (let i = 0; i < length; i++) {
      for (let c = 0; c < 3; c++) if (Math.abs(at(x0 + dx * i, y0 + dy * i, c) - ref[c]!) > BAR_TOLERANCE) return false;
    }
    return true;
  };
  let top = 0;
  let bottom = height;
  let left = 0;
  let right = width;
  const maxRows = Math.floor(height * MAX_BAR_SHARE);
  const maxCols = Math.floor(width * MAX_BAR_SHARE);
  while (top < maxRows && isBar(0, top, 1, 0, width)) top++;
  while (height - bottom < maxRows && isBar(0, bottom - 1, 1, 0, width)) bottom--;
  while (left < maxCols && isBar(left, top, 0, 1, bottom - top)) left++;
  while (width - right < maxCols && isBar(right - 1, top, 0, 1, bottom - top)) right--;
  // Cut only what is a whole bar on a side (at least 1% of it); a uniform picture stays whole.
  const barred = (cut: number, side: number) => cut >= Math.max(2, side * 0.01);
  return {
    left: barred(left, width) ? left : 0,
    top: barred(top, height) ? top : 0,
    width: (barred(width - right, width) ? right : width) - (barred(left, width) ? left : 0),
    height: (barred(height - bottom, height) ? bottom : height) - (barred(top, height) ? top : 0),
  };
}

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
export function fingerprintOf(square: Uint8Array, channels: number, pictureShare = 1): Fingerprint {
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
