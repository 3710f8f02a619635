// Where each named client stands in its walk ("never the same twice"; made exact in issue
// 25): its cycle, the position reached in that cycle's order and the last id served, one row per
// client and filters in `random_clients`. Nothing is kept in memory: every call reads the row and
// writes the next one in one write transaction (shuffle.ts), so the walk is one walk, advanced once
// per call, whichever worker or replica answers (SQLite's write lock between `serve --workers`,
// PostgreSQL's advisory write lock between replicas). The writes go through Connection.transaction:
// the walk is bookkeeping, not library data, so this process's caches keyed by the index's version stay.
import type { Connection } from './connection.js';

export interface WalkState {
  cycle: number;
  position: number;
  lastId: string;
}

/** The client's state under `filterKey`, or undefined when it has not begun. Call it inside the
 * transaction that saves the next state. */
export function loadWalk(conn: Connection, client: string, filterKey: string): WalkState | undefined {
  const row = conn.prepare('SELECT cycle, position, last_id FROM random_clients WHERE client = ? AND filters = ?').get(client, filterKey) as
    | { cycle: number; position: number; last_id: string }
    | undefined;
  return row && { cycle: Number(row.cycle), position: Number(row.position), lastId: row.last_id };
}

/** Record the client's new state (in the caller's transaction). */
export function saveWalk(conn: Connection, client: string, filterKey: string, state: WalkState): void {
  conn
    .prepare(
      `INSERT INTO random_clients (client, filters, cycle, position, last_id) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (client, filters) DO UPDATE SET cycle = excluded.cycle, position = excluded.position, last_id = excluded.last_id`,
    )
    .run(client, filterKey, state.cycle, state.position, state.lastId);
}
