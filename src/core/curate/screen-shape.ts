// Which screen a picture is made for (issue 24): a design shipped for several screens (sway's
// 1136x640 and 1136x640_Portrait, a 4:3 and a 9:16 version) is several wallpapers, each the one a
// monitor of that shape needs; near-duplicate search groups only copies for the same screen, so
// trashing a group's other members never loses a shape. The shape is the aspect ratio of the
// picture inside any letterbox or pillarbox bars: a letterboxed copy is a copy.
import { pictureShareOf } from '../analysis/index.js';

/** Aspect ratios further apart than this factor are other screens. A crop of 10% of one side moves
 * the ratio by 1/0.9 = 1.111 (as 16:10 to 16:9 does), and bars are measured on the thumbnail to a
 * row or two (~1%): a copy cropped that much, or a pillarboxed one beside it, stays one screen. */
export const SAME_SCREEN_WITHIN = 1.125;
/** Ratios past these are landscape or portrait (as the `orientation` field says, within 2% of
 * square is square); a square picture may be cropped either way. */
const LANDSCAPE_FROM = 1.0201;
const PORTRAIT_BELOW = 1 / LANDSCAPE_FROM;
/** A picture share under this means bars were cut (the thumbnail measures them to a row or two). */
const BARRED_BELOW = 0.98;

export interface Shaped {
  width: number;
  height: number;
  fingerprint: Uint8Array;
}

/** The aspect ratios the picture may have: the file's, and with bars, the picture's inside them
 * (the fingerprint keeps the bars' share, not their side: both are tried). */
export function aspectsOf({ width, height, fingerprint }: Shaped): number[] {
  const ratio = width / Math.max(1, height);
  const share = pictureShareOf(fingerprint);
  return share < BARRED_BELOW && share > 0 ? [ratio, ratio / share, ratio * share] : [ratio];
}

const sameShape = (a: number, b: number): boolean => {
  if ((a >= LANDSCAPE_FROM && b < PORTRAIT_BELOW) || (b >= LANDSCAPE_FROM && a < PORTRAIT_BELOW)) return false;
  return Math.max(a, b) / Math.min(a, b) <= SAME_SCREEN_WITHIN;
};

/** Whether two pictures are made for the same screen shape (same orientation, ratios within 12.5%). */
export function sameScreen(a: Shaped, b: Shaped): boolean {
  const shapes = aspectsOf(b);
  return aspectsOf(a).some((x) => shapes.some((y) => sameShape(x, y)));
}
