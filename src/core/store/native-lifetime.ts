// Why every SQLite object of this process stays reachable until it exits. better-sqlite3 12 (the
// pinned major) wraps its Database and Statement objects in Node's ObjectWrap, whose destructor on
// Node 24 asserts that a Node environment is current. When the garbage collector frees such an
// object at a moment without one, the process aborts (`Assertion failed: (env) != nullptr` in
// node::RemoveEnvironmentCleanupHook, from Statement::~Statement): measured here on Node 24.21,
// reported upstream as WiseLibs/better-sqlite3#1515, fixed by better-sqlite3 13's Node-API rewrite.
// Until the pin moves to 13, nothing of ours is ever collected: the environment frees it all at exit,
// where it is current. The cost is small and bounded: a few statements per distinct SQL text and a
// closed connection's handful of objects, a few KB each.
// The addon is named to better-sqlite3 by its path where npm builds it (build/Release), which spares
// a start the `bindings` package's search of a dozen places (two modules more, ~60 file checks);
// where it is not there (another build), better-sqlite3 searches as before.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

const kept: unknown[] = [];

/** Keep `value` reachable for the life of the process; returns it. */
function retain<T>(value: T): T {
  kept.push(value);
  return value;
}

let addon: string | undefined | null = null;
/** The addon's file where npm builds it, or undefined when it is not there. */
function builtAddon(): string | undefined {
  if (addon !== null) return addon;
  const path = join(
    dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
    'build',
    'Release',
    'better_sqlite3.node',
  );
  addon = existsSync(path) ? path : undefined;
  return addon;
}

/** Open a database whose objects are never collected (see above). */
export const openDatabase = (file: string, options?: Database.Options): Database.Database => {
  const nativeBinding = builtAddon();
  return retain(new Database(file, nativeBinding === undefined ? options : { nativeBinding, ...options }));
};

/** Prepare a statement that is never collected (see above). */
export const prepareKept = (db: Database.Database, sql: string): Database.Statement => retain(db.prepare(sql));
