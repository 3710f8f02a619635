// One test suite, both index backends: eachBackend registers a test once on SQLite (the default)
// and once on a real PostgreSQL (helpers/postgres.ts, one server per test file, a fresh database
// per test), which skips with the reason where no server can be started. A whole suite file runs on
// PostgreSQL from a second file that calls onPostgres (test/postgres/): its fixtures then open their
// libraries on a fresh database of that file's server (suiteDatabase).
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { tempDir } from './fixtures.js';
import { type Postgres, startPostgres } from './postgres.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** The `database` option of openLibrary: this test's PostgreSQL database, or undefined (SQLite in the home). */
  database: string | undefined;
  /** Where to open another, separate and empty index (openStore's argument). */
  fresh(t: Test): Promise<string>;
}

let server: Promise<Postgres | string> | undefined;
/** The file's server, started when first needed and stopped when the file's tests end. */
const postgres = () => (server ??= startPostgres(t));

export function eachBackend(title: string, fn: (t: Test, backend: Backend) => Promise<void> | void): void {
  t.test(`${title} [sqlite]`, (t) => fn(t, { name: 'sqlite', database: undefined, fresh: async (t) => join(tempDir(t), 'index.sqlite') }));
  t.test(`${title} [postgres]`, async (t) => {
    const pg = await postgres();
    if (typeof pg === 'string') {
      t.plan(0, `skipped: PostgreSQL cannot run here: ${pg}`);
      return;
    }
    await fn(t, { name: 'postgres', database: await pg.createDatabase(), fresh: () => pg.createDatabase() });
  });
}

/** The CLI flags that put a spawned command on the backend's index. */
export const databaseFlag = (backend: Backend): string[] => (backend.database ? ['--database', backend.database] : []);

/** Set by onPostgres: the suite it imports runs on PostgreSQL. */
let suiteOnPostgres = false;

/** A fresh database when the running suite is on PostgreSQL (onPostgres), else undefined: SQLite. */
export async function suiteDatabase(): Promise<string | undefined> {
  if (!suiteOnPostgres) return undefined;
  const pg = await postgres();
  if (typeof pg === 'string') throw new Error(pg);
  return pg.createDatabase();
}

/** Run the suite file `path` (relative to `base`, the caller's import.meta.url) on PostgreSQL, or
 * skip it with the reason. */
export async function onPostgres(base: string, path: string): Promise<void> {
  const pg = await postgres();
  if (typeof pg === 'string') {
    t.plan(0, `skipped: PostgreSQL cannot run here: ${pg}`);
    return;
  }
  suiteOnPostgres = true;
  await import(new URL(path, base).href);
}
