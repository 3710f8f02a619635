// The index's schema on PostgreSQL: the same tables, columns, keys and migrations as SQLite's
// (../schema.ts, one step here per step there, so SCHEMA_VERSION means the same on both; a test
// holds them to it), in PostgreSQL's types. Text compares byte by byte (COLLATE "C") as SQLite's
// does, integers are 64-bit as SQLite's are, and the trigger-kept numbers of migration 8 are
// PL/pgSQL. What PostgreSQL adds:
// every table but the leases and the clients' walks tells the listeners of CHANNEL that the index changed (the other
// processes' caches follow it, as data_version tells SQLite's).
import { FIRST_INDEXES, MIGRATIONS as SQLITE } from '../schema.js';

/** The channel of the change notices (LISTEN/NOTIFY). */
export const CHANNEL = 'wallpaper_changes';

const TEXT = 'TEXT COLLATE "C"';
const notices = (table: string) =>
  `CREATE TRIGGER ${table}_noticed AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION wallpaper_noticed();`;
/** An AFTER ... FOR EACH ROW trigger running one statement. */
const rowTrigger = (name: string, event: string, table: string, statement: string) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$;
   CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}();`;

export const MIGRATIONS: string[] = [
  `CREATE FUNCTION wallpaper_noticed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN PERFORM pg_notify('${CHANNEL}', ''); RETURN NULL; END $$;
   CREATE TABLE wallpapers (
     id ${TEXT} PRIMARY KEY, path ${TEXT} NOT NULL, filename ${TEXT} NOT NULL, format ${TEXT} NOT NULL,
     size_bytes BIGINT NOT NULL, added_at ${TEXT} NOT NULL, content_type ${TEXT} NOT NULL,
     width BIGINT NOT NULL, height BIGINT NOT NULL, brightness ${TEXT} NOT NULL, aspect_ratio ${TEXT} NOT NULL,
     orientation ${TEXT} NOT NULL, luminance DOUBLE PRECISION NOT NULL, dominant_hue ${TEXT} NOT NULL);
   ${FIRST_INDEXES}
   CREATE TABLE files (path ${TEXT} PRIMARY KEY, size BIGINT NOT NULL, mtime_ms BIGINT NOT NULL, id ${TEXT}, error ${TEXT});
   CREATE INDEX files_id ON files (id);
   CREATE TABLE history (seq BIGSERIAL PRIMARY KEY, id ${TEXT} NOT NULL, set_at ${TEXT} NOT NULL);
   ${notices('wallpapers')} ${notices('files')} ${notices('history')}`,
  // The list order's indexes: the same SQL on both.
  SQLITE[1]!,
  `ALTER TABLE files ADD COLUMN link BIGINT NOT NULL DEFAULT 0;
   ALTER TABLE files ADD COLUMN away BIGINT NOT NULL DEFAULT 0;
   ALTER TABLE wallpapers ADD COLUMN away BIGINT NOT NULL DEFAULT 0;`,
  `CREATE TABLE random_clients (
     client ${TEXT} NOT NULL, filters ${TEXT} NOT NULL, cycle BIGINT NOT NULL, position BIGINT NOT NULL,
     last_id ${TEXT} NOT NULL, PRIMARY KEY (client, filters));
   ${notices('random_clients')}`,
  `ALTER TABLE history ADD COLUMN monitor ${TEXT};`,
  `ALTER TABLE wallpapers ADD COLUMN pair_id ${TEXT};`,
  `ALTER TABLE wallpapers ADD COLUMN palette ${TEXT};
   ALTER TABLE wallpapers ADD COLUMN fingerprint BYTEA;
   CREATE TABLE palette_colors (
     rowid BIGSERIAL, id ${TEXT} NOT NULL, cell BIGINT NOT NULL, l DOUBLE PRECISION NOT NULL,
     a DOUBLE PRECISION NOT NULL, b DOUBLE PRECISION NOT NULL, share DOUBLE PRECISION NOT NULL);
   CREATE INDEX palette_colors_cell ON palette_colors (cell, share, l, a, b, id);
   CREATE INDEX palette_colors_id ON palette_colors (id);
   CREATE TABLE marks (id ${TEXT} NOT NULL, mark ${TEXT} NOT NULL, PRIMARY KEY (mark, id));
   CREATE TABLE tags (id ${TEXT} NOT NULL, name ${TEXT} NOT NULL, source ${TEXT} NOT NULL, PRIMARY KEY (id, name, source));
   CREATE INDEX tags_name ON tags (name, id);
   CREATE TABLE distinct_pairs (a ${TEXT} NOT NULL, b ${TEXT} NOT NULL, PRIMARY KEY (a, b));
   CREATE INDEX wallpapers_by_id ON wallpapers
     (id, added_at, brightness, aspect_ratio, orientation, dominant_hue, format, width, height, away);
   UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL;
   ${notices('palette_colors')} ${notices('marks')} ${notices('tags')} ${notices('distinct_pairs')}`,
  `CREATE INDEX wallpapers_away ON wallpapers (away) WHERE away = 1;
   CREATE TABLE wallpaper_count (n BIGINT NOT NULL);
   INSERT INTO wallpaper_count SELECT count(*) FROM wallpapers;
   ${rowTrigger('wallpapers_counted_in', 'INSERT', 'wallpapers', 'UPDATE wallpaper_count SET n = n + 1')}
   ${rowTrigger('wallpapers_counted_out', 'DELETE', 'wallpapers', 'UPDATE wallpaper_count SET n = n - 1')}
   CREATE TABLE files_generation (n BIGINT NOT NULL);
   INSERT INTO files_generation VALUES (0);
   ${rowTrigger('files_changed', 'INSERT OR UPDATE OR DELETE', 'files', 'UPDATE files_generation SET n = n + 1')}
   CREATE TABLE folder_tags_from (generation BIGINT NOT NULL, folders ${TEXT} NOT NULL);
   INSERT INTO folder_tags_from VALUES (-1, '');
   ${notices('folder_tags_from')}
   CREATE TABLE leases (name ${TEXT} PRIMARY KEY, holder ${TEXT} NOT NULL, expires_ms BIGINT NOT NULL, progress ${TEXT}, outcome ${TEXT});`,
  `ALTER TABLE wallpapers ADD COLUMN title ${TEXT};
   UPDATE wallpapers SET title = CASE WHEN strpos(filename, '.') > 1 THEN regexp_replace(filename, '\\.[^.]*$', '') ELSE filename END;
   UPDATE folder_tags_from SET generation = -1;`,
  `CREATE TABLE source_files (
     path ${TEXT} PRIMARY KEY, name ${TEXT} NOT NULL, kind ${TEXT} NOT NULL, page_url ${TEXT}, author ${TEXT},
     author_url ${TEXT}, license ${TEXT}, fetched_at ${TEXT} NOT NULL);
   CREATE INDEX source_files_name ON source_files (name, fetched_at);
   CREATE TABLE source_fetched (name ${TEXT} NOT NULL, remote ${TEXT} NOT NULL, PRIMARY KEY (name, remote));
   CREATE TABLE source_state (name ${TEXT} PRIMARY KEY, last_fetch ${TEXT}, last_error ${TEXT}, not_before ${TEXT});
   ${notices('source_files')} ${notices('source_state')}`,
  // The clients' walks are read in the transaction that advances them (client-walks.ts): no process
  // keeps one in memory, so an advance need not move every other replica's caches.
  'DROP TRIGGER random_clients_noticed ON random_clients;',
  `ALTER TABLE source_files ADD COLUMN title ${TEXT};
   ALTER TABLE source_files ADD COLUMN remote ${TEXT};`,
  // Near-duplicates' grey grids, and one more read of every file to make them.
  `ALTER TABLE wallpapers ADD COLUMN grid BYTEA;
   UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL;`,
  // Folder tags remade by the current rule (curate/folder-tags.ts) at the next scan.
  'UPDATE folder_tags_from SET generation = -1;',
  // Dynamic wallpapers: their kind and frames; HEIC files read once more.
  `ALTER TABLE wallpapers ADD COLUMN dynamic ${TEXT};
   UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL AND (lower(path) LIKE '%.heic' OR lower(path) LIKE '%.heif');`,
];
