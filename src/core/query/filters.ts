// One parser for the filters and paging of docs/design.md#http-rules, shared by CLI flags and HTTP query
// parameters, so both faces accept and refuse exactly the same values with the same messages.
import { ASPECT_RATIOS, BRIGHTNESS, HUES, ORIENTATIONS } from '../analysis/index.js';
import { parseCurationFilters } from './curation-params.js';
import { WallpaperError } from '../errors.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../limits.js';
import { type RawParams, invalid, isDisabled, listWords, single } from './params.js';
import { categoryOfShape, parseRatio } from './ratio.js';
import type { Filters, ImageFormatName, Paging } from '../types.js';
import { INDEXED_EXTENSIONS } from '../formats/index.js';

export type { RawParams, RawValue } from './params.js';

/** The `format` filter's words: every indexed extension (docs/design.md#every-format). */
export const FORMATS = INDEXED_EXTENSIONS as readonly ImageFormatName[];

const CATEGORY_FILTERS = {
  brightness: BRIGHTNESS,
  aspect_ratio: ASPECT_RATIOS,
  orientation: ORIENTATIONS,
  dominant_hue: HUES,
  format: FORMATS,
} as const;

const SIZE_FILTERS = ['min_width', 'min_height', 'max_width', 'max_height'] as const;

/** The accepted words of each category filter, `any` included: for shell completion and help. */
export const FILTER_WORDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(CATEGORY_FILTERS).map(([name, words]) => [name, [...words, 'any']]),
);

/** Every filter name, in the spec's order (section 4.1), then `ratio`. */
export const FILTER_NAMES = [...Object.keys(CATEGORY_FILTERS), ...SIZE_FILTERS, 'ratio'] as (keyof Filters)[];

/** The refusal of a category value. An aspect_ratio that reads as a shape says which category it
 * falls in (`16:10` is custom) and names the exact filter, since the spec's six categories stay. */
function refused(name: string, value: string, accepted: readonly string[]) {
  const error = invalid(name, value, listWords([...accepted, 'any']));
  const category = name === 'aspect_ratio' ? categoryOfShape(value) : undefined;
  if (category === undefined) return error;
  const shape = value.trim();
  return new WallpaperError('invalid_param', `${error.message}; ${shape} counts as ${category}: for this shape only, use ratio=${shape}`);
}

/** A whole decimal number >= `min` that JavaScript holds exactly; one message per parameter, naming
 * its real range (`expected`), whatever is wrong with the value. */
export function parseWholeNumber(name: string, value: string, min = 0, expected = `a whole number of ${min} or more`): number {
  const text = value.trim();
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (number > Number.MAX_SAFE_INTEGER) throw invalid(name, value, `a whole number up to ${Number.MAX_SAFE_INTEGER}`);
  if (!Number.isSafeInteger(number) || number < min) throw invalid(name, value, expected);
  return number;
}

/** Parse and validate the filters; the result holds only the applied ones (the `filters` echo). */
export function parseFilters(params: RawParams): Filters {
  const filters: Record<string, string | number> = {};
  for (const [name, accepted] of Object.entries(CATEGORY_FILTERS)) {
    const value = single(params, name);
    if (isDisabled(value)) continue;
    const normal = value.trim().toLowerCase();
    if (!(accepted as readonly string[]).includes(normal)) throw refused(name, value, accepted);
    filters[name] = normal;
  }
  for (const name of SIZE_FILTERS) {
    const value = single(params, name);
    if (isDisabled(value)) continue;
    filters[name] = parseWholeNumber(name, value);
  }
  const ratio = single(params, 'ratio');
  if (!isDisabled(ratio)) filters.ratio = parseRatio(ratio);
  for (const [min, max] of [
    ['min_width', 'max_width'],
    ['min_height', 'max_height'],
  ] as const) {
    const low = filters[min];
    const high = filters[max];
    if (low !== undefined && high !== undefined && low > high) {
      throw new WallpaperError(
        'invalid_param',
        `invalid ${min} ${low} and ${max} ${high}: ${min} must not be larger than ${max}, or nothing can match`,
      );
    }
  }
  return { ...(filters as Filters), ...parseCurationFilters(params) };
}

/** Parse page and limit: page >= 1 (default 1); limit >= 1 (default 50), capped at 200. */
export function parsePaging(params: RawParams): Paging {
  const pageText = single(params, 'page');
  const limitText = single(params, 'limit');
  const page = pageText === undefined || pageText.trim() === '' ? 1 : parseWholeNumber('page', pageText, 1);
  const limit =
    limitText === undefined || limitText.trim() === ''
      ? DEFAULT_PAGE_LIMIT
      : parseWholeNumber('limit', limitText, 1, `a whole number of 1 or more (more than ${MAX_PAGE_LIMIT} counts as ${MAX_PAGE_LIMIT})`);
  return { page, limit: Math.min(limit, MAX_PAGE_LIMIT) };
}

export const hasFilters = (filters: Filters): boolean => Object.keys(filters).length > 0;
