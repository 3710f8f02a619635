// PostgreSQL speaks the store's SQL through dialect.ts (each rule, table-tested here) and holds the
// same schema as SQLite: after the migrations, the same tables, columns and indexes on both
// (what PostgreSQL adds is named: the schema version's table and palette_colors' row number). And
// the synchronous bridge to it: errors keep their SQLSTATE, a stuck thread is replaced.
import { join } from 'node:path';
import t from 'tap';
import { openStore } from '../../src/core/store/index.js';
import { SyncPostgres } from '../../src/core/store/postgres/bridge.js';
import { toPostgres } from '../../src/core/store/postgres/dialect.js';
import { MIGRATIONS as POSTGRES } from '../../src/core/store/postgres/schema.js';
import { MIGRATIONS as SQLITE } from '../../src/core/store/schema.js';
import { tempDir } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';

t.test('the store SQL in PostgreSQL: one rule per difference (table)', async (t) => {
  const table: [string, string, string][] = [
    ['placeholders are numbered', 'SELECT id FROM files WHERE path = ? AND size = ?', 'SELECT id FROM files WHERE path = $1 AND size = $2'],
    [
      'no planner hints',
      'SELECT count(*) FROM wallpapers INDEXED BY wallpapers_browse WHERE away = 0',
      'SELECT count(*) FROM wallpapers  WHERE away = 0',
    ],
    [
      'INSERT OR IGNORE skips conflicts',
      "INSERT OR IGNORE INTO tags (id, name, source) VALUES (?, ?, 'user')",
      "INSERT INTO tags (id, name, source) VALUES ($1, $2, 'user') ON CONFLICT DO NOTHING",
    ],
    [
      'tags joined in name order',
      '(SELECT group_concat(name, char(10)) FROM (SELECT DISTINCT name FROM tags t WHERE t.id = wallpapers.id ORDER BY name)) AS tags',
      '(SELECT string_agg(DISTINCT name, chr(10) ORDER BY name) FROM tags t WHERE t.id = wallpapers.id) AS tags',
    ],
    [
      'a JSON array parameter of numbers',
      'cell IN (SELECT value FROM json_each(?))',
      'cell IN (SELECT value::bigint FROM json_array_elements_text($1::json))',
    ],
    [
      'a JSON array parameter of ids',
      'id IN (SELECT value FROM json_each(?))',
      'id IN (SELECT value FROM json_array_elements_text($1::json))',
    ],
    ['camelCase aliases keep their case', 'SELECT mtime_ms AS mtimeMs FROM files', 'SELECT mtime_ms AS "mtimeMs" FROM files'],
    [
      'lower-case aliases stay bare',
      'SELECT count(DISTINCT t.id) AS count FROM tags t',
      'SELECT count(DISTINCT t.id) AS count FROM tags t',
    ],
    ["LIKE ignores case as SQLite's does", "filename LIKE ? ESCAPE '\\'", "filename ILIKE $1 ESCAPE '\\'"],
    ['common SQL is left alone', 'DELETE FROM files WHERE path = ? RETURNING id', 'DELETE FROM files WHERE path = $1 RETURNING id'],
  ];
  for (const [name, sqlite, postgres] of table) t.equal(toPostgres(sqlite), postgres, name);
});

t.test('one PostgreSQL migration for each SQLite one', async (t) => {
  t.equal(POSTGRES.length, SQLITE.length);
});

type Shape = { tables: Record<string, string[]>; indexes: string[] };

t.test('after the migrations, the same tables, columns and indexes', async (t) => {
  const server = await startPostgres(t);
  if (typeof server === 'string') return t.plan(0, `skipped: PostgreSQL cannot run here: ${server}`);
  const sqlite = openStore(join(tempDir(t), 'index.sqlite'));
  const postgres = openStore(await server.createDatabase());
  t.teardown(() => {
    sqlite.close();
    postgres.close();
  });
  const fromSqlite: Shape = { tables: {}, indexes: [] };
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  for (const table of tables)
    fromSqlite.tables[table] = (sqlite.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).sort();
  fromSqlite.indexes = (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").pluck().all() as string[]
  ).sort();

  const fromPostgres: Shape = { tables: {}, indexes: [] };
  const columns = postgres
    .prepare("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'")
    .raw()
    .all() as [string, string][];
  for (const [table, column] of columns) fromPostgres.tables[table] = [...(fromPostgres.tables[table] ?? []), column];
  for (const list of Object.values(fromPostgres.tables)) list.sort();
  fromPostgres.indexes = (
    postgres
      .prepare("SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey'")
      .pluck()
      .all() as string[]
  ).sort();

  // What PostgreSQL adds: the schema version (SQLite's is PRAGMA user_version) and the row number
  // SQLite gives every table (rowid), which the colour index reads.
  t.same(fromPostgres.tables.schema_version, ['n']);
  delete fromPostgres.tables.schema_version;
  fromPostgres.tables.palette_colors = fromPostgres.tables.palette_colors!.filter((column) => column !== 'rowid');
  t.same(fromPostgres.tables, fromSqlite.tables, 'tables and columns');
  t.same(fromPostgres.indexes, fromSqlite.indexes, 'indexes');
  t.equal(postgres.schemaVersion(), sqlite.schemaVersion(), 'schema version');
});

t.test('the bridge: a query past its time is an unavailable index, and the next query gets a new thread', async (t) => {
  const server = await startPostgres(t);
  if (typeof server === 'string') return t.plan(0, `skipped: PostgreSQL cannot run here: ${server}`);
  // 10 s: a new thread's first answer (start, load pg, connect) takes seconds on a busy 2-core
  // machine running suites in parallel (over 6 s at load 12 on Node 24, from the TypeScript sources
  // under tap); the stuck query sleeps well past it.
  const db = new SyncPostgres(await server.createDatabase(), 10_000);
  t.teardown(() => db.close());
  t.same(db.query('SELECT 1 + 1 AS two').rows, [[2]]);
  const before = db.notices();
  t.throws(() => db.query('SELECT pg_sleep(25)'), {
    code: 'unavailable',
    message: 'the PostgreSQL index does not answer: no answer in 10 s',
  });
  t.ok(db.notices() > before, 'the version moves: what the stuck thread missed is not trusted');
  t.same(db.query('SELECT 3 AS three').rows, [[3]], 'answered by a new thread');
  t.throws(
    () => db.query('SELECT * FROM no_such_table'),
    { name: 'PostgresError', code: '42P01' },
    "the server's own errors keep their SQLSTATE",
  );
  db.close();
  t.throws(() => db.query('SELECT 1'), { code: 'unavailable', message: /its connection is closed/ });
});
