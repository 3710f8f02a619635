// Error-diffusion dithering of raw RGB pixels to a palette's indices (docs/frame.md#e-paper-frames):
// Floyd-Steinberg (the whole error to four neighbours, keeps the local mean colour), Atkinson (6/8
// of it to six neighbours: more contrast, less noise, as on the first Macintosh), or none (each pixel
// its nearest colour). Errors are kept for this row and the next two only, so the memory beyond the
// pixels is a few rows, at any size. A value pushed past 0..255 by the errors is clamped before it
// is matched, so a colour the palette cannot mix does not spread its error across the picture.
// Speed (bench/RESULTS.md, e-paper answers): the kernels are written out, not looped over, and the
// nearest colour is looked up in a cache of 64 levels a channel, each bin searched once at its centre.
import type { Dither, Rgb } from './palettes.js';

/** Bits a channel keeps in the nearest-colour cache's key: bins 4 levels wide, a 256 KB cache. */
const CACHE_BITS = 6;
const DROP = 8 - CACHE_BITS;
const HALF_BIN = (1 << DROP) / 2;
const UNKNOWN = 255;

/** The nearest palette colour (squared sRGB distance) of every bin of the cache, found when first
 * asked; `flat` is the palette as r, g, b, r, g, b, ... */
class NearestColours {
  private readonly cache = new Uint8Array(1 << (3 * CACHE_BITS)).fill(UNKNOWN);
  constructor(private readonly flat: Float64Array) {}

  /** The index nearest to (r, g, b), each 0..255 (fractions are dropped). */
  of(r: number, g: number, b: number): number {
    const key = ((r >> DROP) << (2 * CACHE_BITS)) | ((g >> DROP) << CACHE_BITS) | (b >> DROP);
    const known = this.cache[key]!;
    if (known !== UNKNOWN) return known;
    const found = this.search(((r >> DROP) << DROP) + HALF_BIN, ((g >> DROP) << DROP) + HALF_BIN, ((b >> DROP) << DROP) + HALF_BIN);
    this.cache[key] = found;
    return found;
  }

  private search(r: number, g: number, b: number): number {
    const flat = this.flat;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0, at = 0; at < flat.length; i++, at += 3) {
      const dr = r - flat[at]!;
      const dg = g - flat[at + 1]!;
      const db = b - flat[at + 2]!;
      const distance = dr * dr + dg * dg + db * db;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    return best;
  }
}

const clamp = (value: number) => Math.min(255, Math.max(0, value));

/** Add `weight` of the error (er, eg, eb) to the pixel at `at` of a row of errors. */
function spread(row: Float64Array, at: number, er: number, eg: number, eb: number, weight: number): void {
  row[at] = row[at]! + er * weight;
  row[at + 1] = row[at + 1]! + eg * weight;
  row[at + 2] = row[at + 2]! + eb * weight;
}

/** The palette index of every pixel of `rgb` (3 bytes a pixel, rows top to bottom). */
export function ditherToPalette(rgb: Uint8Array, width: number, height: number, palette: readonly Rgb[], method: Dither): Uint8Array {
  const flat = Float64Array.from(palette.flat());
  const nearest = new NearestColours(flat);
  const indices = new Uint8Array(width * height);
  if (method === 'none') {
    for (let p = 0, at = 0; p < indices.length; p++, at += 3) indices[p] = nearest.of(rgb[at]!, rgb[at + 1]!, rgb[at + 2]!);
    return indices;
  }
  const fs = method === 'fs';
  // Errors of this row and the next two, r, g, b a pixel, with 2 pixels of margin each side.
  const stride = (width + 4) * 3;
  let row0 = new Float64Array(stride);
  let row1 = new Float64Array(stride);
  let row2 = new Float64Array(stride);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0, e = 6; x < width; x++, p++, e += 3) {
      const r = clamp(rgb[p * 3]! + row0[e]!);
      const g = clamp(rgb[p * 3 + 1]! + row0[e + 1]!);
      const b = clamp(rgb[p * 3 + 2]! + row0[e + 2]!);
      const index = nearest.of(r, g, b);
      indices[p] = index;
      const er = r - flat[index * 3]!;
      const eg = g - flat[index * 3 + 1]!;
      const eb = b - flat[index * 3 + 2]!;
      if (fs) {
        // 7/16 right; 3/16 below left, 5/16 below, 1/16 below right.
        spread(row0, e + 3, er, eg, eb, 7 / 16);
        spread(row1, e - 3, er, eg, eb, 3 / 16);
        spread(row1, e, er, eg, eb, 5 / 16);
        spread(row1, e + 3, er, eg, eb, 1 / 16);
      } else {
        // 1/8 each: two to the right, below left, below, below right, two below.
        spread(row0, e + 3, er, eg, eb, 1 / 8);
        spread(row0, e + 6, er, eg, eb, 1 / 8);
        spread(row1, e - 3, er, eg, eb, 1 / 8);
        spread(row1, e, er, eg, eb, 1 / 8);
        spread(row1, e + 3, er, eg, eb, 1 / 8);
        spread(row2, e, er, eg, eb, 1 / 8);
      }
    }
    // The rows move up one; the new last one starts clear.
    const done = row0;
    row0 = row1;
    row1 = row2;
    row2 = done.fill(0);
  }
  return indices;
}
