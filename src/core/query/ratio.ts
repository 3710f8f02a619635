// The `ratio` parameter: parsed with one message naming it and what it accepts, echoed
// as given; and the hint of an aspect_ratio refusal, which says which of the spec's categories a
// shape falls in (`16:10` is custom). The matching rule is analysis/ratio.ts's.
import { type AspectRatio, MAX_RATIO_SIDE, RATIO_TOLERANCE_PERCENT, classifyAspectRatio, ratioOf } from '../analysis/index.js';
import { invalid } from './params.js';

const ACCEPTED = `width:height in whole numbers from 1 to ${MAX_RATIO_SIDE} (such as 16:10 or 21:9) or a decimal number (such as 1.6), matched within ${RATIO_TOLERANCE_PERCENT}%`;

/** The `ratio` parameter as the filters echo it (`16:10` as given, leading zeros dropped; a decimal
 * as a number's text: `1.60` -> `1.6`); invalid_param naming `ratio` and what it accepts otherwise. */
export function parseRatio(text: string): string {
  if (!ratioOf(text)) throw invalid('ratio', text, ACCEPTED);
  const value = text.trim();
  return value.includes(':') ? value.replace(/\d+/g, (n) => String(Number(n))) : String(Number(value));
}

/** The aspect_ratio category of a text that reads as a shape (`16:10` -> custom), for the message
 * that refuses it as an aspect_ratio; undefined for any other text. */
export function categoryOfShape(text: string): AspectRatio | undefined {
  const ratio = ratioOf(text);
  return ratio ? classifyAspectRatio(ratio.num, ratio.den) : undefined;
}
