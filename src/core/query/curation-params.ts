// The curation filters of docs/design.md#beyond-the-specification, parsed like the spec's (one message per parameter naming
// what it accepts): `color` (hex, repeatable: all must match) with `color_tolerance`, `tag`
// (repeatable: all), `q` (words: each in the file name or a tag), `favorite`, `hidden`.
import { WallpaperError } from '../errors.js';
import { hexToLab } from '../analysis/index.js';
import { type RawParams, invalid, isDisabled, listWords, single } from './params.js';
import { parseTag } from './tag-words.js';
import type { CurationFilters } from '../types/records.js';

export type { CurationFilters };

export const DEFAULT_COLOR_TOLERANCE = 0.08;
const MAX_REPEATS = 8;
const MAX_WORDS = 8;

/** The one value of a parameter, trimmed; undefined when absent, empty or (`disabling`) `any`. */
function one(params: RawParams, name: string, disabling = true): string | undefined {
  const value = single(params, name)?.trim();
  if (value === undefined || value === '' || (disabling && isDisabled(value))) return undefined;
  return value;
}

/** The values of a repeatable parameter (empty and `any` ones dropped), at most MAX_REPEATS. */
function repeated(params: RawParams, name: string): string[] {
  const raw = params[name];
  const values = (raw === undefined ? [] : typeof raw === 'string' ? [raw] : [...raw]).filter((v) => !isDisabled(v)).map((v) => v.trim());
  if (values.length > MAX_REPEATS) {
    throw new WallpaperError('invalid_param', `invalid ${name}: given ${values.length} times, at most ${MAX_REPEATS}`);
  }
  return values;
}

/** true (`true`, `1`), false (`false`, `0`), one of `extra`, or undefined when absent. */
function flag(params: RawParams, name: string, extra: readonly string[] = []): boolean | string | undefined {
  const text = one(params, name, false);
  if (text === undefined) return undefined;
  const word = text.toLowerCase();
  if (word === 'true' || word === '1') return true;
  if (word === 'false' || word === '0') return false;
  if (extra.includes(word)) return word;
  throw invalid(name, text, listWords(['true', 'false', ...extra]));
}

/** Parse the curation filters from raw parameters; only the applied ones are returned. */
export function parseCurationFilters(params: RawParams): CurationFilters {
  const filters: CurationFilters = {};
  const colors = repeated(params, 'color').map((text) => {
    if (!hexToLab(text)) throw invalid('color', text, 'a hex colour such as 1e3a5f or #1e3a5f');
    const hex = text.replace(/^#/, '').toLowerCase();
    return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  });
  const toleranceText = one(params, 'color_tolerance');
  let tolerance: number | undefined;
  if (toleranceText !== undefined) {
    tolerance = /^(\d+(\.\d*)?|\.\d+)$/.test(toleranceText) ? Number(toleranceText) : Number.NaN;
    if (!(tolerance >= 0 && tolerance <= 1)) throw invalid('color_tolerance', toleranceText, 'a number from 0 to 1 (OKLab distance)');
  }
  if (colors.length) {
    filters.color = colors;
    filters.color_tolerance = tolerance ?? DEFAULT_COLOR_TOLERANCE;
  }
  const tags = repeated(params, 'tag').map((text) => parseTag(text));
  if (tags.length) filters.tag = [...new Set(tags)];
  const q = one(params, 'q');
  if (q !== undefined) {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length > MAX_WORDS || q.length > 200) throw invalid('q', q, `at most ${MAX_WORDS} words and 200 characters`);
    filters.q = words.join(' ');
  }
  const favorite = flag(params, 'favorite');
  if (favorite !== undefined) filters.favorite = favorite as boolean;
  const hidden = flag(params, 'hidden', ['any']);
  if (hidden !== undefined) filters.hidden = hidden as boolean | 'any';
  return filters;
}
