// The exact shape filter `ratio` (issue 33): `ratio=16:10` (width:height in whole numbers) or a
// decimal (`1.6`) keeps the wallpapers whose width / height is within RATIO_TOLERANCE of it. The
// spec's aspect_ratio keeps its six categories (16:10, 5:4 and 3:2 are `custom` there); ratio is the
// word for one shape. The match is done in whole numbers on the stored width and height, so SQLite,
// PostgreSQL and the in-memory colour index agree to the pixel, with no floating point at a boundary:
// |w/h / (num/den) - 1| <= 1/100  <=>  100 * |w * den - h * num| <= h * num.
import { type AspectRatio, classifyAspectRatio } from '../analysis/classify.js';
import { invalid } from './params.js';

/** 1%: 1920x1200, 1680x1050 and 2560x1600 are 16:10; 1366x768 (1.779) is 16:9 within it; 16:10
 * (1.6) and 5:3 (1.667) stay apart, as do 16:9 (1.778) and 16:10. */
export const RATIO_TOLERANCE_PERCENT = 1;

/** The largest side of a W:H ratio and the most decimals of a decimal one: enough for any real
 * shape, and small enough that the whole-number match stays exact (under 2^53) at any image size. */
const MAX_SIDE = 99_999;
const MAX_DECIMALS = 4;

export interface Ratio {
  /** width / height = num / den, in lowest terms. */
  num: number;
  den: number;
}

const ACCEPTED = `width:height in whole numbers from 1 to ${MAX_SIDE} (such as 16:10 or 21:9) or a decimal number (such as 1.6), matched within ${RATIO_TOLERANCE_PERCENT}%`;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The ratio a text names, or undefined when it names none. */
export function ratioOf(text: string): Ratio | undefined {
  const value = text.trim();
  const sides = /^(\d{1,5}):(\d{1,5})$/.exec(value);
  let num: number;
  let den: number;
  if (sides) [num, den] = [Number(sides[1]), Number(sides[2])];
  else {
    const decimal = new RegExp(`^(\\d{1,5})(?:\\.(\\d{1,${MAX_DECIMALS}}))?$`).exec(value);
    if (!decimal) return undefined;
    const decimals = decimal[2] ?? '';
    [num, den] = [Number(decimal[1]! + decimals), 10 ** decimals.length];
  }
  if (num < 1 || den < 1) return undefined;
  const common = gcd(num, den);
  return { num: num / common, den: den / common };
}

/** The `ratio` parameter as the filters echo it (`16:10` as given, a decimal as a number's text:
 * `1.60` -> `1.6`); invalid_param naming `ratio` and what it accepts otherwise. */
export function parseRatio(text: string): string {
  if (!ratioOf(text)) throw invalid('ratio', text, ACCEPTED);
  const value = text.trim();
  return value.includes(':') ? value.replace(/\d+/g, (n) => String(Number(n))) : String(Number(value));
}

/** Whether a width x height matches the ratio (the rule at the top, in JavaScript). */
export function matchesRatio(width: number, height: number, { num, den }: Ratio): boolean {
  return 100 * Math.abs(width * den - height * num) <= RATIO_TOLERANCE_PERCENT * height * num;
}

/** The same rule as SQL over the `width` and `height` columns, its numbers bound. */
export function ratioCondition({ num, den }: Ratio): { sql: string; params: number[] } {
  return { sql: '100 * abs(width * ? - height * ?) <= ? * height', params: [den, num, RATIO_TOLERANCE_PERCENT * num] };
}

/** The aspect_ratio category of a text that reads as a shape (`16:10` -> custom), for the message
 * that refuses it as an aspect_ratio. */
export function categoryOfShape(text: string): AspectRatio | undefined {
  const ratio = ratioOf(text);
  return ratio ? classifyAspectRatio(ratio.num, ratio.den) : undefined;
}
