// The curation filters of CONTRACT.md 6.3, parsed like the spec's (one message per parameter naming
// what it accepts): `color` (hex, repeatable: all must match) with `color_tolerance`, `tag`
// (repeatable: all), `q` (words: each in the file name or a tag), `favorite`, `hidden`.
import { WallpaperError } from '../errors.js';
import { hexToLab } from './oklab.js';
import { normalTag } from './tags.js';

export interface CurationFilters {
  /** Colours as 6 lowercase hex digits, each covering at least MIN_COLOR_SHARE of a match. */
  color?: string[];
  /** OKLab distance within which a palette colour counts as the asked one (with `color`). */
  color_tolerance?: number;
  tag?: string[];
  /** The search words, lowercase, joined by one space. */
  q?: string;
  favorite?: boolean;
  /** true: only hidden ones; 'any': hidden or not; absent or false: hidden ones are left out. */
  hidden?: boolean | 'any';
}

export const DEFAULT_COLOR_TOLERANCE = 0.08;
/** A palette colour counts for a colour search when it covers at least this share of the image. */
export const MIN_COLOR_SHARE = 0.1;
const MAX_REPEATS = 8;
const MAX_WORDS = 8;

type Raw = string | readonly string[] | undefined;
const all = (value: Raw): string[] =>
  (value === undefined ? [] : typeof value === 'string' ? [value] : [...value])
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.toLowerCase() !== 'any');

function one(name: string, value: Raw): string | undefined {
  const values = all(value);
  if (values.length > 1) throw new WallpaperError('invalid_param', `invalid ${name}: given ${values.length} times, expected once`);
  return values[0];
}

const invalid = (name: string, value: string, expected: string) =>
  new WallpaperError(
    'invalid_param',
    `invalid ${name} ${JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}...` : value)}: expected ${expected}`,
  );

function repeated(name: string, value: Raw): string[] {
  const values = all(value);
  if (values.length > MAX_REPEATS)
    throw new WallpaperError('invalid_param', `invalid ${name}: given ${values.length} times, at most ${MAX_REPEATS}`);
  return values;
}

function flag(name: string, value: Raw, extra: readonly string[] = []): boolean | string | undefined {
  const raw = value === undefined ? undefined : typeof value === 'string' ? value.trim() : value.length > 1 ? 'x' : value[0]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const text = raw.toLowerCase();
  if (typeof value !== 'string' && value !== undefined && value.length > 1)
    throw new WallpaperError('invalid_param', `invalid ${name}: given ${value.length} times, expected once`);
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  if (extra.includes(text)) return text;
  throw invalid(name, raw, ['true', 'false', ...extra].join(', ').replace(/, ([^,]*)$/, ' or $1'));
}

/** Parse the curation filters from raw parameters; only the applied ones are returned. */
export function parseCurationFilters(params: Readonly<Record<string, Raw>>): CurationFilters {
  const filters: CurationFilters = {};
  const colors = repeated('color', params.color).map((text) => {
    if (!hexToLab(text)) throw invalid('color', text, 'a hex colour such as 1e3a5f or #1e3a5f');
    const hex = text.replace(/^#/, '').toLowerCase();
    return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  });
  const toleranceText = one('color_tolerance', params.color_tolerance);
  let tolerance: number | undefined;
  if (toleranceText !== undefined) {
    tolerance = /^(\d+(\.\d*)?|\.\d+)$/.test(toleranceText) ? Number(toleranceText) : Number.NaN;
    if (!(tolerance >= 0 && tolerance <= 1)) throw invalid('color_tolerance', toleranceText, 'a number from 0 to 1 (OKLab distance)');
  }
  if (colors.length) {
    filters.color = colors;
    filters.color_tolerance = tolerance ?? DEFAULT_COLOR_TOLERANCE;
  }
  const tags = repeated('tag', params.tag).map((text) => {
    const tag = normalTag(text);
    if (!tag) throw invalid('tag', text, 'a tag name (1 to 64 characters, no commas or control characters)');
    return tag;
  });
  if (tags.length) filters.tag = [...new Set(tags)];
  const q = one('q', params.q);
  if (q !== undefined) {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length > MAX_WORDS || q.length > 200) throw invalid('q', q, `at most ${MAX_WORDS} words and 200 characters`);
    filters.q = words.join(' ');
  }
  const favorite = flag('favorite', params.favorite);
  if (favorite !== undefined) filters.favorite = favorite as boolean;
  const hidden = flag('hidden', params.hidden, ['any']);
  if (hidden !== undefined) filters.hidden = hidden as boolean | 'any';
  return filters;
}
