// The parameters of seeded orders (docs/design.md#beyond-the-specification): `client` (1 to 64 of A-Z a-z 0-9 . _ -) and
// `seed` (the same alphabet) with `n` (>= 0) on the random endpoints; `sort` (`added`, the spec's
// order and the default, or `random` with a `seed`) on the list. Parsed like the filters: a bad value
// is an invalid_param naming the parameter and what it accepts.
import { WallpaperError } from '../errors.js';
import { type RawParams, parseWholeNumber } from './filters.js';
import type { ListOrder, ListSort, RandomOrder } from '../types.js';

export type { ListOrder, RandomOrder };

const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const NAME_RULE = '1 to 64 letters, digits, dots, underscores or hyphens';

/** The list orders besides added and random: name (A to Z), luminance (darkest first), -luminance
 * (lightest first), pixels (most pixels first), color (closest to the first `color` first). */
export const SORTS = ['name', 'luminance', '-luminance', 'pixels', 'color'] as const satisfies readonly ListSort[];

function one(params: RawParams, name: string): string | undefined {
  const value = params[name];
  const text = Array.isArray(value) ? (value.length > 1 ? multiple(name, value.length) : value[0]) : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

function multiple(name: string, count: number): never {
  throw new WallpaperError('invalid_param', `invalid ${name}: given ${count} times, expected once`);
}

function named(params: RawParams, name: string): string | undefined {
  const text = one(params, name);
  if (text !== undefined && !NAME.test(text)) {
    throw new WallpaperError('invalid_param', `invalid ${name} ${JSON.stringify(text.slice(0, 64))}: expected ${NAME_RULE}`);
  }
  return text;
}

export function parseRandomOrder(params: RawParams): RandomOrder {
  const client = named(params, 'client');
  const seed = named(params, 'seed');
  const nText = one(params, 'n');
  const n = nText === undefined ? undefined : parseWholeNumber('n', nText, 0);
  if (client !== undefined && seed !== undefined) {
    throw new WallpaperError('invalid_param', 'invalid seed: give client (a walk that remembers) or seed (a fixed order), not both');
  }
  if (n !== undefined && seed === undefined)
    throw new WallpaperError('invalid_param', 'invalid n: it is a position in the order of a seed');
  return { ...(client ? { client } : {}), ...(seed ? { seed, n: n ?? 0 } : {}) };
}

export function parseListOrder(params: RawParams): ListOrder {
  const sort = one(params, 'sort')?.toLowerCase();
  const seed = named(params, 'seed');
  if (sort === undefined || sort === 'added') return { sort: 'added' };
  if ((SORTS as readonly string[]).includes(sort)) return { sort: sort as (typeof SORTS)[number] };
  if (sort !== 'random') {
    throw new WallpaperError(
      'invalid_param',
      `invalid sort ${JSON.stringify(sort.slice(0, 64))}: expected added, random, ${SORTS.join(', ')}`,
    );
  }
  if (seed === undefined)
    throw new WallpaperError('invalid_param', `invalid sort "random": it needs seed (${NAME_RULE}), so pages do not repeat`);
  return { sort: 'random', seed };
}
