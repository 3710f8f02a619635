// Colour searches answered from memory (an earlier round's p99 target): every palette colour covering
// MIN_COLOR_SHARE, grouped by its OKLab cell in typed arrays, with each wallpaper's place in the
// list order. A search visits the cells near its colours (125 at the default tolerance), so a page
// and its count cost well under a millisecond, where SQLite counted and sorted 15,000-30,000
// matches of a common colour in 100-190 ms. Loaded on the first colour search after the palettes
// change (~0.7 s at 100,000), kept otherwise; the hidden marks are read per index version. Only
// searches by colour with the categories, sizes, ratio and hidden, in the list order or by colour, are
// answered here;
// anything else (tags, search, favourites, other orders) goes to SQL.
import { MIN_COLOR_SHARE } from '../analysis/index.js';
import { cellsNear, hexToLab } from '../analysis/index.js';
import { matchesRatio, ratioOf } from '../analysis/index.js';
import type { Filters, Paging } from '../types.js';
import type { Connection } from './connection.js';

/** The filters answered here besides colour: the categories and sizes, read with the ids. */
const CATEGORIES = ['brightness', 'aspect_ratio', 'orientation', 'dominant_hue', 'format'] as const;
const SIZES = ['min_width', 'max_width', 'min_height', 'max_height'] as const;

interface Loaded {
  key: string;
  /** Wallpaper ids in the list order (newest first, then id): the ordinal is the place. */
  ids: string[];
  /** Each category's value by ordinal (a word from the category's own short list). */
  categories: Record<(typeof CATEGORIES)[number], string[]>;
  width: Uint32Array;
  height: Uint32Array;
  /** Palette rows grouped by cell: rows of cell c are starts[c] .. starts[c + 1]. */
  cells: Map<number, [start: number, end: number]>;
  ordinals: Uint32Array;
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
}

const ANSWERED = new Set<string>(['color', 'color_tolerance', 'hidden', 'ratio', ...CATEGORIES, ...SIZES]);

export class ColourIndex {
  private loaded: Loaded | undefined;
  private checkedAt: string | undefined;
  private hidden: { version: string; ids: Set<string> } | undefined;

  constructor(private readonly conn: Connection) {}

  /** The page's ids and the total, or undefined when this search is not one answered here. */
  page(filters: Filters, paging: Paging, sort: 'color' | undefined): { ids: string[]; total: number } | undefined {
    if (!filters.color?.length || !Object.keys(filters).every((name) => ANSWERED.has(name))) return undefined;
    const index = this.load();
    const hidden = this.hiddenIds();
    const n = index.ids.length;
    const hits = new Uint8Array(n);
    const distance = new Float32Array(n).fill(Number.POSITIVE_INFINITY);
    const tolerance = filters.color_tolerance ?? 0;
    filters.color.forEach((hex, k) => {
      const [l, a, b] = hexToLab(hex)!;
      for (const cell of cellsNear([l, a, b], tolerance)) {
        const range = index.cells.get(cell);
        if (!range) continue;
        for (let r = range[0]; r < range[1]; r++) {
          const d = (index.l[r]! - l) ** 2 + (index.a[r]! - a) ** 2 + (index.b[r]! - b) ** 2;
          if (d > tolerance * tolerance) continue;
          const o = index.ordinals[r]!;
          if (hits[o] === k) hits[o] = k + 1; // every earlier colour matched: count this one
          if (k === 0 && d < distance[o]!) distance[o] = d;
        }
      }
    });
    const wanted = filters.color.length;
    const matches: number[] = [];
    const categories = CATEGORIES.filter((name) => filters[name] !== undefined);
    const ratio = filters.ratio === undefined ? undefined : ratioOf(filters.ratio);
    const [minW, maxW, minH, maxH] = [
      filters.min_width ?? 0,
      filters.max_width ?? Infinity,
      filters.min_height ?? 0,
      filters.max_height ?? Infinity,
    ];
    for (let o = 0; o < n; o++) {
      if (hits[o] !== wanted) continue;
      if (categories.some((name) => index.categories[name][o] !== filters[name])) continue;
      const [w, h] = [index.width[o]!, index.height[o]!];
      if (w < minW || w > maxW || h < minH || h > maxH) continue;
      if (ratio && !matchesRatio(w, h, ratio)) continue;
      const isHidden = hidden.has(index.ids[o]!);
      if (filters.hidden === 'any' || (filters.hidden === true ? isHidden : !isHidden)) matches.push(o);
    }
    const start = (paging.page - 1) * paging.limit;
    const page = sort === 'color' ? closest(matches, distance, start + paging.limit, index.ids) : matches;
    return { ids: page.slice(start, start + paging.limit).map((o) => index.ids[o]!), total: matches.length };
  }

  /** The palettes in memory, read again when they changed (a wallpaper added or removed); whether
   * they did is asked once per index version. */
  private load(): Loaded {
    const version = this.conn.version();
    if (this.loaded && this.checkedAt === version) return this.loaded;
    this.checkedAt = version;
    const stamp = this.conn.prepare('SELECT max(rowid) AS top, count(*) AS rows FROM palette_colors').get() as {
      top: number;
      rows: number;
    };
    const total = this.conn.prepare('SELECT count(*) FROM wallpapers').pluck().get() as number;
    const key = `${stamp.top}:${stamp.rows}:${total}`;
    if (this.loaded?.key === key) return this.loaded;
    // The browse index holds every column read here, in this order: no table row is read.
    const ids: string[] = [];
    const categories = Object.fromEntries(CATEGORIES.map((name) => [name, [] as string[]])) as Loaded['categories'];
    const [width, height] = [new Uint32Array(total), new Uint32Array(total)];
    const records = this.conn
      .prepare(`SELECT id, width, height, ${CATEGORIES.join(', ')} FROM wallpapers ORDER BY added_at DESC, id`)
      .raw();
    for (const [id, w, h, ...values] of records.iterate() as IterableIterator<[string, number, number, ...string[]]>) {
      width[ids.length] = w;
      height[ids.length] = h;
      CATEGORIES.forEach((name, c) => {
        categories[name].push(values[c]!);
      });
      ids.push(id);
    }
    const place = new Map(ids.map((id, o) => [id, o]));
    const [ordinals, l, a, b] = [
      new Uint32Array(stamp.rows),
      new Float32Array(stamp.rows),
      new Float32Array(stamp.rows),
      new Float32Array(stamp.rows),
    ];
    const cells = new Map<number, [number, number]>();
    let r = 0;
    // Measured at 100,000: iterate() and typed arrays filled in one loop 0.6 s; .all() and array
    // methods over its rows 4 s.
    const rows = this.conn.prepare(`SELECT id, cell, l, a, b FROM palette_colors WHERE share >= ${MIN_COLOR_SHARE} ORDER BY cell`).raw();
    for (const [id, cell, lightness, green, blue] of rows.iterate() as IterableIterator<[string, number, number, number, number]>) {
      const o = place.get(id);
      if (o === undefined) continue;
      ordinals[r] = o;
      l[r] = lightness;
      a[r] = green;
      b[r] = blue;
      const range = cells.get(cell);
      if (range) range[1] = r + 1;
      else cells.set(cell, [r, r + 1]);
      r++;
    }
    this.loaded = { key, ids, categories, width, height, cells, ordinals, l, a, b };
    return this.loaded;
  }

  private hiddenIds(): Set<string> {
    const version = this.conn.version();
    if (this.hidden?.version !== version) {
      this.hidden = { version, ids: new Set(this.conn.prepare("SELECT id FROM marks WHERE mark = 'hidden'").pluck().all() as string[]) };
    }
    return this.hidden.ids;
  }
}

/** The `count` matches closest to the colour, in order (distance, then id): the distances are
 * sorted natively to find the cut, and only what is inside it is sorted by comparison. */
function closest(matches: number[], distance: Float32Array, count: number, ids: string[]): number[] {
  if (matches.length === 0 || count <= 0) return [];
  const sorted = Float32Array.from(matches, (o) => distance[o]!).sort();
  const cut = sorted[Math.min(count, sorted.length) - 1]!;
  return matches.filter((o) => distance[o]! <= cut).sort((x, y) => distance[x]! - distance[y]! || (ids[x]! < ids[y]! ? -1 : 1));
}
