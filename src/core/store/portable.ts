// The user's own data in the index, read whole for `wallpaper export` and merged back by `wallpaper
// import` (core/portable/): favourite and hidden marks, user tags, "not duplicates" pairs and the
// history of wallpapers set. Folder tags, analysis and files are the scan's, never carried.
import { HISTORY_KEEP } from '../limits.js';
import type { Connection } from './connection.js';

export interface HistoryRow {
  id: string;
  set_at: string;
  monitor: string | null;
}

export interface UserData {
  favorites: string[];
  hidden: string[];
  /** id -> user tags, by name. */
  tags: Map<string, string[]>;
  /** Pairs [a, b] with a < b. */
  distinct: [string, string][];
  /** Oldest first. */
  history: HistoryRow[];
}

export function readUserData(conn: Connection): UserData {
  return conn.read(() => {
    const marked = (mark: string) => conn.prepare('SELECT id FROM marks WHERE mark = ? ORDER BY id').pluck().all(mark) as string[];
    const tags = new Map<string, string[]>();
    const rows = conn.prepare("SELECT id, name FROM tags WHERE source = 'user' ORDER BY id, name").raw().all() as [string, string][];
    for (const [id, name] of rows) tags.set(id, [...(tags.get(id) ?? []), name]);
    return {
      favorites: marked('favorite'),
      hidden: marked('hidden'),
      tags,
      distinct: conn.prepare('SELECT a, b FROM distinct_pairs ORDER BY a, b').raw().all() as [string, string][],
      history: conn.prepare('SELECT id, set_at, monitor FROM history ORDER BY seq').all() as HistoryRow[],
    };
  });
}

/** What to add to the index: only rows it lacks (the caller has worked them out). */
export interface UserDataChanges {
  marks: { id: string; mark: 'favorite' | 'hidden' }[];
  /** id -> the whole new set of user tags. */
  tags: Map<string, readonly string[]>;
  distinct: [string, string][];
  /** The whole history after the merge, oldest first (rewritten so its order is the times' order). */
  history: HistoryRow[] | undefined;
}

/** Write `changes` in one transaction: all of them or none. */
export function writeUserData(conn: Connection, changes: UserDataChanges): void {
  conn.write(() => {
    const mark = conn.prepare('INSERT INTO marks (mark, id) VALUES (?, ?) ON CONFLICT DO NOTHING');
    for (const { id, mark: name } of changes.marks) mark.run(name, id);
    const clearTags = conn.prepare("DELETE FROM tags WHERE id = ? AND source = 'user'");
    const tag = conn.prepare("INSERT INTO tags (id, name, source) VALUES (?, ?, 'user') ON CONFLICT DO NOTHING");
    for (const [id, names] of changes.tags) {
      clearTags.run(id);
      for (const name of names) tag.run(id, name);
    }
    const pair = conn.prepare('INSERT INTO distinct_pairs (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING');
    for (const [a, b] of changes.distinct) pair.run(a, b);
    if (changes.history) {
      conn.prepare('DELETE FROM history').run();
      const row = conn.prepare('INSERT INTO history (id, set_at, monitor) VALUES (?, ?, ?)');
      for (const entry of changes.history.slice(-HISTORY_KEEP)) row.run(entry.id, entry.set_at, entry.monitor);
    }
  });
}

/** Every indexed path of every wallpaper, by id (canonical file first). */
export function pathsById(conn: Connection): Map<string, string[]> {
  const rows = conn
    .prepare('SELECT f.id, f.path FROM files f JOIN wallpapers w ON w.id = f.id ORDER BY f.id, f.path = w.path DESC, f.path')
    .raw()
    .all() as [string, string][];
  const paths = new Map<string, string[]>();
  for (const [id, path] of rows) paths.set(id, [...(paths.get(id) ?? []), path]);
  return paths;
}
