// The curation writes and reads of the index: favourite and hidden marks and user tags,
// kept by id; folder tags rewritten from the files' paths after a scan; tag counts; the
// fingerprints near-duplicate grouping reads, and the pairs marked "not duplicates".
import type { Candidate } from '../types/records.js';
import type { Mark } from '../types.js';
import type { Connection } from './connection.js';

export type { Mark };

/** Set or clear a mark; false when the id is not indexed. */
export function setMark(conn: Connection, id: string, mark: Mark, on: boolean): boolean {
  if (!conn.prepare('SELECT 1 FROM wallpapers WHERE id = ?').get(id)) return false;
  const present = conn.prepare('SELECT 1 FROM marks WHERE mark = ? AND id = ?').get(mark, id) !== undefined;
  // Written only when it changes: an unchanged mark keeps every cache of this version.
  if (present !== on) {
    conn.run(on ? 'INSERT INTO marks (mark, id) VALUES (?, ?)' : 'DELETE FROM marks WHERE mark = ? AND id = ?', mark, id);
  }
  return true;
}

export const userTags = (conn: Connection, id: string): string[] =>
  conn.prepare("SELECT name FROM tags WHERE id = ? AND source = 'user' ORDER BY name").pluck().all(id) as string[];

/** The tags a wallpaper has from the folders its files are in (and `source:NAME`), by name. */
export const folderTagsOf = (conn: Connection, id: string): string[] =>
  conn.prepare("SELECT name FROM tags WHERE id = ? AND source = 'folder' ORDER BY name").pluck().all(id) as string[];

/** Replace a wallpaper's user tags. */
export function setUserTags(conn: Connection, id: string, tags: readonly string[]): void {
  // Written only when it changes (userTags are sorted by name).
  if (userTags(conn, id).join('\n') === [...new Set(tags)].sort().join('\n')) return;
  conn.write(() => {
    conn.prepare("DELETE FROM tags WHERE id = ? AND source = 'user'").run(id);
    const insert = conn.prepare("INSERT INTO tags (id, name, source) VALUES (?, ?, 'user') ON CONFLICT DO NOTHING");
    for (const tag of tags) insert.run(id, tag);
  });
}

/** Make the folder tags exactly `wanted` (id -> tags); writes only what differs. */
export function setFolderTags(conn: Connection, wanted: ReadonlyMap<string, readonly string[]>): void {
  const rows = conn.prepare("SELECT id, name FROM tags WHERE source = 'folder'").raw().all() as [string, string][];
  const have = new Set(rows.map(([id, name]) => `${id}\n${name}`));
  const want = new Set([...wanted].flatMap(([id, tags]) => tags.map((tag) => `${id}\n${tag}`)));
  const gone = [...have].filter((key) => !want.has(key));
  const added = [...want].filter((key) => !have.has(key));
  if (gone.length === 0 && added.length === 0) return;
  conn.write(() => {
    const remove = conn.prepare("DELETE FROM tags WHERE id = ? AND name = ? AND source = 'folder'");
    const insert = conn.prepare("INSERT INTO tags (id, name, source) VALUES (?, ?, 'folder') ON CONFLICT DO NOTHING");
    for (const key of gone) remove.run(...key.split('\n'));
    for (const key of added) insert.run(...key.split('\n'));
  });
}

/** Every tag on an indexed wallpaper that is not hidden, with how many carry it, by name. */
export const tagCounts = (conn: Connection): { name: string; count: number }[] =>
  conn
    .prepare(
      `SELECT name, count(DISTINCT t.id) AS count FROM tags t JOIN wallpapers w ON w.id = t.id
       WHERE t.id NOT IN (SELECT id FROM marks WHERE mark = 'hidden') GROUP BY name ORDER BY name`,
    )
    .all() as { name: string; count: number }[];

/** What near-duplicate grouping needs of every fingerprinted wallpaper. */
export const candidates = (conn: Connection): Candidate[] =>
  conn
    .prepare(
      'SELECT id, fingerprint, width, height, size_bytes, content_type FROM wallpapers WHERE fingerprint IS NOT NULL AND dynamic IS NULL',
    )
    .all() as Candidate[];

/** Ids asked at once: within both databases' limits on bound values. */
const GRID_BATCH = 500;

/** The grey grids (curate/detail.ts) of `ids`, where stored: read only for the pairs the hash finds. */
export function grids(conn: Connection, ids: readonly string[]): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  for (let i = 0; i < ids.length; i += GRID_BATCH) {
    const batch = ids.slice(i, i + GRID_BATCH);
    const rows = conn
      .prepare(`SELECT id, grid FROM wallpapers WHERE grid IS NOT NULL AND id IN (${batch.map(() => '?').join(', ')})`)
      .raw()
      .all(...batch) as [string, Uint8Array][];
    for (const [id, grid] of rows) found.set(id, grid);
  }
  return found;
}

/** Pairs marked "not duplicates", as "a\nb" with a < b. */
export const distinctPairs = (conn: Connection): Set<string> =>
  new Set((conn.prepare('SELECT a, b FROM distinct_pairs').raw().all() as [string, string][]).map(([a, b]) => `${a}\n${b}`));

/** Mark every pair of `ids` as not duplicates of each other. */
export function markDistinct(conn: Connection, ids: readonly string[]): void {
  conn.write(() => {
    const insert = conn.prepare('INSERT INTO distinct_pairs (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING');
    for (const a of ids) for (const b of ids) if (a < b) insert.run(a, b);
  });
}

/** The id of the wallpaper an indexed file holds, or undefined. */
export const idOfPath = (conn: Connection, path: string): string | undefined =>
  (conn.prepare('SELECT id FROM files WHERE path = ? AND id IS NOT NULL').pluck().get(path) as string | undefined) ?? undefined;

/** Up to `limit` ids that begin with `prefix` (lowercase hex, checked by the caller), in order. */
export const idsStartingWith = (conn: Connection, prefix: string, limit: number): string[] =>
  conn.prepare('SELECT id FROM wallpapers WHERE id LIKE ? ORDER BY id LIMIT ?').pluck().all(`${prefix}%`, limit) as string[];

/** Every indexed file's path with its wallpaper's id (for the folder tags). */
export const filesWithIds = (conn: Connection): [string, string][] =>
  conn.prepare('SELECT path, id FROM files WHERE id IS NOT NULL').raw().all() as [string, string][];

/** The files generation now, when the folder tags were not made from it and `folders`; undefined
 * when they were (nothing they follow from has changed since). */
export function folderTagsStale(conn: Connection, folders: string): number | undefined {
  const generation = conn.prepare('SELECT n FROM files_generation').pluck().get() as number;
  const made = conn.prepare('SELECT 1 FROM folder_tags_from WHERE generation = ? AND folders = ?').get(generation, folders);
  return made ? undefined : generation;
}

/** Note that the folder tags now follow from the files at `generation` and `folders`. */
export const noteFolderTags = (conn: Connection, generation: number, folders: string): void => {
  conn.run('UPDATE folder_tags_from SET generation = ?, folders = ?', generation, folders);
};
