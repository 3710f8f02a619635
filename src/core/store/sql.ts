// The SQL of the queries, in one place: how filters become conditions, which index a filtered read
// goes through, the column lists and the order of a wallpaper's files. Most of it is SQL both
// databases speak; where SQLite and PostgreSQL differ, both texts are written here side by side
// (a Record<Dialect, string>), so an edit to one is made beside the other (docs/scaling.md#the-index-in-postgresql---database-url).
import { extname } from 'node:path';
import { MIN_COLOR_SHARE } from '../analysis/index.js';
import { cellsNear, hexToLab } from '../analysis/index.js';
import { RATIO_TOLERANCE_PERCENT, ratioOf } from '../analysis/index.js';
import type { Filters, SourceCredit, Wallpaper } from '../types.js';
import type { Dialect } from './connection.js';

/** A wallpaper as the index holds it: the record without the URLs the facade adds. */
export type StoredWallpaper = Omit<Wallpaper, 'url' | 'thumbnail_url' | 'download_url'>;

/** The row of a record (format is the extension of its canonical file, for the `format` filter);
 * palette is JSON, tags joined by newlines, the marks 0 or 1. */
export type Row = Omit<StoredWallpaper, 'palette' | 'tags' | 'favorite' | 'hidden' | 'source' | 'dynamic'> & {
  /** JSON text of the dynamic wallpaper's kind and frames, or null. */
  dynamic: string | null;
  /** JSON text on SQLite, parsed JSON on PostgreSQL (json_build_object), or null. */
  source: string | SourceCredit | null;
  format: string;
  palette: string | null;
  tags: string | null;
  favorite: number;
  hidden: number;
};

/** The attribution of the record's canonical file, when a source fetched it (sources/ keeps it by
 * path), as one JSON object. */
export const SOURCE_OF_RECORD: Record<Dialect, string> = {
  sqlite: `(SELECT json_object('name', s.name, 'kind', s.kind, 'page_url', s.page_url, 'author', s.author,
  'author_url', s.author_url, 'license', s.license) FROM source_files s WHERE s.path = wallpapers.path)`,
  postgres: `(SELECT json_build_object('name', s.name, 'kind', s.kind, 'page_url', s.page_url, 'author', s.author,
  'author_url', s.author_url, 'license', s.license) FROM source_files s WHERE s.path = wallpapers.path)`,
};

/** A record's tags, each name once, joined by newlines in name order. */
const TAGS_OF_RECORD: Record<Dialect, string> = {
  sqlite: '(SELECT group_concat(name, char(10)) FROM (SELECT DISTINCT name FROM tags t WHERE t.id = wallpapers.id ORDER BY name))',
  postgres: '(SELECT string_agg(DISTINCT name, chr(10) ORDER BY name) FROM tags t WHERE t.id = wallpapers.id)',
};

/** The ids of a JSON array bound as one parameter (`JSON.stringify(ids)`). */
export const IDS_IN_JSON: Record<Dialect, string> = {
  sqlite: 'SELECT value FROM json_each(?)',
  postgres: 'SELECT value FROM json_array_elements_text(?::json)',
};

/** The colour index's cells of a JSON array of numbers bound as one parameter. */
const CELLS_IN_JSON: Record<Dialect, string> = {
  sqlite: 'cell IN (SELECT value FROM json_each(?))',
  postgres: 'cell IN (SELECT value::bigint FROM json_array_elements_text(?::json))',
};

/** A match of words that ignores the case of ASCII letters (SQLite's LIKE does; PostgreSQL's ILIKE). */
const LIKE: Record<Dialect, string> = { sqlite: 'LIKE', postgres: 'ILIKE' };

const markOf = (mark: string) => `EXISTS (SELECT 1 FROM marks m WHERE m.mark = '${mark}' AND m.id = wallpapers.id) AS ${mark}`;

const columnsOf = (
  dialect: Dialect,
) => `id, filename, path, width, height, size_bytes, added_at, content_type, brightness, aspect_ratio, orientation,
  luminance, dominant_hue, format, pair_id, title, palette, ${markOf('favorite')}, ${markOf('hidden')},
  ${TAGS_OF_RECORD[dialect]} AS tags, ${SOURCE_OF_RECORD[dialect]} AS source, dynamic`;

/** The columns of a record's row (Row). */
export const COLUMNS: Record<Dialect, string> = { sqlite: columnsOf('sqlite'), postgres: columnsOf('postgres') };

/** The order of a wallpaper's files, best first: reachable before away, regular files before
 * links, then by path (byte order). The first is the canonical path. */
export const FILE_ORDER = 'ORDER BY away, link, path';

/** The list order of the spec: newest first, then by id (stable across pages). */
export const LIST_ORDER = 'ORDER BY added_at DESC, id';

/** The other list orders (docs/design.md#beyond-the-specification `sort`), each ending in id so pages are stable. */
export const SORT_ORDERS = {
  name: 'ORDER BY title, id',
  luminance: 'ORDER BY luminance, id',
  '-luminance': 'ORDER BY luminance DESC, id',
  pixels: 'ORDER BY width * height DESC, id',
} as const;
/** `color` is made per search (orderBy, colorDistanceJoin). */
export type SortName = keyof typeof SORT_ORDERS | 'color';

/** The SQL of a list order and its parameters: `color` orders by the distance of the closest
 * palette colour (covering MIN_COLOR_SHARE) to the first asked colour. */
export function orderBy(sort: SortName | undefined, filters: Filters): Where {
  if (!sort) return { sql: LIST_ORDER, params: [] };
  if (sort !== 'color') return { sql: SORT_ORDERS[sort], params: [] };
  const lab = hexToLab(filters.color?.[0] ?? '000')!;
  return {
    sql: `ORDER BY (SELECT min((l - ?) * (l - ?) + (a - ?) * (a - ?) + (b - ?) * (b - ?)) FROM palette_colors p
      WHERE p.id = wallpapers.id AND p.share >= ${MIN_COLOR_SHARE}), id`,
    params: [lab[0], lab[0], lab[1], lab[1], lab[2], lab[2]],
  };
}

const CATEGORY_FILTERS: readonly (keyof Filters)[] = ['brightness', 'aspect_ratio', 'orientation', 'dominant_hue', 'format'];

export const formatOf = (path: string): string => extname(path).slice(1).toLowerCase();

export interface Where {
  sql: string;
  params: (string | number)[];
}

/** SQL conditions for the filters; every value is bound, never spliced.
 * @param reachable only wallpapers with a file outside the folders that are away */
export function whereClause(dialect: Dialect, filters: Filters, reachable = false): Where {
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
  const ratio = filters.ratio === undefined ? undefined : ratioOf(filters.ratio);
  if (ratio) {
    // On the width and height the browse index holds: no table row is read for it.
    // analysis/ratio.ts's rule in whole numbers: 100 * |w * den - h * num| <= tolerance * h * num.
    parts.push('100 * abs(width * ? - height * ?) <= ? * height');
    params.push(ratio.den, ratio.num, RATIO_TOLERANCE_PERCENT * ratio.num);
  }
  if (filters.color?.length) {
    // One set of ids per colour, intersected before any wallpaper is read: a common colour alone
    // would otherwise drive thousands of lookups that a rarer second colour rejects.
    const sets = filters.color.map((color) => nearColour(dialect, color, filters.color_tolerance ?? 0));
    parts.push(`id IN (${sets.map((set) => `SELECT id FROM palette_colors WHERE ${set.sql}`).join(' INTERSECT ')})`);
    params.push(...sets.flatMap((set) => set.params));
  }
  for (const tag of filters.tag ?? []) add('id IN (SELECT id FROM tags WHERE name = ?)', tag);
  for (const word of filters.q?.split(' ') ?? []) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = LIKE[dialect];
    parts.push(
      `(filename ${like} ? ESCAPE '\\' OR title ${like} ? ESCAPE '\\' OR id IN (SELECT id FROM tags WHERE name ${like} ? ESCAPE '\\'))`,
    );
    params.push(pattern, pattern, pattern);
  }
  if (filters.favorite !== undefined) parts.push(`id ${filters.favorite ? '' : 'NOT '}IN (SELECT id FROM marks WHERE mark = 'favorite')`);
  if (filters.hidden !== 'any') parts.push(`id ${filters.hidden === true ? '' : 'NOT '}IN (SELECT id FROM marks WHERE mark = 'hidden')`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The palette rows of a colour search: in the cells near it (the colour index), covering
 * MIN_COLOR_SHARE, within the tolerance. */
function nearColour(dialect: Dialect, color: string, tolerance: number): Where {
  const lab = hexToLab(color)!;
  return {
    sql: `${CELLS_IN_JSON[dialect]} AND share >= ${MIN_COLOR_SHARE}
      AND (l - ?) * (l - ?) + (a - ?) * (a - ?) + (b - ?) * (b - ?) <= ?`,
    params: [JSON.stringify(cellsNear(lab, tolerance)), lab[0], lab[0], lab[1], lab[1], lab[2], lab[2], tolerance * tolerance],
  };
}

/** sort=color's join: each match's distance `near.d` to the first colour, found in one pass over
 * its palette rows (a correlated subquery per match cost 100 ms at 15,000 matches). */
export function colorDistanceJoin(dialect: Dialect, filters: Filters): Where {
  const near = nearColour(dialect, filters.color![0]!, filters.color_tolerance ?? 0);
  const lab = hexToLab(filters.color![0]!)!;
  return {
    sql: `JOIN (SELECT id, min((l - ?) * (l - ?) + (a - ?) * (a - ?) + (b - ?) * (b - ?)) AS d FROM palette_colors
      WHERE ${near.sql} GROUP BY id) AS near USING (id)`,
    params: [lab[0], lab[0], lab[1], lab[1], lab[2], lab[2], ...near.params],
  };
}

/** `where` with `id NOT IN (exclude)` added. */
export function excluding(where: Where, exclude: readonly string[]): Where {
  if (exclude.length === 0) return where;
  const condition = `id NOT IN (${exclude.map(() => '?').join(', ')})`;
  return { sql: `${where.sql}${where.sql ? ' AND' : 'WHERE'} ${condition}`, params: [...where.params, ...exclude] };
}

/** The index a filtered read goes through in SQLite: a single category filter's own index (it ends
 * in the list order, the planner picks it), else the covering browse index, narrow to walk with
 * OFFSET. Measured on 100,000 records (bench/RESULTS.md): without this, filtered pages cost 50-120
 * ms. PostgreSQL takes no hints: its planner chooses. */
export function indexFor(dialect: Dialect, filters: Filters): string {
  if (dialect === 'postgres') return '';
  // A colour search is driven by its palette rows (the colour index): its matches' filter columns
  // are read from the narrow index keyed by id, not the wide rows, nor the whole browse index.
  if (filters.color) return 'INDEXED BY wallpapers_by_id';
  const applied = (Object.keys(filters) as (keyof Filters)[]).filter((name) => name !== 'hidden');
  if (applied.length === 1 && CATEGORY_FILTERS.includes(applied[0]!)) return '';
  return 'INDEXED BY wallpapers_browse';
}

/** A stable key of applied filters, for the caches. */
export const keyOf = (filters: Filters, reachable = false): string =>
  JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1))) + (reachable ? '+reachable' : '');
