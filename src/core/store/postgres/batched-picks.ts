// Uniform random picks as the API's JSON, read from PostgreSQL in batches. Each pick's record read
// is a round trip to the server (~0.2 ms: 4,900 /random req/s at 100k against SQLite's 33,000), so
// once the matches of some filters are cached (random.ts), BATCH uniform draws are made at once and
// their records read in one query; the picks are served from that queue. Every draw is still an
// independent uniform choice among the matches of the current version: the queue belongs to one
// index version and is dropped when it moves (a change anywhere, here or in another process).
import { VersionedCache } from '../../common/index.js';
import { withUrls } from '../record.js';
import type { Filters } from '../../types.js';
import type { Connection } from '../connection.js';
import type { Queries } from '../queries.js';
import type { RandomPicks } from '../random.js';
import { keyOf } from '../sql.js';

/** Draws read per query: the round trip shared by 32 picks; ~25 KB of JSON per filter combination. */
const BATCH = 32;
/** Filter combinations with a queue. */
const QUEUES = 64;

export class BatchedPicks {
  private readonly queues = new VersionedCache<string[]>({ maxEntries: QUEUES });

  constructor(
    private readonly conn: Connection,
    private readonly queries: Queries,
    private readonly picks: RandomPicks,
  ) {}

  /** A uniform pick's JSON, or undefined when nothing matches. */
  next(filters: Filters, reachable: boolean | undefined): string | undefined {
    const version = this.conn.version();
    const key = keyOf(filters, reachable) + (reachable === undefined ? '+auto' : '');
    const queued = this.queues.get(version, key)?.pop();
    if (queued !== undefined) return queued;
    const ids = this.picks.draw(filters, reachable, BATCH);
    if (ids === undefined) return this.picks.pickWith(filters, [], reachable, this.of);
    const records = this.queries.getMany(ids);
    // A draw whose record is gone (deleted between the list and the read) is left out: the others
    // are still uniform draws among the matches.
    const texts = ids.flatMap((id) => {
      const record = records.get(id);
      return record ? [JSON.stringify(withUrls(record))] : [];
    });
    if (texts.length === 0) return ids.length === 0 ? undefined : this.picks.pickWith(filters, [], reachable, this.of);
    const first = texts.pop();
    this.queues.set(version, key, texts);
    return first;
  }

  /** One record's JSON (also the store's recordJson on PostgreSQL). */
  of = (id: string): string | undefined => {
    const record = this.queries.get(id);
    return record && JSON.stringify(withUrls(record));
  };
}
