// Seeded orders of the matches ("never the same twice"). A key (a seed, or a client's name
// and cycle) gives every wallpaper a position: a keyed hash of its id, so the order is a permutation
// of the matches that needs no stored list, and a wallpaper added or removed takes or leaves its own
// place without moving the others. `seed` + `n` reads one position (stateless, like Wallhaven's
// seed); `sort=random&seed=` pages through the order; a named client walks it, its position kept by
// client-walks.ts (O(1) per client), and starts a new permutation when it has seen them all.
// Index changes mid-cycle: a wallpaper added joins the current cycle when its place in the cycle's
// order is still ahead of the client's position, else the next cycle; one removed leaves at once.
import { VersionedCache } from '../common/index.js';
import type { Filters, Paging } from '../types.js';
import { loadWalk, saveWalk } from './client-walks.js';
import type { Connection } from './connection.js';
import type { Queries } from './queries.js';
import { type StoredWallpaper, keyOf, whereClause } from './sql.js';

/** Orders kept sorted in memory (per key, filters and index version): a client's next pick is then
 * a binary search, not a pass over every match. */
const ORDERS_KEPT = 32;
/** Match lists kept (per filters and index version): every key's order of the same filters is made
 * from one list, and a new client's first pick needs only the list (firstOf). */
const MATCHES_KEPT = 8;

/** Cycle keys tried for an order that does not begin with the last one served: each try fails with
 * chance 1/matches, so with 2 matches 40 tries all fail about once in 10^12 new cycles. */
const CYCLE_TRIES = 40;

interface Order {
  ids: string[];
  positions: Float64Array;
}

/** Two 32-bit words of a key. */
function keyWords(key: string): [number, number] {
  const digest = process.getBuiltinModule('node:crypto').createHash('sha256').update(key).digest();
  return [digest.readUInt32LE(0), digest.readUInt32LE(4)];
}

/** A 32-bit mix (murmur3's finaliser): every input bit moves every output bit. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The position of an id (16 hex characters, themselves uniform) under a key: 53 bits, so ties are
 * practically impossible (and broken by id). */
function positionOf(id: string, [k1, k2]: [number, number]): number {
  const high = mix(Number.parseInt(id.slice(0, 8), 16) ^ k1);
  const low = mix(Number.parseInt(id.slice(8, 16), 16) ^ k2 ^ high);
  return (high & 0x1fffff) * 2 ** 32 + low;
}

/** The first index of `order` whose position is after `position` (and `id`, on a tie). */
function after(order: Order, position: number, id: string): number {
  let low = 0;
  let high = order.ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const p = order.positions[middle]!;
    if (p < position || (p === position && order.ids[middle]! <= id)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class Shuffles {
  private readonly orders = new VersionedCache<Order>({ maxEntries: ORDERS_KEPT });
  private readonly matchLists = new VersionedCache<string[]>({ maxEntries: MATCHES_KEPT });

  constructor(
    private readonly conn: Connection,
    private readonly queries: Queries,
  ) {}

  /** The ids of the matches of `filters`, in the index's order. */
  private matches(filters: Filters, reachable: boolean): string[] {
    const version = this.conn.version();
    const filterKey = keyOf(filters, reachable);
    const cached = this.matchLists.get(version, filterKey);
    if (cached) return cached;
    const where = whereClause(this.conn.dialect, filters, reachable);
    const ids = this.conn
      .prepare(`SELECT id FROM wallpapers ${where.sql}`)
      .pluck()
      .all(...where.params) as string[];
    this.matchLists.set(version, filterKey, ids);
    return ids;
  }

  /** The order of `key` when it is already made, else undefined. */
  private madeOrder(filters: Filters, key: string, reachable: boolean): Order | undefined {
    return this.orders.get(this.conn.version(), `${key}\n${keyOf(filters, reachable)}`);
  }

  /** The matches of `filters` in the order of `key`. */
  private order(filters: Filters, key: string, reachable: boolean): Order {
    const made = this.madeOrder(filters, key, reachable);
    if (made) return made;
    const words = keyWords(key);
    const placed = this.matches(filters, reachable)
      .map((id) => [positionOf(id, words), id] as const)
      .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
    const order = { ids: placed.map(([, id]) => id), positions: Float64Array.from(placed, ([position]) => position) };
    this.orders.set(this.conn.version(), `${key}\n${keyOf(filters, reachable)}`, order);
    return order;
  }

  /** The first match of the order of `key` (the same as `order(...).ids[0]`) in one pass over the
   * matches, without sorting them: a new client's first pick answers at once, and its order is made
   * at its second pick (docs/api.md#random-for-a-screen-never-the-same-twice). */
  private firstOf(filters: Filters, key: string, reachable: boolean): { id: string; position: number } | undefined {
    const words = keyWords(key);
    let first: { id: string; position: number } | undefined;
    for (const id of this.matches(filters, reachable)) {
      const position = positionOf(id, words);
      if (!first || position < first.position || (position === first.position && id < first.id)) first = { id, position };
    }
    return first;
  }

  /** The wallpaper at 0-based position `n` of the seed's order (wrapping), or undefined. */
  seeded(filters: Filters, seed: string, n: number, reachable: boolean): StoredWallpaper | undefined {
    const { ids } = this.order(filters, `seed:${seed}`, reachable);
    return ids.length === 0 ? undefined : this.queries.get(ids[n % ids.length]!);
  }

  /** One page of the matches in the seed's order, and the total. */
  page(filters: Filters, seed: string, paging: Paging): { wallpapers: StoredWallpaper[]; total: number } {
    const { ids } = this.order(filters, `seed:${seed}`, false);
    const start = (paging.page - 1) * paging.limit;
    const wallpapers = ids.slice(start, start + paging.limit).flatMap((id) => this.queries.get(id) ?? []);
    return { wallpapers, total: ids.length };
  }

  /** The client's next wallpaper: the match after its position in its cycle's order; past the end, a
   * new cycle: the next cycle key whose order (a whole permutation) does not begin with the one just
   * served. Read and advanced in one write transaction, so every worker and replica shares one walk. */
  next(client: string, filters: Filters, reachable: boolean): StoredWallpaper | undefined {
    const filterKey = keyOf(filters, reachable);
    const id = this.conn.transaction(() => {
      const state = loadWalk(this.conn, client, filterKey);
      const firstKey = `client:${client}:0`;
      if (!state && !this.madeOrder(filters, firstKey, reachable)) {
        // A new walk: its first match is the least position of cycle 0, found without the sort.
        const first = this.firstOf(filters, firstKey, reachable);
        if (first) saveWalk(this.conn, client, filterKey, { cycle: 0, position: first.position, lastId: first.id });
        return first?.id;
      }
      let cycle = state?.cycle ?? 0;
      let order = this.order(filters, `client:${client}:${cycle}`, reachable);
      if (order.ids.length === 0) return undefined;
      let index = state ? after(order, state.position, state.lastId) : 0;
      if (index >= order.ids.length) {
        for (let tries = 0; tries < CYCLE_TRIES; tries++) {
          cycle++;
          order = this.order(filters, `client:${client}:${cycle}`, reachable);
          if (order.ids.length < 2 || order.ids[0] !== state?.lastId) break;
        }
        index = 0;
      }
      const id = order.ids[index]!;
      saveWalk(this.conn, client, filterKey, { cycle, position: order.positions[index]!, lastId: id });
      return id;
    });
    return id === undefined ? undefined : this.queries.get(id);
  }
}
