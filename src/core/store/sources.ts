// The index's part of sources: each fetched file's attribution (by path: the record's
// `source` follows its canonical file), the title the source gave it, what each source fetched
// before, and its last fetch.
import { stemOf } from '../packages/index.js';
import type { SourceCredit } from '../types/sources.js';
import type { Connection } from './connection.js';

export interface SourceState {
  name: string;
  last_fetch: string | null;
  last_error: string | null;
  not_before: string | null;
}

/** A fetched file of a source, oldest first, with its wallpaper's id when indexed. */
export interface SourceFile {
  path: string;
  id: string | null;
  fetched_at: string;
}

export function recordFetched(
  conn: Connection,
  path: string,
  credit: SourceCredit,
  fetched: { remote: string; title: string | null },
  now: string,
): void {
  const { remote, title } = fetched;
  conn.write(() => {
    conn.run('DELETE FROM source_files WHERE path = ?', path);
    conn.run(
      `INSERT INTO source_files (path, name, kind, page_url, author, author_url, license, fetched_at, title, remote)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      path,
      credit.name,
      credit.kind,
      credit.page_url,
      credit.author,
      credit.author_url,
      credit.license,
      now,
      title,
      remote,
    );
    conn.run('INSERT INTO source_fetched (name, remote) VALUES (?, ?) ON CONFLICT DO NOTHING', credit.name, remote);
  });
}

/** The titles sources gave their files, by path (the scan makes them the wallpapers' titles). */
export function sourceTitles(conn: Connection): Map<string, string> {
  const rows = conn.prepare('SELECT path, title FROM source_files WHERE title IS NOT NULL').raw().all() as [string, string][];
  return new Map(rows);
}

/** An item fetched before, seen again: its file gets the title the source gives it now, and the
 * wallpaper it is the canonical file of too. A file fetched before titles were kept has no item
 * recorded: it is found by its name, which came from the item (`stem`). Returns how many changed. */
export function retitle(conn: Connection, name: string, item: { remote: string; stem: string; title: string }): number {
  const rows = conn
    .prepare('SELECT path, title, remote FROM source_files WHERE name = ? AND (remote = ? OR remote IS NULL)')
    .raw()
    .all(name, item.remote) as [string, string | null, string | null][];
  const changed = rows.filter(
    ([path, title, remote]) => (remote === item.remote || stemOf(path) === item.stem) && (title !== item.title || remote === null),
  );
  if (changed.length === 0) return 0;
  conn.write(() => {
    for (const [path] of changed) {
      conn.run('UPDATE source_files SET title = ?, remote = ? WHERE path = ?', item.title, item.remote, path);
      conn.run('UPDATE wallpapers SET title = ? WHERE path = ?', item.title, path);
    }
  });
  return changed.length;
}

/** Remember an item that was looked at and refused (a duplicate, a broken file): not asked again. */
export const rememberRemote = (conn: Connection, name: string, remote: string): void => {
  conn.run('INSERT INTO source_fetched (name, remote) VALUES (?, ?) ON CONFLICT DO NOTHING', name, remote);
};

export const fetchedBefore = (conn: Connection, name: string, remote: string): boolean =>
  conn.prepare('SELECT 1 FROM source_fetched WHERE name = ? AND remote = ?').get(name, remote) !== undefined;

export const sourceFiles = (conn: Connection, name: string): SourceFile[] =>
  conn
    .prepare(
      `SELECT s.path AS path, f.id AS id, s.fetched_at AS fetched_at FROM source_files s LEFT JOIN files f ON f.path = s.path
       WHERE s.name = ? ORDER BY s.fetched_at, s.path`,
    )
    .all(name) as SourceFile[];

/** Drop the attribution of files that are no longer indexed nor on disk (`paths`). */
export const forgetFiles = (conn: Connection, paths: readonly string[]): void => {
  if (paths.length === 0) return;
  conn.write(() => {
    for (const path of paths) conn.run('DELETE FROM source_files WHERE path = ?', path);
  });
};

/** The wallpapers a source holds now (indexed, distinct). */
export const sourceCount = (conn: Connection, name: string): number =>
  Number(
    conn
      .prepare('SELECT count(DISTINCT f.id) FROM source_files s JOIN files f ON f.path = s.path WHERE s.name = ? AND f.id IS NOT NULL')
      .pluck()
      .get(name),
  );

export const sourceState = (conn: Connection, name: string): SourceState | undefined =>
  conn.prepare('SELECT name, last_fetch, last_error, not_before FROM source_state WHERE name = ?').get(name) as SourceState | undefined;

export function setSourceState(conn: Connection, state: SourceState): void {
  conn.write(() => {
    conn.run('DELETE FROM source_state WHERE name = ?', state.name);
    conn.run(
      'INSERT INTO source_state (name, last_fetch, last_error, not_before) VALUES (?, ?, ?, ?)',
      state.name,
      state.last_fetch,
      state.last_error,
      state.not_before,
    );
  });
}

/** Forget a removed source: what it fetched and its state, and its files' attribution when
 * `files` (they were deleted; files kept keep their credit). */
export function forgetSource(conn: Connection, name: string, files: boolean): void {
  conn.write(() => {
    conn.run('DELETE FROM source_fetched WHERE name = ?', name);
    conn.run('DELETE FROM source_state WHERE name = ?', name);
    if (files) conn.run('DELETE FROM source_files WHERE name = ?', name);
  });
}
