// PostgreSQL runs the store's statements as sql.ts writes them for it (only the placeholders are
// numbered, table-tested here) and holds the same schema as SQLite: after the migrations, the same
// tables, columns and indexes on both (what PostgreSQL adds is named: the schema version's table and
// palette_colors' row number). And the synchronous bridge to it: errors keep their SQLSTATE, a stuck
// thread is replaced.
import { join } from 'node:path';
import t from 'tap';
import { openStore } from '../../src/core/store/index.js';
import { SyncPostgres } from '../../src/core/store/postgres/bridge.js';
import { parseFilters } from '../../src/core/query/filters.js';
import type { Dialect } from '../../src/core/store/connection.js';
import { numberedPlaceholders } from '../../src/core/store/postgres/placeholders.js';
import { COLUMNS, IDS_IN_JSON, SOURCE_OF_RECORD, colorDistanceJoin, indexFor, whereClause } from '../../src/core/store/sql.js';
import { MIGRATIONS as POSTGRES } from '../../src/core/store/postgres/schema.js';
import { MIGRATIONS as SQLITE } from '../../src/core/store/schema.js';
import { tempDir } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';

t.test('PostgreSQL numbers the placeholders, and nothing else of a statement changes (table)', async (t) => {
  const table: [string, string, string][] = [
    ['placeholders are numbered', 'SELECT id FROM files WHERE path = ? AND size = ?', 'SELECT id FROM files WHERE path = $1 AND size = $2'],
    ['a ? in a literal stays', "SELECT id FROM tags WHERE name = '?' AND id = ?", "SELECT id FROM tags WHERE name = '?' AND id = $1"],
    ['a ? in a quoted name stays', 'SELECT 1 AS "why?" WHERE ? = ?', 'SELECT 1 AS "why?" WHERE $1 = $2'],
    ['common SQL is left alone', 'DELETE FROM files WHERE path = ? RETURNING id', 'DELETE FROM files WHERE path = $1 RETURNING id'],
  ];
  for (const [name, sql, postgres] of table) t.equal(numberedPlaceholders(sql), postgres, name);
});

t.test("where the databases differ, both texts are written side by side and neither carries the other's words", async (t) => {
  const sqliteOnly = /INDEXED BY|OR IGNORE|group_concat|json_each|json_object\(|char\(10\)/;
  const postgresOnly = /ILIKE|string_agg|json_array_elements_text|json_build_object|::|chr\(10\)/;
  const filters = parseFilters({ q: 'sea', color: 'f00', brightness: 'dark', orientation: 'landscape' });
  const texts = (dialect: Dialect) => [
    COLUMNS[dialect],
    IDS_IN_JSON[dialect],
    SOURCE_OF_RECORD[dialect],
    whereClause(dialect, filters).sql,
    colorDistanceJoin(dialect, filters).sql,
    indexFor(dialect, parseFilters({ brightness: 'dark', orientation: 'landscape' })),
  ];
  for (const text of texts('sqlite')) t.notMatch(text, postgresOnly, `SQLite's text: ${text.slice(0, 60)}`);
  for (const text of texts('postgres')) t.notMatch(text, sqliteOnly, `PostgreSQL's text: ${text.slice(0, 60)}`);
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
