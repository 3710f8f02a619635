// Which wallpapers were set as the desktop wallpaper, newest last: the memory of no-repeat picks.
// Only the last HISTORY_KEEP rows are kept, so a timer every minute never grows the table for years.
import { HISTORY_KEEP } from '../limits.js';
import type { Connection } from './connection.js';

export function recordSet(conn: Connection, id: string, now: string): void {
  conn.write(() => {
    const { lastInsertRowid } = conn.prepare('INSERT INTO history (id, set_at) VALUES (?, ?)').run(id, now);
    conn.prepare('DELETE FROM history WHERE seq <= ?').run(Number(lastInsertRowid) - HISTORY_KEEP);
  });
}

/** Distinct ids set most recently, newest first. */
export function recentlySet(conn: Connection, count: number): string[] {
  return conn.prepare('SELECT id FROM history GROUP BY id ORDER BY max(seq) DESC LIMIT ?').pluck().all(count) as string[];
}
