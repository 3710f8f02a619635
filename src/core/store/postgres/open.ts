// Opening a PostgreSQL index: connect (through the bridge), then bring the schema to SCHEMA_VERSION
// under the writers' lock, so two processes starting at once migrate it once. The version is kept
// in a one-row table (SQLite keeps it in PRAGMA user_version).
import { WallpaperError } from '../../errors.js';
import { SyncPostgres } from './bridge.js';
import { PostgresConnection } from './connection.js';
import { MIGRATIONS } from './schema.js';

/** What `--database` accepts. */
export const isPostgresUrl = (value: string): boolean => /^postgres(ql)?:\/\//i.test(value);

/** Every `scheme://user:password@` in a text with the password masked: error lines and logs pass
 * through it, so a URL in any message (a mistyped scheme, a driver's error) never shows one. The
 * password runs to the last `@` of the word, as URL parsers read an unescaped `@` in it. */
export const maskPasswords = (text: string): string => text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@'"]*:)[^\s'"]*@/gi, '$1***@');

/** A URL without its password, for messages and logs. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return maskPasswords(parsed.toString());
  } catch {
    return maskPasswords(url);
  }
}

/** The form of a database URL in messages: written so that it is no `user:password@` itself, which
 * maskPasswords would turn into `user:***@`. */
const URL_FORM = 'postgres://USER@HOST:5432/NAME, with :PASSWORD after USER when it needs one';

/** What is wrong with a database URL, in words, or undefined when it can be used. */
export function databaseUrlProblem(url: string): string | undefined {
  if (!isPostgresUrl(url)) return `expected a PostgreSQL URL, ${URL_FORM} (got "${redacted(url)}")`;
  if (!URL.canParse(url)) return `"${redacted(url)}" is not a URL: expected ${URL_FORM} (@, : and / in the password percent-encoded)`;
  return undefined;
}

export function openPostgres(url: string): PostgresConnection {
  const problem = databaseUrlProblem(url);
  if (problem) throw new WallpaperError('invalid_param', `invalid database URL: ${problem}`);
  const db = new SyncPostgres(url);
  try {
    db.query('SELECT 1');
  } catch (error) {
    db.close();
    const reason = (error as Error).message.replace(/^the PostgreSQL index does not answer: /, '');
    throw new WallpaperError('unavailable', `cannot use the database ${redacted(url)}: ${reason}`);
  }
  const conn = new PostgresConnection(db);
  try {
    migrate(conn, db);
  } catch (error) {
    conn.close();
    throw error;
  }
  return conn;
}

function migrate(conn: PostgresConnection, db: SyncPostgres): void {
  const current = () => (db.query("SELECT to_regclass('schema_version') IS NOT NULL").rows[0]![0] ? conn.schemaVersion() : 0);
  if (current() === MIGRATIONS.length) return;
  conn.transaction(() => {
    db.query('CREATE TABLE IF NOT EXISTS schema_version (n INTEGER NOT NULL)');
    const version = current();
    if (version > MIGRATIONS.length) {
      throw new Error(`index schema version ${version} is newer than this program (${MIGRATIONS.length}): upgrade wallpaper`);
    }
    for (let v = version; v < MIGRATIONS.length; v++) db.query(MIGRATIONS[v]!);
    db.query('DELETE FROM schema_version');
    db.query(`INSERT INTO schema_version VALUES (${MIGRATIONS.length})`);
  });
}
