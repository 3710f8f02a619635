// The PostgreSQL index connection (connection.ts's shape): statements in PostgreSQL's own text (sql.ts
// writes both dialects side by side), numbered once per text (placeholders.ts) and run through the
// synchronous bridge (bridge.ts).
// The version is the change notices heard (another process's commit, LISTEN/NOTIFY) and this
// connection's own commits. Writers take one advisory lock first, as SQLite's IMMEDIATE takes the
// write lock: one writer at a time on the index, whichever process or host.
import type { Connection, Statement } from '../connection.js';
import type { Answer, SyncPostgres } from './bridge.js';
import { numberedPlaceholders } from './placeholders.js';

/** The advisory lock of the index's writers (any fixed number: "wallpaper" on a phone keypad). */
const WRITE_LOCK = 925_572_737;

type Shape = 'object' | 'raw' | 'pluck';

/** A column value as SQLite gives it: booleans (EXISTS) as 0/1, bytes as a Buffer. */
const asSqlite = (value: unknown): unknown =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value instanceof Uint8Array ? Buffer.from(value) : value;

class PostgresStatement implements Statement {
  constructor(
    private readonly db: SyncPostgres,
    private readonly sql: string,
    private readonly shape: Shape = 'object',
  ) {}

  pluck = (): Statement => new PostgresStatement(this.db, this.sql, 'pluck');
  raw = (): Statement => new PostgresStatement(this.db, this.sql, 'raw');

  private rows(params: unknown[]): unknown[] {
    const answer = this.db.query(this.sql, params);
    return answer.rows.map((row) => this.shaped(answer, row.map(asSqlite)));
  }

  private shaped(answer: Answer, row: unknown[]): unknown {
    if (this.shape === 'pluck') return row[0];
    if (this.shape === 'raw') return row;
    return Object.fromEntries(answer.fields.map((name, i) => [name, row[i]]));
  }

  get = (...params: unknown[]): unknown => this.rows(params)[0];
  all = (...params: unknown[]): unknown[] => this.rows(params);
  iterate = (...params: unknown[]): IterableIterator<unknown> => this.rows(params)[Symbol.iterator]();
  run = (...params: unknown[]): { changes: number } => ({ changes: this.db.query(this.sql, params).count });
}

export class PostgresConnection implements Connection {
  readonly dialect = 'postgres';
  private readonly statements = new Map<string, Statement>();
  private generation = 0;
  /** Open transactions: a nested one is a savepoint. */
  private depth = 0;
  private closed = false;

  constructor(private readonly db: SyncPostgres) {}

  prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = new PostgresStatement(this.db, numberedPlaceholders(sql));
      this.statements.set(sql, statement);
    }
    return statement;
  }

  version(): string {
    return `${this.othersVersion()}.${this.generation}`;
  }

  othersVersion(): number {
    return this.db.notices();
  }

  write<T>(work: () => T): T {
    try {
      return this.transaction(work);
    } finally {
      this.generation++;
    }
  }

  transaction<T>(work: () => T): T {
    return this.within('BEGIN', work, true);
  }

  run(sql: string, ...params: unknown[]): number {
    const { changes } = this.prepare(sql).run(...params);
    if (changes > 0) this.generation++;
    return changes;
  }

  read<T>(work: () => T): T {
    return this.within('BEGIN ISOLATION LEVEL REPEATABLE READ', work, false);
  }

  /** `work` in a transaction begun by `begin` (a savepoint inside another), holding the write lock
   * when `locked`; rolled back when it throws. */
  private within<T>(begin: string, work: () => T, locked: boolean): T {
    const nested = this.depth > 0;
    const savepoint = `s${this.depth}`;
    this.db.query(nested ? `SAVEPOINT ${savepoint}` : begin);
    this.depth++;
    try {
      if (locked) this.db.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
      const result = work();
      this.db.query(nested ? `RELEASE SAVEPOINT ${savepoint}` : 'COMMIT');
      return result;
    } catch (error) {
      try {
        this.db.query(nested ? `ROLLBACK TO SAVEPOINT ${savepoint}` : 'ROLLBACK');
      } catch {
        // The connection is gone: the server rolled back.
      }
      throw error;
    } finally {
      this.depth--;
    }
  }

  schemaVersion(): number {
    return (this.db.query('SELECT n FROM schema_version').rows[0]?.[0] as number | undefined) ?? 0;
  }

  /** PostgreSQL checks its pages itself (checksums, WAL); a full read of the main tables answers. */
  integrity(): string[] {
    for (const table of ['wallpapers', 'files', 'tags', 'marks', 'palette_colors']) this.db.query(`SELECT count(*) FROM ${table}`);
    return ['ok'];
  }

  get open(): boolean {
    return !this.closed;
  }

  close(): void {
    this.closed = true;
    this.statements.clear();
    this.db.close();
  }
}
