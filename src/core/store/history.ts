// Which wallpapers were set as the desktop wallpaper, newest last: the memory of no-repeat picks.
// Only the last HISTORY_KEEP rows are kept, so a timer every minute never grows the table for years.
import { HISTORY_KEEP } from '../limits.js';
import type { Connection } from './connection.js';

/** Record that `id` was set, on `monitor` or (null) on every monitor. */
export function recordSet(conn: Connection, id: string, now: string, monitor: string | null = null): void {
  conn.write(() => {
    const seq = conn.prepare('INSERT INTO history (id, set_at, monitor) VALUES (?, ?, ?) RETURNING seq').pluck().get(id, now, monitor);
    conn.prepare('DELETE FROM history WHERE seq <= ?').run(Number(seq) - HISTORY_KEEP);
  });
}

/** Distinct ids set most recently, newest first: on `monitor` (with those set on every monitor), or
 * anywhere when no monitor is named. */
export function recentlySet(conn: Connection, count: number, monitor?: string): string[] {
  if (monitor === undefined) {
    return conn.prepare('SELECT id FROM history GROUP BY id ORDER BY max(seq) DESC LIMIT ?').pluck().all(count) as string[];
  }
  return conn
    .prepare('SELECT id FROM history WHERE monitor = ? OR monitor IS NULL GROUP BY id ORDER BY max(seq) DESC LIMIT ?')
    .pluck()
    .all(monitor, count) as string[];
}
