// Error-diffusion dithering of raw RGB pixels to a palette's indices (docs/frame.md#e-paper-frames):
// Floyd-Steinberg (the whole error to four neighbours, keeps the local mean colour), Atkinson (6/8
// of it to six neighbours: more contrast, less noise, as on the first Macintosh), or none (each pixel
// its nearest colour). Errors are kept for this row and the next two only, so the memory beyond the pixels
// is a few rows, at any size. A value pushed past 0..255 by the errors is clamped before it is
// matched, so a colour the palette cannot mix does not spread its error across the picture.
import type { Dither, Rgb } from './palettes.js';

/** [dx, dy, weight] of each neighbour an error goes to. */
const KERNELS: Record<Exclude<Dither, 'none'>, readonly (readonly [number, number, number])[]> = {
  fs: [
    [1, 0, 7 / 16],
    [-1, 1, 3 / 16],
    [0, 1, 5 / 16],
    [1, 1, 1 / 16],
  ],
  atkinson: [
    [1, 0, 1 / 8],
    [2, 0, 1 / 8],
    [-1, 1, 1 / 8],
    [0, 1, 1 / 8],
    [1, 1, 1 / 8],
    [0, 2, 1 / 8],
  ],
};

/** The index of the palette colour nearest to (r, g, b) (squared sRGB distance); `flat` is the
 * palette as r, g, b, r, g, b, ... */
function nearest(flat: Float32Array, r: number, g: number, b: number): number {
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

const clamp = (value: number) => Math.min(255, Math.max(0, value));

/** The palette index of every pixel of `rgb` (3 bytes a pixel, rows top to bottom). */
export function ditherToPalette(rgb: Uint8Array, width: number, height: number, palette: readonly Rgb[], method: Dither): Uint8Array {
  const flat = Float32Array.from(palette.flat());
  const indices = new Uint8Array(width * height);
  if (method === 'none') {
    for (let p = 0; p < width * height; p++) indices[p] = nearest(flat, rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!);
    return indices;
  }
  const kernel = KERNELS[method];
  // Where each neighbour's error goes, as an offset into the three rows of errors below.
  const stride = (width + 4) * 3;
  const offsets = Int32Array.from(kernel.map(([dx, dy]) => dy * stride + dx * 3));
  const weights = Float32Array.from(kernel.map(([, , weight]) => weight));
  // Three rows of errors (this one and the next two), 2 pixels of margin each side; the row after
  // the last is cleared and becomes the third as the picture moves down one row.
  const errors = new Float32Array(stride * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const e = (x + 2) * 3;
      const r = clamp(rgb[p * 3]! + errors[e]!);
      const g = clamp(rgb[p * 3 + 1]! + errors[e + 1]!);
      const b = clamp(rgb[p * 3 + 2]! + errors[e + 2]!);
      const index = nearest(flat, r, g, b);
      indices[p] = index;
      const er = r - flat[index * 3]!;
      const eg = g - flat[index * 3 + 1]!;
      const eb = b - flat[index * 3 + 2]!;
      for (let k = 0; k < offsets.length; k++) {
        const at = e + offsets[k]!;
        const weight = weights[k]!;
        errors[at] = errors[at]! + er * weight;
        errors[at + 1] = errors[at + 1]! + eg * weight;
        errors[at + 2] = errors[at + 2]! + eb * weight;
      }
    }
    errors.copyWithin(0, stride, stride * 4);
    errors.fill(0, stride * 3);
  }
  return indices;
}
