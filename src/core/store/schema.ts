// The index's schema: versioned migrations applied in order (PRAGMA user_version counts them), and
// why each exists. Only SQL here; opening the database and running them is open.ts's job.
import type Database from 'better-sqlite3';
import { prepareKept } from './native-lifetime.js';

/** The first indexes of the wallpapers (migration 1): the same SQL on PostgreSQL (postgres/schema.ts). */
export const FIRST_INDEXES = `CREATE INDEX wallpapers_order ON wallpapers (added_at DESC, id);
   CREATE INDEX wallpapers_brightness ON wallpapers (brightness);
   CREATE INDEX wallpapers_aspect_ratio ON wallpapers (aspect_ratio);
   CREATE INDEX wallpapers_orientation ON wallpapers (orientation);
   CREATE INDEX wallpapers_dominant_hue ON wallpapers (dominant_hue);
   CREATE INDEX wallpapers_format ON wallpapers (format);
   CREATE INDEX wallpapers_width ON wallpapers (width);
   CREATE INDEX wallpapers_height ON wallpapers (height);`;

export const MIGRATIONS: string[] = [
  `CREATE TABLE wallpapers (
     id TEXT PRIMARY KEY,
     path TEXT NOT NULL,
     filename TEXT NOT NULL,
     format TEXT NOT NULL,
     size_bytes INTEGER NOT NULL,
     added_at TEXT NOT NULL,
     content_type TEXT NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     brightness TEXT NOT NULL,
     aspect_ratio TEXT NOT NULL,
     orientation TEXT NOT NULL,
     luminance REAL NOT NULL,
     dominant_hue TEXT NOT NULL
   ) WITHOUT ROWID;
   ${FIRST_INDEXES}
   CREATE TABLE files (
     path TEXT PRIMARY KEY,
     size INTEGER NOT NULL,
     mtime_ms INTEGER NOT NULL,
     id TEXT,
     error TEXT
   ) WITHOUT ROWID;
   CREATE INDEX files_id ON files (id);
   CREATE TABLE history (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL,
     set_at TEXT NOT NULL
   );`,
  // Measured on 100,000 records (bench/RESULTS.md): a filtered page sorted in a temp b-tree and
  // secondary-index lookups into the text primary key cost 50-120 ms. Category indexes that end in
  // the list order serve one filter without sorting, and one covering "browse" index (the order,
  // then every filter column) answers any other combination and its count by scanning one narrow
  // index in order, never the table: at most ~15 ms, usually under 1 ms.
  `DROP INDEX wallpapers_brightness;
   DROP INDEX wallpapers_aspect_ratio;
   DROP INDEX wallpapers_orientation;
   DROP INDEX wallpapers_dominant_hue;
   DROP INDEX wallpapers_format;
   CREATE INDEX wallpapers_brightness ON wallpapers (brightness, added_at DESC, id);
   CREATE INDEX wallpapers_aspect_ratio ON wallpapers (aspect_ratio, added_at DESC, id);
   CREATE INDEX wallpapers_orientation ON wallpapers (orientation, added_at DESC, id);
   CREATE INDEX wallpapers_dominant_hue ON wallpapers (dominant_hue, added_at DESC, id);
   CREATE INDEX wallpapers_format ON wallpapers (format, added_at DESC, id);
   CREATE INDEX wallpapers_browse ON wallpapers
     (added_at DESC, id, brightness, aspect_ratio, orientation, dominant_hue, format, width, height);`,
  // Identity and reachability (docs/design.md#identity): a file reached through a symbolic link
  // is an alias, canonical only when no regular file holds the bytes; a file under a folder that
  // could not be walked (a disk away) is kept but "away", and a wallpaper all of whose files are
  // away is left out of random picks while a reachable match exists.
  `ALTER TABLE files ADD COLUMN link INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE files ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE wallpapers ADD COLUMN away INTEGER NOT NULL DEFAULT 0;`,
  // Never the same twice: where each named client is in its walk through a seeded
  // permutation of its filters' matches: the cycle (which permutation) and the position reached.
  // O(1) per client and filters whatever the library's size; shared by every device using the name.
  `CREATE TABLE random_clients (
     client TEXT NOT NULL,
     filters TEXT NOT NULL,
     cycle INTEGER NOT NULL,
     position INTEGER NOT NULL,
     last_id TEXT NOT NULL,
     PRIMARY KEY (client, filters)
   ) WITHOUT ROWID;`,
  // A wallpaper per monitor: the history remembers which monitor showed what, so each
  // monitor avoids its own recent ones; NULL is a set on every monitor at once.
  `ALTER TABLE history ADD COLUMN monitor TEXT;`,
  // Light and dark pairs: the id of a wallpaper's designer counterpart, found at each scan
  // (pairs.ts), or NULL.
  `ALTER TABLE wallpapers ADD COLUMN pair_id TEXT;`,
  // Curation. The scan's one decode adds a palette (JSON for the record; its colours in
  // palette_colors, keyed by a coarse OKLab cell so a colour search visits the cells near it, not
  // every wallpaper) and a near-duplicate fingerprint. Marks and user tags are kept by id in their
  // own tables: they survive rescans, moves, renames and even the file going away and coming back,
  // and a filter on them is a lookup in a small set that leaves the covering browse index in use.
  // Folder tags are rewritten from the canonical paths after each scan (curate/folder-tags.ts). A colour
  // search finds its matches' ids in palette_colors, then reads their filter columns from a narrow
  // index keyed by id (measured at 100k: 15,000 lookups 53 -> 21 ms against the wide rows). Files
  // indexed before are marked stale, so the next scan reads each once more to add what is new.
  `ALTER TABLE wallpapers ADD COLUMN palette TEXT;
   ALTER TABLE wallpapers ADD COLUMN fingerprint BLOB;
   CREATE TABLE palette_colors (
     id TEXT NOT NULL,
     cell INTEGER NOT NULL,
     l REAL NOT NULL,
     a REAL NOT NULL,
     b REAL NOT NULL,
     share REAL NOT NULL
   );
   CREATE INDEX palette_colors_cell ON palette_colors (cell, share, l, a, b, id);
   CREATE INDEX palette_colors_id ON palette_colors (id);
   CREATE TABLE marks (
     id TEXT NOT NULL,
     mark TEXT NOT NULL,
     PRIMARY KEY (mark, id)
   ) WITHOUT ROWID;
   CREATE TABLE tags (
     id TEXT NOT NULL,
     name TEXT NOT NULL,
     source TEXT NOT NULL,
     PRIMARY KEY (id, name, source)
   ) WITHOUT ROWID;
   CREATE INDEX tags_name ON tags (name, id);
   CREATE TABLE distinct_pairs (
     a TEXT NOT NULL,
     b TEXT NOT NULL,
     PRIMARY KEY (a, b)
   ) WITHOUT ROWID;
   CREATE INDEX wallpapers_by_id ON wallpapers
     (id, added_at, brightness, aspect_ratio, orientation, dominant_hue, format, width, height, away);
   UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL;`,
  // Every core and several hosts on one index: a named lease (the scan) held by one
  // process at a time, renewed while it works and expiring when its holder dies (lease.ts). And the
  // wallpapers that are away, counted before every uncached pick: a scan of a covering index took
  // 110 ms at a million (most of `random --json`'s time there); a partial index of the few away ones
  // answers at once. The number of wallpapers, kept by triggers, answers the unfiltered count (an
  // index scan, 75 ms at a million) the same way. A generation of the files table (moved by any
  // change to it) and the one the folder tags were last made from let a rescan that changed no file
  // skip remaking them (6.6 s of a 25 s rescan at a million). (Rows are only ever added with INSERT ... DO
  // NOTHING and removed with DELETE: no REPLACE, whose implicit delete fires no trigger.)
  `CREATE INDEX wallpapers_away ON wallpapers (away) WHERE away = 1;
   CREATE TABLE wallpaper_count (n INTEGER NOT NULL);
   INSERT INTO wallpaper_count SELECT count(*) FROM wallpapers;
   CREATE TRIGGER wallpapers_counted_in AFTER INSERT ON wallpapers BEGIN UPDATE wallpaper_count SET n = n + 1; END;
   CREATE TRIGGER wallpapers_counted_out AFTER DELETE ON wallpapers BEGIN UPDATE wallpaper_count SET n = n - 1; END;
   CREATE TABLE files_generation (n INTEGER NOT NULL);
   INSERT INTO files_generation VALUES (0);
   CREATE TRIGGER files_changed_in AFTER INSERT ON files BEGIN UPDATE files_generation SET n = n + 1; END;
   CREATE TRIGGER files_changed_up AFTER UPDATE ON files BEGIN UPDATE files_generation SET n = n + 1; END;
   CREATE TRIGGER files_changed_out AFTER DELETE ON files BEGIN UPDATE files_generation SET n = n + 1; END;
   CREATE TABLE folder_tags_from (generation INTEGER NOT NULL, folders TEXT NOT NULL);
   INSERT INTO folder_tags_from VALUES (-1, '');
   CREATE TABLE leases (
     name TEXT PRIMARY KEY,
     holder TEXT NOT NULL,
     expires_ms INTEGER NOT NULL,
     progress TEXT,
     outcome TEXT
   ) WITHOUT ROWID;`,
  // Titles (docs/design.md#titles): the name a package gives a wallpaper, else its file name
  // without the extension, which the index holds at once; the folder tags are marked stale so the
  // next scan remakes them and finds the package names (store/titles.ts).
  `ALTER TABLE wallpapers ADD COLUMN title TEXT;
   UPDATE wallpapers SET title = CASE WHEN instr(filename, '.') > 1
     THEN substr(rtrim(filename, replace(filename, '.', '')), 1, length(rtrim(filename, replace(filename, '.', ''))) - 1)
     ELSE filename END;
   UPDATE folder_tags_from SET generation = -1;`,
  // Sources (docs/design.md#sources): the attribution of each fetched file, kept by path so the
  // record's `source` follows its canonical file; what each source fetched before (by the service's
  // id or the image URL), so a second fetch adds only new ones; and each source's last fetch, error
  // and the time a 429 asked it to wait until.
  `CREATE TABLE source_files (
     path TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     kind TEXT NOT NULL,
     page_url TEXT,
     author TEXT,
     author_url TEXT,
     license TEXT,
     fetched_at TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX source_files_name ON source_files (name, fetched_at);
   CREATE TABLE source_fetched (
     name TEXT NOT NULL,
     remote TEXT NOT NULL,
     PRIMARY KEY (name, remote)
   ) WITHOUT ROWID;
   CREATE TABLE source_state (
     name TEXT PRIMARY KEY,
     last_fetch TEXT,
     last_error TEXT,
     not_before TEXT
   ) WITHOUT ROWID;`,
  // The clients' walks are read and advanced in one transaction per call, none kept in
  // memory; PostgreSQL stops telling the other processes of each advance (postgres/schema.ts). No
  // change here: SQLite's data_version moves on any commit.
  '',
  // Fetched wallpapers' titles: the title the source gave each picture, and the item it
  // came from, so a fetch that sees an item again can title a file fetched before titles were kept.
  `ALTER TABLE source_files ADD COLUMN title TEXT;
   ALTER TABLE source_files ADD COLUMN remote TEXT;`,
  // Near-duplicates to trust (migration 13): a 32x32 grey grid of each picture inside its bars
  // (curate/detail.ts), which confirms what the hash only suggests. 1 KiB a wallpaper, read only for
  // the pairs the hash finds, never with the records. Files indexed before are marked stale, so the
  // next scan reads each once more to add it, as migration 7 did for the fingerprints.
  `ALTER TABLE wallpapers ADD COLUMN grid BLOB;
   UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL;`,
  // Folders that say nothing about a picture (`usr`, `share`, `wallpapers`, `128x128`) no
  // longer make tags (curate/folder-tags.ts): the folder tags are marked stale so the next scan
  // remakes them by the new rule, reading no image again.
  'UPDATE folder_tags_from SET generation = -1;',
  // Dynamic wallpapers (docs/design.md#the-time-of-day, migration 15): a timed XML, a .stw or an Apple
  // dynamic HEIC is one wallpaper whose record says what kind it is and how many frames it has
  // (JSON, as the API shows it), analysed by its noon frame. HEIC files indexed before are read once
  // more, so an Apple one already in the library becomes dynamic.
  `ALTER TABLE wallpapers ADD COLUMN dynamic TEXT;
   UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL AND (lower(path) LIKE '%.heic' OR lower(path) LIKE '%.heif');`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Bring `db` to SCHEMA_VERSION. The common case, an index already there, takes no write lock: every
 * CLI command opens the index, and a write transaction would wait on (and slow) a scan elsewhere. */
export function migrate(db: Database.Database): void {
  const userVersion = () => prepareKept(db, 'PRAGMA user_version').pluck().get() as number;
  if (userVersion() === SCHEMA_VERSION) return;
  const run = db.transaction(() => {
    const version = userVersion();
    if (version > SCHEMA_VERSION) {
      throw new Error(`index schema version ${version} is newer than this program (${SCHEMA_VERSION}): upgrade wallpaper`);
    }
    for (let v = version; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v]!);
    prepareKept(db, `PRAGMA user_version = ${SCHEMA_VERSION}`).run();
  });
  run.immediate();
}
