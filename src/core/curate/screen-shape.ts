// Which screen a picture is made for: a design shipped for several screens (sway's
// 1136x640 and 1136x640_Portrait, desktop-base's SVG themes at 4:3, 5:4, 16:10, 16:9 and 21:9) is
// several wallpapers, each the one a monitor of that shape needs; near-duplicate search groups only
// copies for the same screen, so trashing a group's other members never loses a shape
// (docs/cli.md#curating-a-big-library-near-duplicates-favourites-hidden-tags). The shape of a raster picture is the aspect ratio of the picture inside
// any letterbox or pillarbox bars: a letterboxed copy is a copy. A vector file's is its nominal
// size's: it is drawn for that screen, and a plain margin around its motif is part of the design
// (desktop-base's 4:3 homeworld is its 16:9 one with more background), never bars.
import { COLUMN_BARS, ROW_BARS, barsOf, pictureShareOf } from '../analysis/index.js';

/** Aspect ratios further apart than this factor are other screens. Rounding moves a ratio by under
 * 1% (1366x768 against 1920x1080 by 0.05%, 2560x1080 against 3440x1440 by 0.8%), and bars are
 * measured on the thumbnail to a row or two (~1-2%); the nearest two screen shapes, 4:3 and 5:4 or
 * 16:10 and 3:2, are 6.7% apart, 16:10 and 16:9 11%. A crop of 10% of one side makes another shape
 * (1/0.9 = 1.111, as 16:10 to 16:9): not a copy for the same screen. */
export const SAME_SCREEN_WITHIN = 1.04;
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
  /** The format's type: an SVG's shape is its nominal size's, never a picture inside bars. */
  content_type?: string;
}

/** Whether the file is a drawing (SVG) rather than pixels. */
export const isVector = (shaped: { content_type?: string }): boolean => shaped.content_type === 'image/svg+xml';

/** The aspect ratios the picture may have: the file's, and with bars, the picture's inside them
 * (the fingerprint keeps the bars' share, not their side: both are tried). */
export function aspectsOf({ width, height, fingerprint, content_type }: Shaped): number[] {
  const ratio = width / Math.max(1, height);
  if (isVector({ content_type })) return [ratio];
  const share = pictureShareOf(fingerprint);
  if (!(share < BARRED_BELOW && share > 0)) return [ratio];
  // Known bars say which way: a letterboxed picture is wider than its file, a pillarboxed narrower.
  const bars = barsOf(fingerprint);
  if (bars === ROW_BARS) return [ratio, ratio / share];
  if (bars === COLUMN_BARS) return [ratio, ratio * share];
  return [ratio, ratio / share, ratio * share];
}

const sameShape = (a: number, b: number): boolean => {
  if ((a >= LANDSCAPE_FROM && b < PORTRAIT_BELOW) || (b >= LANDSCAPE_FROM && a < PORTRAIT_BELOW)) return false;
  return Math.max(a, b) / Math.min(a, b) <= SAME_SCREEN_WITHIN;
};

/** Whether two pictures are made for the same screen shape (same orientation, ratios within 4%). */
export function sameScreen(a: Shaped, b: Shaped): boolean {
  const shapes = aspectsOf(b);
  return aspectsOf(a).some((x) => shapes.some((y) => sameShape(x, y)));
}
