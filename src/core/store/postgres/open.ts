// Opening a PostgreSQL index: connect (through the bridge), then bring the schema to SCHEMA_VERSION
// under the writers' lock, so two processes starting at once migrate it once. The version is kept
// in a one-row table (SQLite keeps it in PRAGMA user_version).
import { WallpaperError } from '../../errors.js';
import { SyncPostgres } from './bridge.js';
import { PostgresConnection } from './connection.js';
import { MIGRATIONS } from './schema.js';
import { databaseUrlProblem, redacted } from './url.js';

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
