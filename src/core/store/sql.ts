// The SQL of the queries, in one place: how filters become conditions, which index a filtered read
// goes through, the column lists and the order of a wallpaper's files. Everything that depends on
// the SQL dialect (SQLite's INDEXED BY, its planner's habits) lives here, so a second backend has
// one module to answer.
import { extname } from 'node:path';
import type { Filters, Wallpaper } from '../types.js';

/** A wallpaper as the index holds it: the record without the URLs the facade adds. */
export type StoredWallpaper = Omit<Wallpaper, 'url' | 'thumbnail_url' | 'download_url'>;

/** The row of a record (format is the extension of its canonical file, for the `format` filter). */
export type Row = StoredWallpaper & { format: string };

export const COLUMNS =
  'id, filename, path, width, height, size_bytes, added_at, content_type, brightness, aspect_ratio, orientation, luminance, dominant_hue, format, pair_id';

/** The order of a wallpaper's files, best first: reachable before away, regular files before
 * links, then by path (byte order). The first is the canonical path. */
export const FILE_ORDER = 'ORDER BY away, link, path';

/** The list order of the spec: newest first, then by id (stable across pages). */
export const LIST_ORDER = 'ORDER BY added_at DESC, id';

/** The other list orders (CONTRACT.md 6.3 `sort`), each ending in id so pages are stable. */
export const SORT_ORDERS = {
  name: 'ORDER BY filename, id',
  luminance: 'ORDER BY luminance, id',
  '-luminance': 'ORDER BY luminance DESC, id',
  pixels: 'ORDER BY width * height DESC, id',
} as const;
export type SortName = keyof typeof SORT_ORDERS;

const CATEGORY_FILTERS: readonly (keyof Filters)[] = ['brightness', 'aspect_ratio', 'orientation', 'dominant_hue', 'format'];

export const formatOf = (path: string): string => extname(path).slice(1).toLowerCase();

export interface Where {
  sql: string;
  params: (string | number)[];
}

/** SQL conditions for the filters; every value is bound, never spliced.
 * @param reachable only wallpapers with a file outside the folders that are away */
export function whereClause(filters: Filters, reachable = false): Where {
  const parts: string[] = reachable ? ['away = 0'] : [];
  const params: (string | number)[] = [];
  const add = (sql: string, value: string | number | undefined) => {
    if (value === undefined) return;
    parts.push(sql);
    params.push(value);
  };
  add('brightness = ?', filters.brightness);
  add('aspect_ratio = ?', filters.aspect_ratio);
  add('orientation = ?', filters.orientation);
  add('dominant_hue = ?', filters.dominant_hue);
  add('format = ?', filters.format);
  add('width >= ?', filters.min_width);
  add('height >= ?', filters.min_height);
  add('width <= ?', filters.max_width);
  add('height <= ?', filters.max_height);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** `where` with `id NOT IN (exclude)` added. */
export function excluding(where: Where, exclude: readonly string[]): Where {
  if (exclude.length === 0) return where;
  const condition = `id NOT IN (${exclude.map(() => '?').join(', ')})`;
  return { sql: `${where.sql}${where.sql ? ' AND' : 'WHERE'} ${condition}`, params: [...where.params, ...exclude] };
}

/** The index a filtered read goes through: a single category filter's own index (it ends in the
 * list order, the planner picks it), else the covering browse index, narrow to walk with OFFSET.
 * Measured on 100,000 records (bench/RESULTS.md): without this, filtered pages cost 50-120 ms. */
export function indexFor(filters: Filters): string {
  const applied = Object.keys(filters) as (keyof Filters)[];
  if (applied.length === 1 && CATEGORY_FILTERS.includes(applied[0]!)) return '';
  return 'INDEXED BY wallpapers_browse';
}

/** A stable key of applied filters, for the caches. */
export const keyOf = (filters: Filters, reachable = false): string =>
  JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1))) + (reachable ? '+reachable' : '');
