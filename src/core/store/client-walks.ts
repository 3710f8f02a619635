// Where each named client stands in its walk (issue 13, "never the same twice"): its cycle, the
// position reached in that cycle's order and the last id served, one row per client and filters in
// `random_clients`. Kept in memory and written behind: the positions reached during one turn of the
// event loop go to the index together, in one transaction, right after it (setImmediate), so a busy
// client costs a map update, not a commit, per pick. Another process's commit (data_version moves)
// makes the memory stale: it is written, dropped and read again, so two servers sharing the index
// and a name go on with one walk. The writes stay outside Connection.write: the walk is bookkeeping,
// not library data, so the index's version, and every cache keyed by it, stays.
import type { Connection } from './connection.js';

export interface WalkState {
  cycle: number;
  position: number;
  lastId: string;
}

/** Walks held in memory at most; past it they are written and forgotten (client names are input). */
const WALKS_KEPT = 4096;

export class ClientWalks {
  private readonly known = new Map<string, WalkState | null>();
  private readonly pending = new Map<string, { client: string; filterKey: string; state: WalkState }>();
  private seenVersion = -1;
  private flushing: NodeJS.Immediate | undefined;

  constructor(private readonly conn: Connection) {}

  /** The client's state under `filterKey`, or undefined when it has not begun. */
  load(client: string, filterKey: string): WalkState | undefined {
    const othersVersion = this.conn.othersVersion();
    if (othersVersion !== this.seenVersion) {
      this.flush();
      this.known.clear();
      this.seenVersion = othersVersion;
    }
    const key = `${client}\n${filterKey}`;
    let state = this.known.get(key);
    if (state === undefined) {
      const row = this.conn
        .prepare('SELECT cycle, position, last_id FROM random_clients WHERE client = ? AND filters = ?')
        .get(client, filterKey) as { cycle: number; position: number; last_id: string } | undefined;
      state = row ? { cycle: row.cycle, position: row.position, lastId: row.last_id } : null;
      this.remember(key, state);
    }
    return state ?? undefined;
  }

  /** Record the client's new state; it reaches the index after this turn of the event loop. */
  save(client: string, filterKey: string, state: WalkState): void {
    const key = `${client}\n${filterKey}`;
    this.remember(key, state);
    this.pending.set(key, { client, filterKey, state });
    this.flushing ??= setImmediate(() => this.flush());
  }

  /** Write every pending state now (also when the store closes). When the index cannot take them
   * (locked past the busy timeout, read-only), they stay pending: the walk goes on in memory and the
   * next flush tries again. */
  flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    if (this.pending.size === 0 || !this.conn.open) return;
    const upsert = this.conn.prepare(
      `INSERT INTO random_clients (client, filters, cycle, position, last_id) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (client, filters) DO UPDATE SET cycle = excluded.cycle, position = excluded.position, last_id = excluded.last_id`,
    );
    const writes = [...this.pending.values()];
    try {
      this.conn.transaction(() => {
        for (const { client, filterKey, state } of writes) upsert.run(client, filterKey, state.cycle, state.position, state.lastId);
      });
      this.pending.clear();
    } catch {
      // Kept pending (see above).
    }
  }

  private remember(key: string, state: WalkState | null): void {
    if (this.known.size >= WALKS_KEPT && !this.known.has(key)) {
      this.flush();
      this.known.clear();
    }
    this.known.set(key, state);
  }
}
