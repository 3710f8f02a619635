// The grey grid near-duplicate search confirms a pair with (curate/detail.ts): the picture
// inside its letterbox bars as 32x32 cells of Rec. 709 luma, made from the fingerprint's square at
// scan time and kept beside the fingerprint (1 KiB a wallpaper).
import { FINGERPRINT_SIZE } from './fingerprint.js';

/** Side of the grid. */
export const GRID_SIDE = 32;
export const GRID_BYTES = GRID_SIDE * GRID_SIDE;

/** The grey grid of a FINGERPRINT_SIZE square (RGB(A), bars already cut): Rec. 709 luma, each cell
 * the mean of 2x2 pixels. */
export function gridOf(square: Uint8Array, channels: number): Buffer {
  const n = FINGERPRINT_SIZE;
  const scale = n / GRID_SIDE;
  const sums = new Float64Array(GRID_BYTES);
  for (let i = 0; i < n * n; i++) {
    const [r, g, b] = [square[i * channels]!, square[i * channels + 1]!, square[i * channels + 2]!];
    const cell = Math.floor(Math.floor(i / n) / scale) * GRID_SIDE + Math.floor((i % n) / scale);
    sums[cell]! += 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  return Buffer.from(sums.map((sum) => Math.round(sum / (scale * scale))));
}
