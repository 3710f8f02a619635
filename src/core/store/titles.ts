// Writing the wallpapers' titles (docs/design.md#titles): after a scan that changed a file, each
// wallpaper's title is the one a package gives its canonical file, else one any of its files has,
// else the canonical file's name without the extension (titles.ts finds the package names).
// Written only where it changed, so a scan that renames nothing keeps every cache.
import { stemOf } from '../packages/index.js';
import type { Connection } from './connection.js';

/** Make every title follow `byPath` (package titles of file paths); `files`: every [path, id]. */
export function setTitles(conn: Connection, files: readonly [string, string][], byPath: ReadonlyMap<string, string>): void {
  const anyFile = new Map<string, string>();
  for (const [path, id] of files) {
    const title = byPath.get(path);
    if (title !== undefined && !anyFile.has(id)) anyFile.set(id, title);
  }
  const rows = conn.prepare('SELECT id, path, filename, title FROM wallpapers').raw().all() as [string, string, string, string | null][];
  const changed: [string, string][] = [];
  for (const [id, path, filename, title] of rows) {
    const wanted = byPath.get(path) ?? anyFile.get(id) ?? stemOf(filename);
    if (wanted !== title) changed.push([wanted, id]);
  }
  if (changed.length === 0) return;
  conn.write(() => {
    const set = conn.prepare('UPDATE wallpapers SET title = ? WHERE id = ?');
    for (const [title, id] of changed) set.run(title, id);
  });
}
