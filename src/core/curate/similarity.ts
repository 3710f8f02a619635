// Whether two fingerprints (fingerprint.ts) are of one picture: the rule of near-duplicate search,
// its thresholds measured on real wallpapers (bench/RESULTS.md, `--only duplicates`). Fingerprints
// are decoded once into Prepared values, so that testing a pair allocates nothing: grouping tests
// hundreds of thousands of pairs.
import { UNIFORM_BELOW, contrastOf, edgeDensityOf, hashOf, signatureOf } from '../analysis/index.js';
import type { Alignment } from './detail.js';
import { popcount32 } from './hash-index.js';

/** Hash bits (of 64) that may differ between near-duplicates, and the colour signatures' distance. */
export const HASH_WITHIN = 22;
export const SIGNATURE_WITHIN = 0.07;
/** Pictures of less contrast than this (dark patterns, soft gradients) need a far closer match:
 * their hashes are mostly noise, and the DCT does not see level. */
const LOW_CONTRAST_BELOW = 0.06;
const LOW_CONTRAST_HASH_WITHIN = 8;
const LOW_CONTRAST_SIGNATURE_WITHIN = 0.03;
/** Colour may differ by at most this plus CHROMA_SHARE of the more colourful one's chroma: copies
 * differ by at most 0.64 of it (measured: crops of crops), a greyscale copy by all of it. */
const CHROMA_WITHIN = 0.012;
const CHROMA_SHARE = 0.5;
/** Edge densities may differ by this factor (as |log|): copies measured up to 0.41 (a 10% crop of a
 * fine pattern), different photos of one layout 0.5 and more. Below EDGES_KNOWN_FROM the density is
 * too small to compare. */
const EDGES_LOG_WITHIN = 0.45;
const EDGES_KNOWN_FROM = 0.004;
/** Pictures with no colour (greyscale) have only the hash and the levels to tell them apart: a
 * closer hash is asked. */
const GREY_BELOW = 0.015;
const GREY_HASH_WITHIN = 14;
/** A designer's colour grading of one picture (MATE's Ubuntu-Mate-Cold and -Radioactive)
 * moves the whole picture one way: its mean lightness, or its mean chroma (a, b) with nearly every
 * cell moved the same way (the mean move over the mean of the cells' moves: CONSISTENT_FROM).
 * Measured (bench set, 40 pictures x 13 copies, and generated photos): copies move the lightness by
 * at most 0.028 and the chroma by at most 0.0122, or further only inconsistently (corner crops:
 * up to 0.0166, consistency under 0.8; re-encodes and resizes stay under 0.003); MATE's pair moves
 * them by 0.047 and 0.0143 (consistency 0.93), cooler or warmer gradings by 0.02-0.04 (0.97). */
const GRADED_LIGHTNESS_SHIFT = 0.035;
const GRADED_CHROMA_SHIFT = 0.0125;
const GRADED_CONSISTENT_FROM = 0.9;
/** The mean luma (0..1) of the aligned grids (detail.ts) may differ by this between copies.
 * Measured (bench/RESULTS.md): copies whose fingerprints' lightness moved past
 * GRADED_LIGHTNESS_SHIFT (corner crops) differ by at most 0.0023 once aligned, every copy pair by
 * at most 0.011 (a white pillarbox's blended edge); MATE's Cold and Radioactive and their copies
 * by 0.030 to 0.048. */
const ALIGNED_LIGHTNESS_SHIFT = 0.018;

const CELLS = 16;

/** A fingerprint decoded for comparison. */
export interface Prepared {
  contrast: number;
  /** The hash as two 32-bit words (bytes 0-3 and 4-7). */
  low: number;
  high: number;
  /** OKLab L, a, b of each of the 16 cells. */
  cells: Float64Array;
  /** Mean chroma of the cells. */
  chroma: number;
  /** The mean colour (OKLab): two pictures whose means are further apart than SIGNATURE_WITHIN
   * cannot have signatures within it, a check of three numbers before sixteen square roots. */
  meanL: number;
  meanA: number;
  meanB: number;
  edges: number | undefined;
}

const word = (bytes: Uint8Array, at: number) =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

export function prepare(fingerprint: Uint8Array): Prepared {
  const hash = hashOf(fingerprint);
  const signature = signatureOf(fingerprint);
  const cells = new Float64Array(CELLS * 3);
  let chroma = 0;
  const mean = [0, 0, 0];
  for (let i = 0; i < CELLS; i++) {
    cells[i * 3] = signature[i * 3]! / 255;
    cells[i * 3 + 1] = (signature[i * 3 + 1]! - 128) / 255;
    cells[i * 3 + 2] = (signature[i * 3 + 2]! - 128) / 255;
    chroma += Math.hypot(cells[i * 3 + 1]!, cells[i * 3 + 2]!) / CELLS;
    for (let c = 0; c < 3; c++) mean[c]! += cells[i * 3 + c]! / CELLS;
  }
  const [meanL, meanA, meanB] = mean as [number, number, number];
  return {
    contrast: contrastOf(fingerprint),
    low: word(hash, 0),
    high: word(hash, 4),
    cells,
    chroma,
    meanL,
    meanA,
    meanB,
    edges: edgeDensityOf(fingerprint),
  };
}

/** The rule: close hashes, close colours (closer still for pictures of little contrast or no
 * colour), not moved as a whole in colour or lightness (a grading), no more chroma lost than a copy
 * loses, and a like edge density. */
export function similar(p: Prepared, q: Prepared): boolean {
  const contrast = Math.min(p.contrast, q.contrast);
  if (contrast < UNIFORM_BELOW) return false;
  const low = contrast < LOW_CONTRAST_BELOW;
  const within = low ? LOW_CONTRAST_SIGNATURE_WITHIN : SIGNATURE_WITHIN;
  const [ml, ma, mb] = [p.meanL - q.meanL, p.meanA - q.meanA, p.meanB - q.meanB];
  if (ml * ml + ma * ma + mb * mb > within * within) return false;
  const bits = popcount32(p.low ^ q.low) + popcount32(p.high ^ q.high);
  if (bits > (low ? LOW_CONTRAST_HASH_WITHIN : HASH_WITHIN)) return false;
  const { distance, chromaDifference } = cellDifferences(p, q);
  if (distance / CELLS > within) return false;
  if (graded(p, q)) return false;
  const chroma = Math.max(p.chroma, q.chroma);
  if (chromaDifference / CELLS > CHROMA_WITHIN + CHROMA_SHARE * chroma) return false;
  if (chroma < GREY_BELOW && bits > GREY_HASH_WITHIN) return false;
  if (p.edges === undefined || q.edges === undefined || Math.min(p.edges, q.edges) < EDGES_KNOWN_FROM) return true;
  return Math.abs(Math.log(p.edges / q.edges)) <= EDGES_LOG_WITHIN;
}

/** The summed OKLab distance of two signatures' cells, and of their chroma alone; the sums so far
 * once the distance passes `most` (it only grows: past it there, past it at the end). */
function cellDifferences(p: Prepared, q: Prepared, most = Number.POSITIVE_INFINITY): { distance: number; chromaDifference: number } {
  let distance = 0;
  let chromaDifference = 0;
  for (let i = 0; i < CELLS * 3 && distance <= most; i += 3) {
    const dl = p.cells[i]! - q.cells[i]!;
    const da = p.cells[i + 1]! - q.cells[i + 1]!;
    const db = p.cells[i + 2]! - q.cells[i + 2]!;
    distance += Math.sqrt(dl * dl + da * da + db * db);
    chromaDifference += Math.sqrt(da * da + db * db);
  }
  return { distance, chromaDifference };
}

/** The looser rule for a pair whose grey grids will confirm it (detail.ts): close hashes and
 * colours, no more chroma lost than a copy loses, neither faint (faint.ts finds those by colour). What the strict rule adds
 * for pictures of little contrast, no colour or like layouts (closer hashes, edge density), the
 * aligned grids tell better: a crop or a letterboxed copy of such a picture moves its hash and its
 * edges further than the strict rule allows. */
export function suggested(p: Prepared, q: Prepared): boolean {
  if (Math.min(p.contrast, q.contrast) < UNIFORM_BELOW) return false;
  const [ml, ma, mb] = [p.meanL - q.meanL, p.meanA - q.meanA, p.meanB - q.meanB];
  if (ml * ml + ma * ma + mb * mb > SIGNATURE_WITHIN * SIGNATURE_WITHIN) return false;
  if (popcount32(p.low ^ q.low) + popcount32(p.high ^ q.high) > HASH_WITHIN) return false;
  const { distance, chromaDifference } = cellDifferences(p, q, SIGNATURE_WITHIN * CELLS);
  if (distance / CELLS > SIGNATURE_WITHIN) return false;
  return chromaDifference / CELLS <= CHROMA_WITHIN + CHROMA_SHARE * Math.max(p.chroma, q.chroma);
}

/** Whether one picture is a colour grading of the other (GRADED_*): never a duplicate, and never
 * in one group with it, even through a copy of either (duplicates.ts). The lightness is judged on
 * the aligned grids where the caller has them: the fingerprint's mean covers the whole picture, so
 * a corner crop of a picture lit unevenly (a bright sky cut off) moves it as far as a grading does,
 * while the aligned grids compare the same region of both (ALIGNED_LIGHTNESS_SHIFT). */
export function graded(p: Prepared, q: Prepared, alignment?: Alignment): boolean {
  if (Math.abs(p.meanL - q.meanL) > GRADED_LIGHTNESS_SHIFT && (!alignment || alignment.shift > ALIGNED_LIGHTNESS_SHIFT)) return true;
  const shift = Math.hypot(p.meanA - q.meanA, p.meanB - q.meanB);
  if (shift <= GRADED_CHROMA_SHIFT) return false;
  let moves = 0;
  for (let i = 0; i < CELLS * 3; i += 3) moves += Math.hypot(p.cells[i + 1]! - q.cells[i + 1]!, p.cells[i + 2]! - q.cells[i + 2]!);
  return shift >= GRADED_CONSISTENT_FROM * (moves / CELLS);
}

/** Whether graded() needs the aligned grids to decide: only a lightness shift does. */
export const lightnessMoved = (p: Prepared, q: Prepared): boolean => Math.abs(p.meanL - q.meanL) > GRADED_LIGHTNESS_SHIFT;

/** Whether two fingerprints are of one picture. */
export const nearDuplicates = (a: Uint8Array, b: Uint8Array): boolean => similar(prepare(a), prepare(b));

/** What the aligned grids (detail.ts) must agree on: their levels, and their fine structure where
 * the pictures have any. Measured (bench/RESULTS.md): see the thresholds' comment there. */
const LEVELS_FROM = 0.85;
const FINE_FROM = 0.4;
const TEXTURE_KNOWN_FROM = 0.004;
/** Pictures without fine structure: their aligned levels must agree this well. */
const SMOOTH_LEVELS_FROM = 0.99;

/** Whether the grids of a pair the fingerprints suggest confirm it (a faint pair: faint.ts). */
export function confirmed(p: Prepared, q: Prepared, alignment: Alignment): boolean {
  if (alignment.levels < LEVELS_FROM) return false;
  if (alignment.texture >= TEXTURE_KNOWN_FROM) return alignment.fine >= FINE_FROM;
  // No fine structure (a gradient, a soft glow): two such pictures of one layout correlate
  // almost as well as copies, so copies are asked to agree closely in level and colour.
  if (alignment.levels < SMOOTH_LEVELS_FROM) return false;
  let distance = 0;
  for (let i = 0; i < CELLS * 3; i += 3)
    distance += Math.hypot(p.cells[i]! - q.cells[i]!, p.cells[i + 1]! - q.cells[i + 1]!, p.cells[i + 2]! - q.cells[i + 2]!);
  return distance / CELLS <= LOW_CONTRAST_SIGNATURE_WITHIN;
}

/** Two vector files (SVG) are one drawing when their renderings agree almost exactly once aligned:
 * a drawing's sizes for one screen are drawn, not resampled or re-encoded, so nothing blurs them.
 * Measured on desktop-base's themes (bench/RESULTS.md): sizes of one drawing agree in
 * level 0.9997 and up and in fine structure 0.994 and up; joy and joy-inksplat, one drawing with
 * an ink splat added, 0.89-0.93 and 0.52-0.58 (which the rule for copies, made for re-encoded
 * and cropped pixels, confirms). */
const DRAWING_LEVELS_FROM = 0.99;
const DRAWING_FINE_FROM = 0.95;

/** Whether the aligned grids of two vector files show one drawing. */
export const sameDrawing = (alignment: Alignment): boolean =>
  alignment.levels >= DRAWING_LEVELS_FROM && alignment.fine >= DRAWING_FINE_FROM;
