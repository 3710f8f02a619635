// The second signal of near-duplicate search: a 32x32 grey picture of what is inside the
// letterbox bars, kept at scan time (1 KiB a wallpaper, read only for the pairs the hash finds), and
// the aligned comparison that confirms a pair. The 64-bit hash finds candidates, but it sees only
// the lowest frequencies: two distinct near-black fields, or two noise pictures, can hash alike,
// while a 10% crop moves enough bits to be missed. The grids are compared after finding where one
// picture sits inside the other (a crop of up to ~12% of each side, a bar measured a row off), as
// the correlation of their levels and of their fine structure: a copy agrees on both once aligned,
// another picture of a like layout does not.
import { GRID_BYTES, GRID_SIDE } from '../analysis/index.js';

/** How far one picture may sit inside the other, as a share of a side: crops up to ~12% (the
 * issue's 10%, and a crop of a copy already cropped a little), and a bar measured a little off. */
const MIN_SPAN = 0.86;
const MAX_SPAN = 1.02;
const STEP = 0.01;

/** A grid ready for comparison: its levels as floats and its fine structure (each cell minus the
 * mean of its 3x3 neighbourhood). */
export interface PreparedGrid {
  levels: Float64Array;
  columns: Float64Array;
  rows: Float64Array;
}

export function prepareGrid(grid: Uint8Array): PreparedGrid {
  const levels = Float64Array.from(grid, (v) => v / 255);
  const columns = new Float64Array(GRID_SIDE);
  const rows = new Float64Array(GRID_SIDE);
  for (let y = 0; y < GRID_SIDE; y++) {
    for (let x = 0; x < GRID_SIDE; x++) {
      columns[x]! += levels[y * GRID_SIDE + x]! / GRID_SIDE;
      rows[y]! += levels[y * GRID_SIDE + x]! / GRID_SIDE;
    }
  }
  return { levels, columns, rows };
}

/** Linear interpolation of `values` at position p (in cells, centres at i + 0.5). */
const sample1 = (values: Float64Array, p: number): number => {
  const x = Math.min(GRID_SIDE - 1, Math.max(0, p - 0.5));
  const i = Math.min(GRID_SIDE - 2, Math.floor(x));
  const f = x - i;
  return values[i]! * (1 - f) + values[i + 1]! * f;
};

/** The cells and weights that sample [from, from + span] of a side at the grid's centres. */
function taps(from: number, span: number, index: Int32Array, weight: Float64Array): void {
  for (let i = 0; i < GRID_SIDE; i++) {
    const x = Math.min(GRID_SIDE - 1, Math.max(0, (from + ((i + 0.5) / GRID_SIDE) * span) * GRID_SIDE - 0.5));
    const k = Math.min(GRID_SIDE - 2, Math.floor(x));
    index[i] = k;
    weight[i] = x - k;
  }
}

/** Pearson correlation of two equal-length series. */
function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let [sa, sb] = [0, 0];
  for (let i = 0; i < n; i++) {
    sa += a[i]!;
    sb += b[i]!;
  }
  const [ma, mb] = [sa / n, sb / n];
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [da, db] = [a[i]! - ma, b[i]! - mb];
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** The spans [from, from + span] of `outer`'s profile that best match `inner`'s, best first. */
function bestSpans(outer: Float64Array, inner: Float64Array, keep: number): [number, number][] {
  const found: [score: number, from: number, span: number][] = [];
  const profile = new Float64Array(GRID_SIDE);
  for (let span = MIN_SPAN; span <= MAX_SPAN + 1e-9; span += STEP) {
    for (let from = Math.min(0, 1 - span); from <= Math.max(0, 1 - span) + 1e-9; from += STEP) {
      for (let i = 0; i < GRID_SIDE; i++) profile[i] = sample1(outer, (from + ((i + 0.5) / GRID_SIDE) * span) * GRID_SIDE);
      found.push([correlation(profile, inner), from, span]);
    }
  }
  found.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  return found.slice(0, keep).map(([, from, span]) => [from, span]);
}

/** Scratch of one comparison: the taps of both axes and the resampled region. */
const [xi, yi] = [new Int32Array(GRID_SIDE), new Int32Array(GRID_SIDE)];
const [xf, yf] = [new Float64Array(GRID_SIDE), new Float64Array(GRID_SIDE)];
const resampled = new Float64Array(GRID_BYTES);

/** `outer` resampled over the region [x, x + w] x [y, y + h] onto `resampled` (bilinear). */
function region(outer: Float64Array, x: number, w: number, y: number, h: number): Float64Array {
  taps(x, w, xi, xf);
  taps(y, h, yi, yf);
  for (let j = 0; j < GRID_SIDE; j++) {
    const [row, fy] = [yi[j]! * GRID_SIDE, yf[j]!];
    for (let i = 0; i < GRID_SIDE; i++) {
      const [k, fx] = [row + xi[i]!, xf[i]!];
      const top = outer[k]! + (outer[k + 1]! - outer[k]!) * fx;
      const below = outer[k + GRID_SIDE]! + (outer[k + GRID_SIDE + 1]! - outer[k + GRID_SIDE]!) * fx;
      resampled[j * GRID_SIDE + i] = top + (below - top) * fy;
    }
  }
  return resampled;
}

/** Each cell minus the mean of its 3x3 neighbourhood (edges: the cells there are). */
function fine(levels: Float64Array): Float64Array {
  const out = new Float64Array(GRID_BYTES);
  for (let y = 0; y < GRID_SIDE; y++) {
    for (let x = 0; x < GRID_SIDE; x++) {
      let [sum, count] = [0, 0];
      for (let v = Math.max(0, y - 1); v <= Math.min(GRID_SIDE - 1, y + 1); v++)
        for (let u = Math.max(0, x - 1); u <= Math.min(GRID_SIDE - 1, x + 1); u++) {
          sum += levels[v * GRID_SIDE + u]!;
          count++;
        }
      out[y * GRID_SIDE + x] = levels[y * GRID_SIDE + x]! - sum / count;
    }
  }
  return out;
}

export interface Alignment {
  /** Correlation of the levels and of the fine structure, once aligned. */
  levels: number;
  fine: number;
  /** The fine structure's strength (its standard deviation, 0..1), the weaker of the two. */
  texture: number;
  /** How far the mean levels (0..1) of the aligned region and the other picture differ: a copy,
   * cropped or not, compares like with like and keeps them; a grading moves them. */
  shift: number;
}

/** The best alignment of `inner` inside `outer` (as correlations of levels, then fine structure). */
function alignInside(outer: PreparedGrid, inner: PreparedGrid): Alignment {
  const xs = bestSpans(outer.columns, inner.columns, 2);
  const ys = bestSpans(outer.rows, inner.rows, 2);
  let best: [number, number, number, number, number] = [-2, 0, 1, 0, 1];
  const tryAt = (x: number, w: number, y: number, h: number) => {
    const score = correlation(region(outer.levels, x, w, y, h), inner.levels);
    if (score > best[0]) best = [score, x, w, y, h];
  };
  for (const [x, w] of xs) for (const [y, h] of ys) tryAt(x, w, y, h);
  // Refine one parameter at a time by half steps (a copy's alignment is found within two rounds).
  for (let round = 0; round < 1; round++) {
    const start = best[0];
    for (let k = 1; k <= 4; k++) {
      for (const d of [-STEP / 2, STEP / 2]) {
        const at = best.slice(1) as [number, number, number, number];
        at[k - 1]! += d;
        tryAt(...at);
      }
    }
    if (best[0] === start) break;
  }
  const [levels, x, w, y, h] = best;
  const aligned = region(outer.levels, x, w, y, h);
  const mean = (values: Float64Array) => values.reduce((s, v) => s + v, 0) / values.length;
  const shift = Math.abs(mean(aligned) - mean(inner.levels));
  const outerFine = fine(aligned);
  const innerFine = fine(inner.levels);
  const strength = (values: Float64Array) => Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);
  return { levels, fine: correlation(outerFine, innerFine), texture: Math.min(strength(outerFine), strength(innerFine)), shift };
}

/** The better of the two alignments (either picture may be the crop of the other). */
export function align(a: PreparedGrid, b: PreparedGrid): Alignment {
  const one = alignInside(a, b);
  // A copy that is plainly the other's picture needs no second look.
  if (one.levels >= 0.98 && one.fine >= 0.8) return one;
  const other = alignInside(b, a);
  return one.levels + one.fine >= other.levels + other.fine ? one : other;
}
