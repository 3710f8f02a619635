// Error-diffusion dithering of raw RGB pixels to a palette's indices (docs/frame.md#e-paper-frames):
// Floyd-Steinberg (the whole error to four neighbours, keeps the local mean colour), Atkinson (6/8
// of it to six neighbours: more contrast, less noise, as on the first Macintosh), or none (each pixel
// its nearest colour). Errors are kept for the next two rows only, so the memory beyond the pixels
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

/** The index of the palette colour nearest to (r, g, b) (squared sRGB distance). */
function nearest(palette: readonly Rgb[], r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    const distance = (r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2;
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
  const indices = new Uint8Array(width * height);
  if (method === 'none') {
    for (let p = 0; p < width * height; p++) indices[p] = nearest(palette, rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!);
    return indices;
  }
  const kernel = KERNELS[method];
  // Three rows of errors (this one and the next two), 2 pixels of margin each side.
  const stride = (width + 4) * 3;
  const rows = [new Float32Array(stride), new Float32Array(stride), new Float32Array(stride)];
  for (let y = 0; y < height; y++) {
    const here = rows[0]!;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const e = (x + 2) * 3;
      const r = clamp(rgb[p * 3]! + here[e]!);
      const g = clamp(rgb[p * 3 + 1]! + here[e + 1]!);
      const b = clamp(rgb[p * 3 + 2]! + here[e + 2]!);
      const index = nearest(palette, r, g, b);
      indices[p] = index;
      const c = palette[index]!;
      const er = r - c[0];
      const eg = g - c[1];
      const eb = b - c[2];
      for (const [dx, dy, weight] of kernel) {
        const row = rows[dy]!;
        const at = (x + 2 + dx) * 3;
        row[at] = row[at]! + er * weight;
        row[at + 1] = row[at + 1]! + eg * weight;
        row[at + 2] = row[at + 2]! + eb * weight;
      }
    }
    here.fill(0);
    rows.push(rows.shift()!);
  }
  return indices;
}
