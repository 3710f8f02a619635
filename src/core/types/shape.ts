// The shape of a picture or a screen: when two ratios are "near", and the orientation, one rule for
// the analysis, the picks for a screen and the desktop's choices (docs/formats.md#how-an-image-is-analysed).
// A leaf: every room may use it.
import type { Orientation } from './records.js';

/** "Near x" means |r / x - 1| <= 2%: absorbs rounding (1366x768 is 16:9) without swallowing 16:10. */
export const NEAR_TOLERANCE = 0.02;

/** Binary floating point puts 1020/1000 a hair over 1.02: this slack keeps exact boundaries near. */
const FLOAT_SLACK = 1e-9;

export const isNearRatio = (ratio: number, target: number): boolean => Math.abs(ratio / target - 1) <= NEAR_TOLERANCE + FLOAT_SLACK;

/** `square` when the sides are near equal, else `landscape` or `portrait`. */
export function orientationOf(width: number, height: number): Orientation {
  if (isNearRatio(width / height, 1)) return 'square';
  return width > height ? 'landscape' : 'portrait';
}
