// The SQLite index connection as the store's parts share it (connection.ts): prepared statements
// made once, the index version (SQLite's data_version, which changes when another connection
// commits, plus a counter of this connection's own commits, which data_version does not see), and
// write transactions that take the write lock at once and always count as a commit.
import type Database from 'better-sqlite3';
import type { Connection } from './connection.js';
import { prepareKept } from './native-lifetime.js';

/** Commits made in this process, by any connection: another connection's commit here must be seen
 * at once (data_version is read again), one from another process from the next turn on. */
let processCommits = 0;

export class SqliteConnection implements Connection {
  readonly dialect = 'sqlite';
  private readonly statements = new Map<string, Database.Statement>();
  /** Commits of this connection: `data_version` does not change for a connection's own writes. */
  private generation = 0;
  // Held directly, not looked up by SQL text: it is asked on every cached read.
  private readonly dataVersion: Database.Statement;
  /** data_version as read in this turn of the event loop, and the process's commits then: one
   * synchronous answer (a pick asks the version several times) reads it once. */
  private seen: { value: number; commits: number } | undefined;

  constructor(readonly db: Database.Database) {
    this.dataVersion = prepareKept(db, 'PRAGMA data_version').pluck();
  }

  prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = prepareKept(this.db, sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** A token that changes whenever the index may have changed; equal tokens mean equal answers. */
  version(): string {
    return `${this.othersVersion()}.${this.generation}`;
  }

  /** SQLite's data_version: it moves only when another connection commits. Read once per turn of
   * the event loop (measured: the pragma was 45% of a client's pick), again after any commit in this
   * process. */
  othersVersion(): number {
    if (this.seen && this.seen.commits === processCommits) return this.seen.value;
    const value = this.dataVersion.get() as number;
    if (!this.seen) queueMicrotask(() => (this.seen = undefined));
    this.seen = { value, commits: processCommits };
    return value;
  }

  /** An IMMEDIATE transaction: the write lock first. */
  write<T>(work: () => T): T {
    try {
      return this.db.transaction(work).immediate();
    } finally {
      this.generation++;
      processCommits++;
    }
  }

  /** IMMEDIATE too; other connections of this process see it at once. */
  transaction<T>(work: () => T): T {
    try {
      return this.db.transaction(work).immediate();
    } finally {
      processCommits++;
    }
  }

  run(sql: string, ...params: unknown[]): number {
    const { changes } = this.prepare(sql).run(...params);
    if (changes > 0) {
      this.generation++;
      processCommits++;
    }
    return changes;
  }

  read<T>(work: () => T): T {
    return this.db.transaction(work).deferred();
  }

  schemaVersion(): number {
    return this.prepare('PRAGMA user_version').pluck().get() as number;
  }

  integrity(): string[] {
    return this.prepare('PRAGMA integrity_check').pluck().all() as string[];
  }

  get open(): boolean {
    return this.db.open;
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}
