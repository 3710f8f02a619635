// One parser for the filters and paging of CONTRACT.md section 3, shared by CLI flags and HTTP query
// parameters, so both faces accept and refuse exactly the same values with the same messages.
import { ASPECT_RATIOS, BRIGHTNESS, HUES, ORIENTATIONS } from './classify.js';
import { WallpaperError } from './errors.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './limits.js';
import type { Filters, Paging } from './types.js';

/** A raw parameter: absent, one value, or several (a repeated query key). */
export type RawValue = string | readonly string[] | undefined;
export type RawParams = Readonly<Record<string, RawValue>>;

export const FORMATS = ['jpg', 'jpeg', 'png', 'webp'] as const;

const CATEGORY_FILTERS = {
  brightness: BRIGHTNESS,
  aspect_ratio: ASPECT_RATIOS,
  orientation: ORIENTATIONS,
  dominant_hue: HUES,
  format: FORMATS,
} as const;

const SIZE_FILTERS = ['min_width', 'min_height', 'max_width', 'max_height'] as const;

/** Every filter name, in the spec's order (section 4.1). */
export const FILTER_NAMES = [...Object.keys(CATEGORY_FILTERS), ...SIZE_FILTERS] as (keyof Filters)[];

const invalid = (name: string, value: string, expected: string) =>
  new WallpaperError('invalid_param', `invalid ${name} ${JSON.stringify(clip(value))}: expected ${expected}`);

/** Long hostile values are cut in error messages so an error line stays one readable line. */
function clip(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}...` : value;
}

const listWords = (words: readonly string[]) => `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** The one value of a parameter, or undefined when it is absent; a repeated parameter is refused. */
function single(params: RawParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value.length > 1) throw new WallpaperError('invalid_param', `invalid ${name}: given ${value.length} times, expected once`);
  return value[0];
}

/** Absent, empty and `any` all disable a filter (spec 4.1 rule 2). */
const isDisabled = (value: string | undefined): value is undefined | '' =>
  value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'any';

/** A whole decimal number >= 0 that JavaScript holds exactly. */
export function parseWholeNumber(name: string, value: string): number {
  const text = value.trim();
  if (!/^\d+$/.test(text)) throw invalid(name, value, 'a whole number of 0 or more');
  const number = Number(text);
  if (!Number.isSafeInteger(number)) throw invalid(name, value, `a whole number up to ${Number.MAX_SAFE_INTEGER}`);
  return number;
}

/** Parse and validate the filters; the result holds only the applied ones (the `filters` echo). */
export function parseFilters(params: RawParams): Filters {
  const filters: Record<string, string | number> = {};
  for (const [name, accepted] of Object.entries(CATEGORY_FILTERS)) {
    const value = single(params, name);
    if (isDisabled(value)) continue;
    const normal = value.trim().toLowerCase();
    if (!(accepted as readonly string[]).includes(normal)) throw invalid(name, value, `${listWords([...accepted, 'any'])}`);
    filters[name] = normal;
  }
  for (const name of SIZE_FILTERS) {
    const value = single(params, name);
    if (isDisabled(value)) continue;
    filters[name] = parseWholeNumber(name, value);
  }
  return filters as Filters;
}

/** Parse page and limit: page >= 1 (default 1); limit >= 1 (default 50), capped at 200. */
export function parsePaging(params: RawParams): Paging {
  const pageText = single(params, 'page');
  const limitText = single(params, 'limit');
  const page = pageText === undefined || pageText.trim() === '' ? 1 : parseWholeNumber('page', pageText);
  if (page < 1) throw invalid('page', pageText ?? '', 'a whole number of 1 or more');
  const limit = limitText === undefined || limitText.trim() === '' ? DEFAULT_PAGE_LIMIT : parseWholeNumber('limit', limitText);
  if (limit < 1) throw invalid('limit', limitText ?? '', `a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  return { page, limit: Math.min(limit, MAX_PAGE_LIMIT) };
}

export const hasFilters = (filters: Filters): boolean => Object.keys(filters).length > 0;
