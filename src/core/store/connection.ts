// What the store's parts need of an index connection, whichever database holds the index: SQLite
// (sqlite-connection.ts, the embedded default) or PostgreSQL (postgres/connection.ts, for replicas
// on several hosts). Statements follow better-sqlite3's shape, which the store was written against.

/** A prepared statement: rows as objects, or `raw()` as arrays, or `pluck()` as their first column. */
export interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  run(...params: unknown[]): { changes: number };
  pluck(): Statement;
  raw(): Statement;
}

/** The database's SQL: where the two differ, sql.ts writes both texts side by side. */
export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  readonly dialect: Dialect;
  /** A statement, made once per SQL text, written in this connection's dialect (`?` placeholders). */
  prepare(sql: string): Statement;
  /** A token that changes whenever the index may have changed; equal tokens mean equal answers. */
  version(): string;
  /** A number that moves when another process (or connection) commits to the index. */
  othersVersion(): number;
  /** Run `work` holding the index's write lock (two writers wait, never fail half-way); the version
   * moves on even when it throws, since the caches cannot know how far it got. */
  write<T>(work: () => T): T;
  /** The same lock and atomicity for bookkeeping that is not the index's content (a lease, the
   * clients' walks): this connection's version does not move; other processes may see a change. */
  transaction<T>(work: () => T): T;
  /** A single write statement outside a transaction, counted as a commit when it changed rows. */
  run(sql: string, ...params: unknown[]): number;
  /** Read `work` from one snapshot of the index. */
  read<T>(work: () => T): T;
  /** The schema version the index is at (SCHEMA_VERSION once migrated). */
  schemaVersion(): number;
  /** ['ok'] for a sound index, else what is wrong. */
  integrity(): string[];
  readonly open: boolean;
  close(): void;
}
