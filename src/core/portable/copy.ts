// Copying a library's whole index into another database (`wallpaper database copy --to TARGET`):
// from its SQLite file in the data home or its PostgreSQL database, into a PostgreSQL URL or a SQLite
// file (a path, or `sqlite:PATH`), which must be empty. Every URL in a message has its password masked.
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WallpaperError } from '../errors.js';
import type { LibraryDirs } from '../settings/index.js';
import { type Store, isPostgresUrl, openStore, redacted } from '../store/index.js';

export interface CopyReport {
  /** The source and the target, as they may be shown (passwords masked). */
  from: string;
  to: string;
  /** Rows copied, by table (wallpapers, files, palette_colors, marks, tags, ...). */
  rows: Record<string, number>;
}

/** The index a `--to` names: a PostgreSQL URL, or a SQLite file (`sqlite:PATH` or a path). */
function parseIndexTarget(to: string): string {
  if (isPostgresUrl(to)) return to;
  const path = to.startsWith('sqlite:') ? to.slice('sqlite:'.length) : to;
  if (path.trim() === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new WallpaperError(
      'invalid_param',
      `invalid --to ${JSON.stringify(redacted(to))}: expected a PostgreSQL URL (postgres://user:password@host/name) or a SQLite file (PATH or sqlite:PATH)`,
    );
  }
  return resolve(path);
}

const shown = (location: string) => (isPostgresUrl(location) ? redacted(location) : location);

/** Copy the index of `dirs` (or of `database`) into `to`; refuses a target that holds anything. */
export function copyIndex(source: { dirs: LibraryDirs; database?: string }, to: string): CopyReport {
  const from = source.database ?? join(source.dirs.data, 'index.sqlite');
  const target = parseIndexTarget(to);
  if (!isPostgresUrl(from) && !existsSync(from)) throw new WallpaperError('not_found', `no index to copy: ${from} does not exist`);
  if (target === from) throw new WallpaperError('invalid_param', `invalid --to: ${shown(target)} is the index being copied`);
  const made = !isPostgresUrl(target) && !existsSync(target);
  const sourceStore = openStore(from);
  let targetStore: Store | undefined;
  let copied = false;
  try {
    targetStore = openStore(target);
    const held = Object.entries(targetStore.contentCounts()).filter(([, n]) => n > 0);
    if (held.length > 0) {
      const what = held.map(([table, n]) => `${n} ${table}`).join(', ');
      throw new WallpaperError(
        'io_failed',
        `the target index ${shown(target)} is not empty (${what}): copy into an empty database or a new file`,
      );
    }
    const rows = sourceStore.copyInto(targetStore);
    copied = true;
    return { from: shown(from), to: shown(target), rows };
  } finally {
    sourceStore.close();
    targetStore?.close();
    // A SQLite file this copy made and could not fill is not left behind.
    if (made && !copied) for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
  }
}
