// The SQLite index (better-sqlite3): schema with versioned migrations, prepared statements, the
// writes of a scan in batched transactions, and the filtered queries.
//
// Reads a long-running server repeats are cached per index version: counts by filter, and the ids
// matching a filter once it has been asked for twice (a random pick is then one array index and one
// primary-key lookup instead of an OFFSET walk). The version is SQLite's `data_version` (changes when
// another connection commits, e.g. a cron scan) plus a counter of this connection's own writes, so
// no cached answer outlives a change. One-shot CLI processes never build the id lists.
//
// Two tables: `files` holds every walked image file (its size and mtime for the rescan diff, the id
// of its bytes or the reason it failed); `wallpapers` holds one record per distinct id, pointing at
// its canonical file (the first path in byte order among files with those bytes).
import { randomInt } from 'node:crypto';
import { basename, extname } from 'node:path';
import Database from 'better-sqlite3';
import type { Analysis } from './analyze.js';
import type { FileState } from './diff.js';
import { HISTORY_KEEP } from './limits.js';
import type { Filters, Paging, ScanProblem, Wallpaper } from './types.js';

const MIGRATIONS: string[] = [
  `CREATE TABLE wallpapers (
     id TEXT PRIMARY KEY,
     path TEXT NOT NULL,
     filename TEXT NOT NULL,
     format TEXT NOT NULL,
     size_bytes INTEGER NOT NULL,
     added_at TEXT NOT NULL,
     content_type TEXT NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     brightness TEXT NOT NULL,
     aspect_ratio TEXT NOT NULL,
     orientation TEXT NOT NULL,
     luminance REAL NOT NULL,
     dominant_hue TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX wallpapers_order ON wallpapers (added_at DESC, id);
   CREATE INDEX wallpapers_brightness ON wallpapers (brightness);
   CREATE INDEX wallpapers_aspect_ratio ON wallpapers (aspect_ratio);
   CREATE INDEX wallpapers_orientation ON wallpapers (orientation);
   CREATE INDEX wallpapers_dominant_hue ON wallpapers (dominant_hue);
   CREATE INDEX wallpapers_format ON wallpapers (format);
   CREATE INDEX wallpapers_width ON wallpapers (width);
   CREATE INDEX wallpapers_height ON wallpapers (height);
   CREATE TABLE files (
     path TEXT PRIMARY KEY,
     size INTEGER NOT NULL,
     mtime_ms INTEGER NOT NULL,
     id TEXT,
     error TEXT
   ) WITHOUT ROWID;
   CREATE INDEX files_id ON files (id);
   CREATE TABLE history (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL,
     set_at TEXT NOT NULL
   );`,
  // Measured on 100,000 records (bench/RESULTS.md): a filtered page sorted in a temp b-tree and
  // secondary-index lookups into the text primary key cost 50-120 ms. Category indexes that end in
  // the list order serve one filter without sorting, and one covering "browse" index (the order,
  // then every filter column) answers any other combination and its count by scanning one narrow
  // index in order, never the table: at most ~15 ms, usually under 1 ms.
  `DROP INDEX wallpapers_brightness;
   DROP INDEX wallpapers_aspect_ratio;
   DROP INDEX wallpapers_orientation;
   DROP INDEX wallpapers_dominant_hue;
   DROP INDEX wallpapers_format;
   CREATE INDEX wallpapers_brightness ON wallpapers (brightness, added_at DESC, id);
   CREATE INDEX wallpapers_aspect_ratio ON wallpapers (aspect_ratio, added_at DESC, id);
   CREATE INDEX wallpapers_orientation ON wallpapers (orientation, added_at DESC, id);
   CREATE INDEX wallpapers_dominant_hue ON wallpapers (dominant_hue, added_at DESC, id);
   CREATE INDEX wallpapers_format ON wallpapers (format, added_at DESC, id);
   CREATE INDEX wallpapers_browse ON wallpapers
     (added_at DESC, id, brightness, aspect_ratio, orientation, dominant_hue, format, width, height);`,
  // Identity and reachability (issue 10, CONTRACT.md 6.1): a file reached through a symbolic link
  // is an alias, canonical only when no regular file holds the bytes; a file under a folder that
  // could not be walked (a disk away) is kept but "away", and a wallpaper all of whose files are
  // away is left out of random picks while a reachable match exists.
  `ALTER TABLE files ADD COLUMN link INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE files ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE wallpapers ADD COLUMN away INTEGER NOT NULL DEFAULT 0;`,
];

/** Filter combinations whose matching ids are kept for random picks; beyond, the oldest go. */
const RANDOM_CACHE_KEYS = 64;
/** Ids held over all those combinations (~40 bytes each: 400,000 is ~16 MB, four full 100k lists). */
const RANDOM_CACHE_IDS = 400_000;
/** Filter combinations whose count is kept (a number each). */
const COUNT_CACHE_KEYS = 1024;

const CATEGORY_FILTERS: readonly (keyof Filters)[] = ['brightness', 'aspect_ratio', 'orientation', 'dominant_hue', 'format'];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The outcome of one file of a scan or upload, ready to be written. */
export interface FileResult {
  path: string;
  state: FileState;
  analysis?: Analysis;
  error?: string;
}

/** A file holding a wallpaper's bytes as the index recorded it: a path is served only while its
 * size and mtime still match. */
export interface IndexedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The order of a wallpaper's files, best first: reachable before away, regular files before
 * links, then by path (byte order). The first is the canonical path. */
const FILE_ORDER = 'ORDER BY away, link, path';

/** What a write changed, by wallpaper id. */
export interface WriteEffect {
  added: string[];
  removed: string[];
  /** Kept wallpapers whose canonical file moved or was re-read. */
  updated: string[];
}

type Row = Omit<Wallpaper, 'url' | 'thumbnail_url'> & { format: string };

const COLUMNS =
  'id, filename, path, width, height, size_bytes, added_at, content_type, brightness, aspect_ratio, orientation, luminance, dominant_hue, format';

export function toWallpaper(row: Row): Wallpaper {
  return {
    id: row.id,
    filename: row.filename,
    path: row.path,
    url: `/api/wallpapers/${row.id}/image`,
    thumbnail_url: `/api/wallpapers/${row.id}/thumbnail`,
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
  };
}

const formatOf = (path: string) => extname(path).slice(1).toLowerCase();

/** SQL conditions for the filters; every value is bound, never spliced. */
function whereClause(filters: Filters, reachable = false): { sql: string; params: (string | number)[] } {
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

/** The index a filtered read goes through: a single category filter's own index (it ends in the
 * list order, the planner picks it), else the covering browse index, narrow to walk with OFFSET. */
function indexFor(filters: Filters): string {
  const applied = Object.keys(filters) as (keyof Filters)[];
  if (applied.length === 1 && CATEGORY_FILTERS.includes(applied[0]!)) return '';
  return 'INDEXED BY wallpapers_browse';
}

/** A stable key of applied filters, for the caches. */
const keyOf = (filters: Filters, reachable = false) =>
  JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1))) + (reachable ? '+reachable' : '');

/** A Map used as a small LRU: get() refreshes, set() evicts the oldest beyond `max`. */
function lruGet<V>(map: Map<string, V>, key: string): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

export class Store {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  /** Commits of this connection: `data_version` does not change for a connection's own writes. */
  private generation = 0;
  private readonly counts = new Map<string, { version: string; total: number }>();
  /** Per filter key: how often it was asked in this version, and its ids once asked twice. */
  private readonly randomCache = new Map<string, { version: string; asked: number; ids?: string[] }>();
  private cachedIds = 0;

  /** Open (creating and migrating if needed) the index at `file`. */
  constructor(file: string) {
    this.db = new Database(file);
    // WAL lets a serving process read while a cron scan writes; the busy timeout makes the two
    // writers wait for each other instead of failing.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 15000');
    this.db.pragma('synchronous = NORMAL');
    this.migrate();
  }

  private migrate(): void {
    // The common case, an index already at this version, needs no write lock: every CLI command
    // opens the index, and a write transaction would wait on (and slow) a scan in another process.
    if ((this.db.pragma('user_version', { simple: true }) as number) === SCHEMA_VERSION) return;
    const migrate = this.db.transaction(() => {
      const version = this.db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) {
        throw new Error(`index schema version ${version} is newer than this program (${SCHEMA_VERSION}): upgrade wallpaper`);
      }
      for (let v = version; v < SCHEMA_VERSION; v++) this.db.exec(MIGRATIONS[v]!);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    });
    migrate.immediate();
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * A token that changes whenever the index may have changed: a commit by another process or by
   * this connection. Equal tokens mean equal query answers.
   */
  version(): string {
    return `${this.dataVersion().get() as number}.${this.generation}`;
  }

  // The two statements of every cached random pick, held directly: looking them up in `statements`
  // built and hashed the whole column list's SQL text on each call.
  private dataVersionStatement: Database.Statement | undefined;
  private getStatement: Database.Statement | undefined;

  private dataVersion(): Database.Statement {
    return (this.dataVersionStatement ??= this.db.prepare('PRAGMA data_version').pluck());
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }

  /** Every indexed file's size and mtime, for the rescan diff. */
  fileStates(): Map<string, FileState> {
    const rows = this.prepare('SELECT path, size, mtime_ms, link FROM files').raw().all() as [string, number, number, number][];
    return new Map(rows.map(([path, size, mtimeMs, link]) => [path, link ? { size, mtimeMs, link: true } : { size, mtimeMs }]));
  }

  /** Write analysed (or failed) files in one transaction. */
  writeFiles(results: readonly FileResult[], now: string): WriteEffect {
    const effect: WriteEffect = { added: [], removed: [], updated: [] };
    const write = this.db.transaction(() => {
      const touched = new Set<string>();
      for (const result of results) {
        const previous = this.prepare('SELECT id FROM files WHERE path = ?').pluck().get(result.path) as string | null | undefined;
        if (previous) touched.add(previous);
        const id = result.analysis?.id ?? null;
        this.prepare(
          `INSERT INTO files (path, size, mtime_ms, id, error, link, away) VALUES (?, ?, ?, ?, ?, ?, 0)
           ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, id = excluded.id,
             error = excluded.error, link = excluded.link, away = 0`,
        ).run(result.path, result.state.size, Math.trunc(result.state.mtimeMs), id, result.error ?? null, result.state.link ? 1 : 0);
        if (!result.analysis) continue;
        const a = result.analysis;
        const inserted = this.prepare(
          `INSERT INTO wallpapers (id, path, filename, format, size_bytes, added_at, content_type, width, height,
             brightness, aspect_ratio, orientation, luminance, dominant_hue)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        ).run(a.id, result.path, basename(result.path), formatOf(result.path), result.state.size, now, a.content_type,
          a.width, a.height, a.brightness, a.aspect_ratio, a.orientation, a.luminance, a.dominant_hue);
        if (inserted.changes > 0) effect.added.push(a.id);
        else {
          touched.add(a.id);
          if (previous === a.id) effect.updated.push(a.id);
        }
      }
      this.settle(touched, effect);
    });
    try {
      write.immediate();
    } finally {
      this.generation++;
    }
    return dedupe(effect);
  }

  /** Drop files from the index (gone from disk, or moved to the trash). */
  removeFiles(paths: readonly string[]): WriteEffect {
    const effect: WriteEffect = { added: [], removed: [], updated: [] };
    if (paths.length === 0) return effect;
    const remove = this.db.transaction(() => {
      const touched = new Set<string>();
      for (const path of paths) {
        const id = this.prepare('DELETE FROM files WHERE path = ? RETURNING id').pluck().get(path) as string | null | undefined;
        if (id) touched.add(id);
      }
      this.settle(touched, effect);
    });
    try {
      remove.immediate();
    } finally {
      this.generation++;
    }
    return dedupe(effect);
  }

  /** After files changed: each touched wallpaper points at its first file (FILE_ORDER) and is away
   * when that one is, or goes when it has none. */
  private settle(ids: Iterable<string>, effect: WriteEffect): void {
    for (const id of ids) {
      const first = this.prepare(`SELECT path, size, away FROM files WHERE id = ? ${FILE_ORDER} LIMIT 1`).get(id) as
        | { path: string; size: number; away: number }
        | undefined;
      if (!first) {
        if (this.prepare('DELETE FROM wallpapers WHERE id = ?').run(id).changes > 0) effect.removed.push(id);
        continue;
      }
      const moved = this.prepare(
        'UPDATE wallpapers SET path = ?, filename = ?, format = ?, size_bytes = ? WHERE id = ? AND path != ?',
      ).run(first.path, basename(first.path), formatOf(first.path), first.size, id, first.path);
      this.prepare('UPDATE wallpapers SET away = ? WHERE id = ? AND away != ?').run(first.away, id, first.away);
      if (moved.changes > 0 && !effect.added.includes(id)) effect.updated.push(id);
    }
  }

  /** Mark exactly `paths` as away (under a folder the scan could not walk) and every other file as
   * reachable; returns how many wallpapers are then away. Writes nothing when nothing changes, so
   * an ordinary rescan does not bump the index version. */
  setAway(paths: readonly string[]): number {
    const away = new Set(paths);
    const before = new Set(this.prepare('SELECT path FROM files WHERE away = 1').pluck().all() as string[]);
    const flips = [...paths.filter((path) => !before.has(path)), ...[...before].filter((path) => !away.has(path))];
    if (flips.length > 0) {
      const write = this.db.transaction(() => {
        const touched = new Set<string>();
        for (const path of flips) {
          const id = this.prepare('UPDATE files SET away = ? WHERE path = ? RETURNING id').pluck().get(away.has(path) ? 1 : 0, path) as
            | string
            | null
            | undefined;
          if (id) touched.add(id);
        }
        this.settle(touched, { added: [], removed: [], updated: [] });
      });
      try {
        write.immediate();
      } finally {
        this.generation++;
      }
    }
    return this.awayCount();
  }

  /** Wallpapers whose every file is away; counted once per index version (random asks every pick). */
  awayCount(version = this.version()): number {
    if (this.away?.version !== version) {
      this.away = { version, count: this.prepare('SELECT count(*) FROM wallpapers WHERE away = 1').pluck().get() as number };
    }
    return this.away.count;
  }

  private away: { version: string; count: number } | undefined;

  /** Every file holding a wallpaper's bytes with the state the index recorded, best first. */
  filesOf(id: string): IndexedFile[] {
    return this.prepare(`SELECT path, size, mtime_ms AS mtimeMs FROM files WHERE id = ? ${FILE_ORDER}`).all(id) as IndexedFile[];
  }

  /** A file found changed behind the index (its size or mtime): recorded as unknown, so it is never
   * served under its old id and the next scan reads it again. False when it was not indexed. */
  markStale(path: string): boolean {
    const changed = this.prepare('UPDATE files SET mtime_ms = -1 WHERE path = ? AND mtime_ms != -1').run(path).changes > 0;
    if (changed) this.generation++;
    return changed;
  }

  /** Files whose bytes are another regular file's: every path but the canonical one. Links are
   * aliases, never duplicates (a KDE package's size-named links to its one image). */
  duplicates(): { path: string; duplicate_of: string }[] {
    return this.prepare(
      `SELECT f.path AS path, w.path AS duplicate_of FROM files f JOIN wallpapers w ON w.id = f.id
       WHERE f.path != w.path AND f.link = 0 ORDER BY f.path`,
    ).all() as { path: string; duplicate_of: string }[];
  }

  /** Files that could not be indexed, with the reason. */
  failures(): ScanProblem[] {
    return this.prepare('SELECT path, error FROM files WHERE error IS NOT NULL ORDER BY path').all() as ScanProblem[];
  }

  /** Paths of every file holding a wallpaper's bytes, canonical first. */
  pathsOf(id: string): string[] {
    return this.prepare('SELECT path FROM files WHERE id = ? ORDER BY path').pluck().all(id) as string[];
  }

  count(filters: Filters = {}): number {
    return this.countIn(filters, this.version());
  }

  /** The count of matches at `version`, cached per filter combination while the version holds. */
  private countIn(filters: Filters, version: string): number {
    const key = keyOf(filters);
    const cached = lruGet(this.counts, key);
    if (cached?.version === version) return cached.total;
    const where = whereClause(filters);
    const total = this.prepare(`SELECT count(*) FROM wallpapers ${indexFor(filters)} ${where.sql}`).pluck().get(...where.params) as number;
    this.counts.set(key, { version, total });
    if (this.counts.size > COUNT_CACHE_KEYS) this.counts.delete(this.counts.keys().next().value!);
    return total;
  }

  get(id: string): Wallpaper | undefined {
    const row = (this.getStatement ??= this.db.prepare(`SELECT ${COLUMNS} FROM wallpapers WHERE id = ?`)).get(id) as Row | undefined;
    return row && toWallpaper(row);
  }

  /** One page of matches, newest first, then by id: stable across pages. */
  page(filters: Filters, paging: Paging): { wallpapers: Wallpaper[]; total: number } {
    const where = whereClause(filters);
    const read = this.db.transaction(() => {
      const total = this.countIn(filters, this.version());
      const offset = (paging.page - 1) * paging.limit;
      if (offset >= total) return { wallpapers: [], total };
      // OFFSET walks the narrow index only; the page's whole rows are read for its ids alone.
      const rows = this.prepare(
        `SELECT ${COLUMNS} FROM wallpapers WHERE id IN
           (SELECT id FROM wallpapers ${indexFor(filters)} ${where.sql} ORDER BY added_at DESC, id LIMIT ? OFFSET ?)
         ORDER BY added_at DESC, id`,
      ).all(...where.params, paging.limit, offset) as Row[];
      return { wallpapers: rows.map(toWallpaper), total };
    });
    return read.deferred();
  }

  /** A uniformly random match not among `exclude`, or undefined when there is none.
   * @param reachable only wallpapers with a file outside the folders that are away; by default,
   *   whenever any wallpaper is away */
  random(filters: Filters, exclude: readonly string[] = [], reachable?: boolean): Wallpaper | undefined {
    // Fast path, no transaction (measured: BEGIN/COMMIT were ~7% of a random request): the cached
    // ids of this version, then one primary-key read. A record deleted in between reads as
    // undefined, and the consistent path below answers instead.
    const version = this.version();
    const onlyReachable = reachable ?? this.awayCount(version) > 0;
    const ids = this.matchingIds(filters, version, onlyReachable);
    if (ids) {
      const pool = exclude.length ? without(ids, exclude) : ids;
      if (pool.length === 0) return undefined;
      const wallpaper = this.get(pool[randomInt(pool.length)]!);
      if (wallpaper) return wallpaper;
    }
    const pick = this.db.transaction(() => {
      const version = this.version();
      // First time this version sees these filters: count (cached) and one walk of the narrow index.
      const where = whereClause(filters, onlyReachable);
      let sql = where.sql;
      const params = [...where.params];
      if (exclude.length) {
        sql += `${sql ? ' AND' : 'WHERE'} id NOT IN (${exclude.map(() => '?').join(', ')})`;
        params.push(...exclude);
      }
      const total = exclude.length || onlyReachable
        ? (this.prepare(`SELECT count(*) FROM wallpapers ${indexFor(filters)} ${sql}`).pluck().get(...params) as number)
        : this.countIn(filters, version);
      if (total === 0) return undefined;
      const id = this.prepare(`SELECT id FROM wallpapers ${indexFor(filters)} ${sql} LIMIT 1 OFFSET ?`).pluck().get(...params, randomInt(total)) as string;
      return this.get(id);
    });
    return pick.deferred();
  }

  /** The ids matching `filters` at `version` once they were asked for before in this version
   * (a server asks again; a one-shot command never pays for the list); undefined before that. */
  private matchingIds(filters: Filters, version: string, reachable: boolean): string[] | undefined {
    const key = keyOf(filters, reachable);
    let entry = lruGet(this.randomCache, key);
    if (!entry || entry.version !== version) {
      if (entry?.ids) this.cachedIds -= entry.ids.length;
      entry = { version, asked: 0 };
      this.randomCache.set(key, entry);
    }
    entry.asked++;
    if (entry.ids || entry.asked < 2) return entry.ids;
    const where = whereClause(filters, reachable);
    entry.ids = this.prepare(`SELECT id FROM wallpapers ${indexFor(filters)} ${where.sql}`)
      .pluck()
      .all(...where.params) as string[];
    this.cachedIds += entry.ids.length;
    for (const [oldKey, old] of this.randomCache) {
      if (this.randomCache.size <= RANDOM_CACHE_KEYS && this.cachedIds <= RANDOM_CACHE_IDS) break;
      if (old === entry) continue;
      this.cachedIds -= old.ids?.length ?? 0;
      this.randomCache.delete(oldKey);
    }
    return entry.ids;
  }

  recordSet(id: string, now: string): void {
    const record = this.db.transaction(() => {
      const { lastInsertRowid } = this.prepare('INSERT INTO history (id, set_at) VALUES (?, ?)').run(id, now);
      this.prepare('DELETE FROM history WHERE seq <= ?').run(Number(lastInsertRowid) - HISTORY_KEEP);
    });
    record.immediate();
  }

  /** Distinct ids set most recently, newest first. */
  recentlySet(count: number): string[] {
    return this.prepare('SELECT id FROM history GROUP BY id ORDER BY max(seq) DESC LIMIT ?').pluck().all(count) as string[];
  }
}

function without(ids: readonly string[], exclude: readonly string[]): string[] {
  const skip = new Set(exclude);
  return ids.filter((id) => !skip.has(id));
}

function dedupe(effect: WriteEffect): WriteEffect {
  const added = new Set(effect.added);
  const removed = new Set(effect.removed);
  return {
    added: [...added].filter((id) => !removed.has(id)),
    removed: [...removed].filter((id) => !added.has(id)),
    updated: [...new Set(effect.updated)].filter((id) => !added.has(id) && !removed.has(id)),
  };
}
