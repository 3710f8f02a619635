// One open index connection as the store's parts share it: prepared statements made once, the
// index version (SQLite's data_version, which changes when another connection commits, plus a
// counter of this connection's own commits, which data_version does not see), and write
// transactions that take the write lock at once and always count as a commit.
import type Database from 'better-sqlite3';
import { prepareKept } from './native-lifetime.js';

/** Commits made in this process, by any connection: another connection's commit here must be seen
 * at once (data_version is read again), one from another process from the next turn on. */
let processCommits = 0;

/** Count a commit that went around Connection.write and run (the client walks' write-behind). */
export function noteCommit(): void {
  processCommits++;
}

export class Connection {
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

  /** Run `work` in an IMMEDIATE transaction (the write lock first: two writers wait, never fail
   * half-way); the version moves on even when it throws, since the caches cannot know how far it got. */
  write<T>(work: () => T): T {
    try {
      return this.db.transaction(work).immediate();
    } finally {
      this.generation++;
      processCommits++;
    }
  }

  /** A single write statement outside a transaction, counted as a commit when it changed rows. */
  run(sql: string, ...params: unknown[]): number {
    const { changes } = this.prepare(sql).run(...params);
    if (changes > 0) {
      this.generation++;
      processCommits++;
    }
    return changes;
  }

  /** Read `work` from one snapshot of the index. */
  read<T>(work: () => T): T {
    return this.db.transaction(work).deferred();
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}
