// The exact shape rule of the `ratio` filter: a shape named `16:10` (width:height in whole
// numbers) or `1.6` (a decimal) matches a width x height whose width / height is within
// RATIO_TOLERANCE_PERCENT of it. The match is done in whole numbers on the stored width and height,
// so SQLite, PostgreSQL (store/sql.ts) and the in-memory colour index agree to the pixel, with no
// floating point at a boundary:
//   |w/h / (num/den) - 1| <= 1/100  <=>  100 * |w * den - h * num| <= 1 * h * num.
// The spec's aspect_ratio keeps its six categories (16:10, 5:4 and 3:2 are `custom` there); this is
// the word for one shape. query/ratio.ts parses the parameter and words its refusals.

/** 1%: 1920x1200, 1680x1050 and 2560x1600 are 16:10; 1366x768 (1.779) is 16:9 within it; 16:10
 * (1.6) and 5:3 (1.667) stay apart, as do 16:9 (1.778) and 16:10. */
export const RATIO_TOLERANCE_PERCENT = 1;

/** The largest side of a W:H shape (5 digits) and the most decimals of a decimal one: enough for
 * any real shape, and small enough that the whole-number match stays exact (under 2^53) at any
 * image size. */
export const MAX_RATIO_SIDE = 99_999;
export const MAX_RATIO_DECIMALS = 4;

export interface Ratio {
  /** width / height = num / den, in lowest terms. */
  num: number;
  den: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const SIDES = /^(\d{1,5}):(\d{1,5})$/;
const DECIMAL = new RegExp(`^(\\d{1,5})(?:\\.(\\d{1,${MAX_RATIO_DECIMALS}}))?$`);

/** The shape a text names (`16:10`, `1.6`; surrounding spaces allowed), or undefined. */
export function ratioOf(text: string): Ratio | undefined {
  const value = text.trim();
  const sides = SIDES.exec(value);
  const decimal = sides ? undefined : DECIMAL.exec(value);
  if (!sides && !decimal) return undefined;
  const decimals = decimal?.[2] ?? '';
  const [num, den] = sides ? [Number(sides[1]), Number(sides[2])] : [Number(decimal![1]! + decimals), 10 ** decimals.length];
  if (num < 1 || den < 1) return undefined;
  const common = gcd(num, den);
  return { num: num / common, den: den / common };
}

/** Whether a width x height has the shape (the rule at the top). */
export function matchesRatio(width: number, height: number, { num, den }: Ratio): boolean {
  return 100 * Math.abs(width * den - height * num) <= RATIO_TOLERANCE_PERCENT * height * num;
}
