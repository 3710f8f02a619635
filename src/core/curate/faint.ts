// Near-duplicates of faint pictures: a fine pattern that averages out at the analysis size
// (GNOME's symbolic icons on a flat ground), a dark photo. Their hashes are mostly noise, so they are
// found by colour instead, and their grey grids hold a level or two of structure, so a copy is told
// from another picture by colours that agree closely and levels that still correlate once aligned.
// A flat picture (no structure at all) is never grouped: two flat fields of one colour, or a flat
// field and a sparse star field, look the same to everything kept of them.
// Measured on the bench sets (bench/RESULTS.md), pictures of contrast under 0.02:
// copies' colours differ by at most 0.0068 and their aligned levels correlate at 0.64 or more;
// distinct pictures (near-black fields, noise, star fields) whose colours are within 0.012
// correlate under 0.3. Faint dot patterns whose density follows other soft blobs (the test's
// fixture, test/helpers/uneven.ts) correlate up to 0.50 in level but not in fine structure (under
// 0.11), where copies keep 0.17 or more (0.45 and more for the fixture's).
import { UNIFORM_BELOW } from '../analysis/index.js';
import type { Alignment } from './detail.js';
import type { Prepared } from './similarity.js';

/** Pictures of less contrast than this are faint: UNIFORM_BELOW, under which the hash is noise. */
export const FAINT_BELOW = UNIFORM_BELOW;
/** Pictures of less contrast than this are flat (the contrast is kept in thousandths). */
export const FLAT_BELOW = 0.001;
/** A faint pair's mean colour distance over the 16 cells (OKLab), and its aligned levels. */
export const FAINT_SIGNATURE_WITHIN = 0.012;
export const FAINT_LEVELS_FROM = 0.6;
export const FAINT_FINE_FROM = 0.15;

const CELLS = 16;

export const faint = (p: Prepared, q: Prepared): boolean => Math.min(p.contrast, q.contrast) < FAINT_BELOW;

/** The mean OKLab distance of two signatures' cells. */
export function signatureDistance(p: Prepared, q: Prepared): number {
  let distance = 0;
  for (let i = 0; i < CELLS * 3; i += 3)
    distance += Math.hypot(p.cells[i]! - q.cells[i]!, p.cells[i + 1]! - q.cells[i + 1]!, p.cells[i + 2]! - q.cells[i + 2]!);
  return distance / CELLS;
}

/** Whether a pair with a faint picture is suggested: close colours. */
export const faintSuggested = (p: Prepared, q: Prepared): boolean => signatureDistance(p, q) <= FAINT_SIGNATURE_WITHIN;

/** Whether the aligned grids confirm a suggested faint pair. */
export const faintConfirmed = (alignment: Alignment): boolean => alignment.levels >= FAINT_LEVELS_FROM && alignment.fine >= FAINT_FINE_FROM;

/**
 * Call `visit(i, j)` once for every pair with a faint picture among `prepared` (sorted by meanL:
 * the window is a run of neighbours)
 * whose colours are close (faintSuggested). The faint pictures of a library are few; each is
 * compared with the pictures of about its lightness, so the cost stays a window per faint picture.
 */
export function forEachFaintPair(prepared: readonly Prepared[], visit: (i: number, j: number) => void): void {
  for (let i = 0; i < prepared.length; i++) {
    const p = prepared[i]!;
    if (p.contrast >= FAINT_BELOW) continue;
    // A mean colour further than the signature's tolerance cannot have signatures within it.
    for (let j = i - 1; j >= 0 && p.meanL - prepared[j]!.meanL <= FAINT_SIGNATURE_WITHIN; j--) {
      // A faint j meets i from its own side (j's loop reaches i), once.
      if (prepared[j]!.contrast < FAINT_BELOW) continue;
      if (near(p, prepared[j]!)) visit(i, j);
    }
    for (let j = i + 1; j < prepared.length && prepared[j]!.meanL - p.meanL <= FAINT_SIGNATURE_WITHIN; j++) {
      if (near(p, prepared[j]!)) visit(i, j);
    }
  }
}

const near = (p: Prepared, q: Prepared): boolean =>
  Math.hypot(p.meanL - q.meanL, p.meanA - q.meanA, p.meanB - q.meanB) <= FAINT_SIGNATURE_WITHIN && faintSuggested(p, q);
