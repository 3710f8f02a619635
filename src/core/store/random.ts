// Uniformly random picks among the matches of filters. A server asks the same filters again and
// again: from the second ask in an index version, the matching ids are kept (per filter key, within
// an id budget) and a pick is one array index and one primary-key read instead of an OFFSET walk.
// One-shot CLI processes never build the lists.
/** A uniform integer below `max`. Math.random, not crypto: a pick needs no secret, and loading Node's
 * crypto module costs a short command ~3 ms on Node 20 (docs/design.md#how-the-program-is-built-and-started). */
const randomInt = (max: number): number => Math.floor(Math.random() * max);
import { VersionedCache } from '../common/index.js';
import type { Filters } from '../types.js';
import type { Connection } from './connection.js';
import type { Queries } from './queries.js';
import { type StoredWallpaper, excluding, indexFor, keyOf, whereClause } from './sql.js';

/** Filter combinations whose matching ids are kept for random picks. */
const RANDOM_CACHE_KEYS = 64;
/** Ids held over all those combinations (~40 bytes each: 400,000 is ~16 MB, four full 100k lists). */
const RANDOM_CACHE_IDS = 400_000;

/** Per filter key: how often it was asked in this version, and its ids once asked twice. */
interface Asked {
  asked: number;
  ids?: string[];
}

export class RandomPicks {
  private readonly matching = new VersionedCache<Asked>({
    maxEntries: RANDOM_CACHE_KEYS,
    maxSize: RANDOM_CACHE_IDS,
    // A list longer than the budget still counts as the whole budget: kept alone, never refused.
    sizeOf: (entry) => Math.min(entry.ids?.length ?? 0, RANDOM_CACHE_IDS),
  });

  constructor(
    private readonly conn: Connection,
    private readonly queries: Queries,
  ) {}

  /** A uniformly random match not among `exclude`, or undefined when there is none.
   * @param reachable only wallpapers with a file outside the folders that are away; by default,
   *   whenever any wallpaper is away */
  pick(filters: Filters, exclude: readonly string[] = [], reachable?: boolean): StoredWallpaper | undefined {
    return this.pickWith(filters, exclude, reachable, (id) => this.queries.get(id));
  }

  /** The same pick, read by `read` (the record, or its JSON); a match deleted between the pick and
   * the read is picked again from one snapshot. */
  pickWith<T>(
    filters: Filters,
    exclude: readonly string[],
    reachable: boolean | undefined,
    read: (id: string) => T | undefined,
  ): T | undefined {
    // Fast path, no transaction (measured: BEGIN/COMMIT were ~7% of a random request): the cached
    // ids of this version, then one primary-key read.
    const version = this.conn.version();
    const onlyReachable = reachable ?? this.queries.awayCount(version) > 0;
    const ids = this.matchingIds(filters, version, onlyReachable);
    if (ids) {
      const pool = exclude.length ? without(ids, exclude) : ids;
      if (pool.length === 0) return undefined;
      const found = read(pool[randomInt(pool.length)]!);
      if (found !== undefined) return found;
    }
    return this.conn.read(() => {
      const id = this.uncachedId(filters, exclude, onlyReachable);
      return id === undefined ? undefined : read(id);
    });
  }

  /** `n` uniform draws (with replacement) from the matches, for a caller that reads their records
   * in one go; [] when nothing matches, undefined until the matches are cached (asked twice). */
  draw(filters: Filters, reachable: boolean | undefined, n: number): string[] | undefined {
    const version = this.conn.version();
    const onlyReachable = reachable ?? this.queries.awayCount(version) > 0;
    const ids = this.matchingIds(filters, version, onlyReachable);
    if (!ids || ids.length === 0) return ids && [];
    return Array.from({ length: n }, () => ids[randomInt(ids.length)]!);
  }

  /** First time this version sees these filters: a count and one walk of the narrow index. */
  private uncachedId(filters: Filters, exclude: readonly string[], onlyReachable: boolean): string | undefined {
    const where = excluding(whereClause(this.conn.dialect, filters, onlyReachable), exclude);
    const total =
      exclude.length || onlyReachable
        ? (this.conn
            .prepare(`SELECT count(*) FROM wallpapers ${indexFor(this.conn.dialect, filters)} ${where.sql}`)
            .pluck()
            .get(...where.params) as number)
        : this.queries.count(filters);
    if (total === 0) return undefined;
    const sql = `SELECT id FROM wallpapers ${indexFor(this.conn.dialect, filters)} ${where.sql} LIMIT 1 OFFSET ?`;
    return this.conn
      .prepare(sql)
      .pluck()
      .get(...where.params, randomInt(total)) as string;
  }

  /**
   * The match closest to a screen of `box` by KDE Plasma's rule (its wallpaper finder): the aspect
   * error weighs 25,000 per unit of ratio, plus the width error in pixels, counted double for an
   * image smaller than the screen (it would be upscaled); ties broken at random.
   */
  closest(filters: Filters, box: { w: number; h: number }, exclude: readonly string[], reachable: boolean): StoredWallpaper | undefined {
    const where = excluding(whereClause(this.conn.dialect, filters, reachable), exclude);
    const score = 'abs(width * 1.0 / height - ?) * 25000 + abs(width - ?) * (CASE WHEN width < ? OR height < ? THEN 2 ELSE 1 END)';
    const id = this.conn
      .prepare(`SELECT id FROM wallpapers ${where.sql} ORDER BY ${score}, random() LIMIT 1`)
      .pluck()
      .get(...where.params, box.w / box.h, box.w, box.w, box.h) as string | undefined;
    return id === undefined ? undefined : this.queries.get(id);
  }

  /** The ids matching `filters` at `version` once they were asked for before in this version;
   * undefined before that. */
  private matchingIds(filters: Filters, version: string, reachable: boolean): string[] | undefined {
    const key = keyOf(filters, reachable);
    let entry = this.matching.get(version, key);
    if (!entry) {
      entry = { asked: 0 };
      this.matching.set(version, key, entry);
    }
    entry.asked++;
    if (!entry.ids && entry.asked >= 2) {
      const where = whereClause(this.conn.dialect, filters, reachable);
      entry.ids = this.conn
        .prepare(`SELECT id FROM wallpapers ${indexFor(this.conn.dialect, filters)} ${where.sql}`)
        .pluck()
        .all(...where.params) as string[];
      this.matching.set(version, key, entry); // weighed again, now with its ids
    }
    return entry.ids;
  }
}

function without(ids: readonly string[], exclude: readonly string[]): string[] {
  const skip = new Set(exclude);
  return ids.filter((id) => !skip.has(id));
}
