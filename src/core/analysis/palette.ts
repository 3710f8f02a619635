// A wallpaper's palette (docs/design.md#beyond-the-specification): up to 5 colours with the share of the image each covers,
// found by k-means in OKLab over the analysis pixels of the scan's one decode. Deterministic: the
// seeds are chosen by farthest-point from the mean, so a rescan gives the same palette.
import { type Lab, labDistance, labToHex, rgbToLab } from './oklab.js';
import type { PaletteColor } from '../types/records.js';

export type { PaletteColor };

/** A palette entry with its OKLab colour, as the colour index stores it. */
export interface PaletteEntry extends PaletteColor {
  lab: Lab;
}

export const PALETTE_SIZE = 5;
const ITERATIONS = 8;
/** Clusters closer than this (OKLab) are one colour: a flat image has a palette of one. */
const MERGE_BELOW = 0.03;
/** Colours covering less than this share are noise, not palette. */
const MIN_SHARE = 0.01;

/** The palette of RGB(A) pixels (`channels` 3 or 4), largest share first, shares rounded to 2
 * decimals. */
export function paletteOf(data: Uint8Array, channels: number): PaletteEntry[] {
  const count = Math.floor(data.length / channels);
  if (count === 0) return [];
  const pixels = new Float64Array(count * 3);
  const mean = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    const lab = rgbToLab(data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!);
    for (let c = 0; c < 3; c++) {
      pixels[i * 3 + c] = lab[c]!;
      mean[c]! += lab[c]! / count;
    }
  }
  const centres = seeds(pixels, count, mean as unknown as Lab);
  const assignment = new Uint8Array(count);
  for (let round = 0; round < ITERATIONS; round++) {
    assign(pixels, count, centres, assignment);
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < count; i++) {
      const sum = sums[assignment[i]!]!;
      sum[0]! += pixels[i * 3]!;
      sum[1]! += pixels[i * 3 + 1]!;
      sum[2]! += pixels[i * 3 + 2]!;
      sum[3]!++;
    }
    sums.forEach((sum, k) => {
      if (sum[3]! > 0) centres[k] = [sum[0]! / sum[3]!, sum[1]! / sum[3]!, sum[2]! / sum[3]!];
    });
  }
  assign(pixels, count, centres, assignment);
  const sizes = centres.map(() => 0);
  for (let i = 0; i < count; i++) sizes[assignment[i]!]!++;
  return merge(centres.map((lab, k) => ({ lab, weight: sizes[k]! / count })))
    .filter((c) => c.weight >= MIN_SHARE)
    .sort((x, y) => y.weight - x.weight)
    .map(({ lab, weight }) => ({ color: labToHex(lab), share: Math.round(weight * 100) / 100, lab }));
}

/** Farthest-point seeds: the pixel farthest from the mean, then each next farthest from all chosen. */
function seeds(pixels: Float64Array, count: number, mean: Lab): Lab[] {
  const centres: Lab[] = [];
  const nearest = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  let reference = mean;
  for (let k = 0; k < PALETTE_SIZE; k++) {
    let best = -1;
    let bestDistance = -1;
    for (let i = 0; i < count; i++) {
      const d = distanceAt(pixels, i, reference);
      if (k > 0) nearest[i] = Math.min(nearest[i]!, d);
      const score = k === 0 ? d : nearest[i]!;
      if (score > bestDistance) {
        bestDistance = score;
        best = i;
      }
    }
    if (k > 0 && bestDistance < MERGE_BELOW) break;
    const centre: Lab = [pixels[best * 3]!, pixels[best * 3 + 1]!, pixels[best * 3 + 2]!];
    centres.push(centre);
    reference = centre;
    if (k === 0) for (let i = 0; i < count; i++) nearest[i] = distanceAt(pixels, i, centre);
  }
  return centres;
}

const distanceAt = (pixels: Float64Array, i: number, lab: Lab): number =>
  (pixels[i * 3]! - lab[0]) ** 2 + (pixels[i * 3 + 1]! - lab[1]) ** 2 + (pixels[i * 3 + 2]! - lab[2]) ** 2;

function assign(pixels: Float64Array, count: number, centres: Lab[], assignment: Uint8Array): void {
  for (let i = 0; i < count; i++) {
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let k = 0; k < centres.length; k++) {
      const d = distanceAt(pixels, i, centres[k]!);
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
    assignment[i] = best;
  }
}

/** Join clusters closer than MERGE_BELOW (weighted mean colour, summed share). */
function merge(clusters: { lab: Lab; weight: number }[]): { lab: Lab; weight: number }[] {
  const out: { lab: Lab; weight: number }[] = [];
  for (const cluster of clusters.filter((c) => c.weight > 0).sort((x, y) => y.weight - x.weight)) {
    const near = out.find((o) => labDistance(o.lab, cluster.lab) < MERGE_BELOW);
    if (!near) {
      out.push({ ...cluster });
      continue;
    }
    const total = near.weight + cluster.weight;
    near.lab = near.lab.map((v, c) => (v * near.weight + cluster.lab[c]! * cluster.weight) / total) as unknown as Lab;
    near.weight = total;
  }
  return out;
}

/** A palette colour counts for a colour search when it covers at least this share of the image. */
export const MIN_COLOR_SHARE = 0.1;
