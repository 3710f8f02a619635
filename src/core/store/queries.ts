// The reads of the index: records by id and by page, counts, the files of a wallpaper, and what a
// scan reports (duplicates, failures). Counts are cached per index version: a server asks the same
// ones again and again, and any commit (here or in another process) makes them stale.
import { VersionedCache } from '../common/index.js';
import type { FileState } from '../types/scan.js';
import type { DynamicInfo, Filters, Paging, ScanProblem, SourceCredit } from '../types.js';
import { ColourIndex } from './colour-index.js';
import type { Connection } from './connection.js';
import {
  COLUMNS,
  IDS_IN_JSON,
  FILE_ORDER,
  type Row,
  type SortName,
  type StoredWallpaper,
  colorDistanceJoin,
  indexFor,
  keyOf,
  orderBy,
  whereClause,
} from './sql.js';

/** How a file left out by min_size is recorded: its reason in the error column (settings/min-size.ts
 * words it; a failure never starts so). */
export const SMALLER_THAN = 'smaller than min_size ';

/** Filter combinations whose count is kept (a number each). */
const COUNT_CACHE_KEYS = 1024;

/** A file holding a wallpaper's bytes as the index recorded it: a path is served only while its
 * size and mtime still match. */
export interface IndexedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Filters that narrow nothing but the hidden ones (which unfilteredCount subtracts). */
const isUnfiltered = (filters: Filters): boolean =>
  Object.entries(filters).every(([name, value]) => value === undefined || name === 'hidden');

/** A row as the record the index holds: the spec's fields without the URLs the facade adds. */
function toStored(row: Row): StoredWallpaper {
  return {
    id: row.id,
    filename: row.filename,
    path: row.path,
    width: row.width,
    height: row.height,
    size_bytes: row.size_bytes,
    added_at: row.added_at,
    content_type: row.content_type,
    brightness: row.brightness,
    aspect_ratio: row.aspect_ratio,
    orientation: row.orientation,
    luminance: row.luminance,
    dominant_hue: row.dominant_hue,
    palette: row.palette ? JSON.parse(row.palette) : [],
    favorite: row.favorite === 1,
    hidden: row.hidden === 1,
    tags: row.tags ? row.tags.split('\n') : [],
    pair_id: row.pair_id ?? null,
    title: row.title ?? row.filename,
    source: typeof row.source === 'string' ? (JSON.parse(row.source) as SourceCredit) : (row.source ?? null),
    dynamic: row.dynamic ? (JSON.parse(row.dynamic) as DynamicInfo) : null,
  };
}

export class Queries {
  private readonly counts = new VersionedCache<number>({ maxEntries: COUNT_CACHE_KEYS });
  // Held directly: the record read of every random pick (a Map lookup by SQL text hashed it each time).
  private readonly getStatement: ReturnType<Connection['prepare']>;

  private readonly colours: ColourIndex;

  constructor(private readonly conn: Connection) {
    this.getStatement = conn.prepare(`SELECT ${COLUMNS[conn.dialect]} FROM wallpapers WHERE id = ?`);
    this.colours = new ColourIndex(conn);
  }

  /** Every indexed file's size and mtime (and whether it is a link), for the rescan diff. */
  fileStates(): Map<string, FileState> {
    const rows = this.conn.prepare('SELECT path, size, mtime_ms, link FROM files').raw().all() as [string, number, number, number][];
    return new Map(rows.map(([path, size, mtimeMs, link]) => [path, link ? { size, mtimeMs, link: true } : { size, mtimeMs }]));
  }

  get(id: string): StoredWallpaper | undefined {
    const row = this.getStatement.get(id) as Row | undefined;
    return row && toStored(row);
  }

  /** The records of `ids` that are indexed, by id (one read). */
  getMany(ids: readonly string[]): Map<string, StoredWallpaper> {
    const rows = this.conn
      .prepare(`SELECT ${COLUMNS[this.conn.dialect]} FROM wallpapers WHERE id IN (${IDS_IN_JSON[this.conn.dialect]})`)
      .all(JSON.stringify(ids)) as Row[];
    return new Map(rows.map((row) => [row.id, toStored(row)]));
  }

  /** The count of matches at `version` (default: now), cached per filter combination. */
  count(filters: Filters = {}, version = this.conn.version()): number {
    const key = keyOf(filters);
    const cached = this.counts.get(version, key);
    if (cached !== undefined) return cached;
    const where = whereClause(this.conn.dialect, filters);
    const total = isUnfiltered(filters)
      ? this.unfilteredCount(filters.hidden)
      : (this.conn
          .prepare(`SELECT count(*) FROM wallpapers ${indexFor(this.conn.dialect, filters)} ${where.sql}`)
          .pluck()
          .get(...where.params) as number);
    this.counts.set(version, key, total);
    return total;
  }

  /** Every wallpaper, hidden ones left out unless asked for: the kept number less the hidden ones
   * (marks are few; a mark may name an id no longer indexed). */
  private unfilteredCount(hidden: Filters['hidden']): number {
    const all = this.conn.prepare('SELECT n FROM wallpaper_count').pluck().get() as number;
    if (hidden === 'any') return all;
    const marked = this.conn
      .prepare("SELECT count(*) FROM marks m WHERE m.mark = 'hidden' AND EXISTS (SELECT 1 FROM wallpapers w WHERE w.id = m.id)")
      .pluck()
      .get() as number;
    return hidden === true ? marked : all - marked;
  }

  /** One page of matches in the list order (or a `sort` of SORT_ORDERS), and the total, from one
   * snapshot. */
  page(filters: Filters, paging: Paging, sort?: SortName): { wallpapers: StoredWallpaper[]; total: number } {
    const where = whereClause(this.conn.dialect, filters);
    const order = orderBy(sort, filters);
    // The narrow browse index serves the list order; the other orders sort the matches.
    const index = sort && !filters.color ? '' : indexFor(this.conn.dialect, filters);
    return this.conn.read(() => {
      // A search by colour alone is answered from the colour index in memory.
      const byColour = sort === undefined || sort === 'color' ? this.colours.page(filters, paging, sort) : undefined;
      if (byColour) return { wallpapers: byColour.ids.flatMap((id) => this.get(id) ?? []), total: byColour.total };
      const total = this.count(filters);
      const offset = (paging.page - 1) * paging.limit;
      if (offset >= total) return { wallpapers: [], total };
      // OFFSET walks the narrow index only; the page's whole rows are read for its ids alone.
      // sort=color orders the matches by their distance, joined in from one pass over the palettes.
      const join = sort === 'color' ? colorDistanceJoin(this.conn.dialect, filters) : { sql: '', params: [] };
      const innerOrder = sort === 'color' ? { sql: 'ORDER BY near.d, id', params: [] } : order;
      const rows = this.conn
        .prepare(
          `SELECT ${COLUMNS[this.conn.dialect]} FROM wallpapers WHERE id IN
           (SELECT id FROM wallpapers ${index} ${join.sql} ${where.sql} ${innerOrder.sql} LIMIT ? OFFSET ?)
         ${order.sql}`,
        )
        .all(...join.params, ...where.params, ...innerOrder.params, paging.limit, offset, ...order.params) as Row[];
      return { wallpapers: rows.map(toStored), total };
    });
  }

  /** Files whose bytes are another regular file's: every path but the canonical one. Links are
   * aliases, never duplicates (a KDE package's size-named links to its one image). */
  duplicates(): { path: string; duplicate_of: string }[] {
    return this.conn
      .prepare(
        `SELECT f.path AS path, w.path AS duplicate_of FROM files f JOIN wallpapers w ON w.id = f.id
       WHERE f.path != w.path AND f.link = 0 ORDER BY f.path`,
      )
      .all() as { path: string; duplicate_of: string }[];
  }

  /** Files that could not be indexed, with the reason (not those left out by min_size). */
  failures(): ScanProblem[] {
    return this.conn
      .prepare('SELECT path, error FROM files WHERE error IS NOT NULL AND error NOT LIKE ? ORDER BY path')
      .all(`${SMALLER_THAN}%`) as ScanProblem[];
  }

  /** Files left out for being smaller than min_size, with the reason (docs/cli.md#wallpaper-config). */
  smallerSkipped(): { path: string; reason: string }[] {
    return this.conn.prepare('SELECT path, error AS reason FROM files WHERE error LIKE ? ORDER BY path').all(`${SMALLER_THAN}%`) as {
      path: string;
      reason: string;
    }[];
  }

  /** Files read and found to be no wallpaper at all (an XML that is no timed background). */
  ignoredCount(): number {
    return Number(this.conn.prepare('SELECT count(*) FROM files WHERE id IS NULL AND error IS NULL').pluck().get());
  }

  /** Paths of the files of wallpapers smaller than `longer` x `shorter` either way round. */
  pathsSmallerThan(longer: number, shorter: number): string[] {
    return this.conn
      .prepare(
        `SELECT f.path FROM files f JOIN wallpapers w ON w.id = f.id
         WHERE (w.width < ? AND w.height < ?) OR w.width < ? OR w.height < ? ORDER BY f.path`,
      )
      .pluck()
      .all(longer, longer, shorter, shorter) as string[];
  }

  /** Paths of every file holding a wallpaper's bytes. */
  pathsOf(id: string): string[] {
    return this.conn.prepare('SELECT path FROM files WHERE id = ? ORDER BY path').pluck().all(id) as string[];
  }

  /** Every file holding a wallpaper's bytes with the state the index recorded, best first. */
  filesOf(id: string): IndexedFile[] {
    return this.conn.prepare(`SELECT path, size, mtime_ms AS "mtimeMs" FROM files WHERE id = ? ${FILE_ORDER}`).all(id) as IndexedFile[];
  }

  /** Wallpapers whose every file is away, at `version` (default: now); counted once per version. */
  awayCount(version = this.conn.version()): number {
    const cached = this.counts.get(version, 'away');
    if (cached !== undefined) return cached;
    const count = this.conn.prepare('SELECT count(*) FROM wallpapers WHERE away = 1').pluck().get() as number;
    this.counts.set(version, 'away', count);
    return count;
  }
}
