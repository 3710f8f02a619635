// `wallpaper database copy`: the whole index from one database into another (SQLite <-> PostgreSQL),
// row by row as stored (analysis, palettes, fingerprints, marks, tags, history), so nothing is
// decoded again: the files keep their size and mtime, and a scan on the copy finds them unchanged.
// Thumbnails are files in the cache home, named by id, and stay where they are.
import type { Connection } from './connection.js';

/** The tables of the index's content, with an order that reads them stably in pages. What is left
 * out is made again: counts and the files generation by triggers as rows go in, the folder tags'
 * bookkeeping by the next scan, leases by whoever next scans. */
const TABLES: readonly (readonly [table: string, order: string])[] = [
  ['wallpapers', 'id'],
  ['files', 'path'],
  ['palette_colors', 'rowid'],
  ['marks', 'mark, id'],
  ['tags', 'id, name, source'],
  ['distinct_pairs', 'a, b'],
  ['history', 'seq'],
  ['random_clients', 'client, filters'],
];
/** Columns each database numbers itself (a copy keeps their order, not their values). */
const OWN_NUMBERS = new Set(['rowid', 'seq']);
/** Rows read and written at once: within both databases' limits on bound values. */
const PAGE = 200;

/** Rows in the content tables, by table (none when the index is empty). */
export function contentCounts(conn: Connection): Record<string, number> {
  return Object.fromEntries(TABLES.map(([table]) => [table, Number(conn.prepare(`SELECT count(*) FROM ${table}`).pluck().get())]));
}

/** Copy every content row of `from` into `to` (which the caller has found empty), in one write
 * transaction of `to` and one snapshot of `from`; returns the rows copied by table. */
export function copyRows(from: Connection, to: Connection): Record<string, number> {
  const copied: Record<string, number> = {};
  from.read(() =>
    to.write(() => {
      for (const [table, order] of TABLES) {
        const read = from.prepare(`SELECT * FROM ${table} ORDER BY ${order} LIMIT ? OFFSET ?`);
        copied[table] = 0;
        for (;;) {
          const rows = read.all(PAGE, copied[table]) as Record<string, unknown>[];
          if (rows.length === 0) break;
          insert(to, table, rows);
          copied[table] += rows.length;
          if (rows.length < PAGE) break;
        }
      }
    }),
  );
  return copied;
}

function insert(to: Connection, table: string, rows: readonly Record<string, unknown>[]): void {
  const columns = Object.keys(rows[0]!).filter((column) => !OWN_NUMBERS.has(column));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`;
  to.prepare(sql).run(...rows.flatMap((row) => columns.map((column) => row[column])));
}
