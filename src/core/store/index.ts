// The index, split the way thumbsup splits its index: schema.ts (migrations), writes.ts, queries.ts,
// random.ts, history.ts, with the dialect in sql.ts. It lives in SQLite (better-sqlite3, embedded:
// the default) or in PostgreSQL (postgres/, for replicas on several hosts), behind one Connection.
// openStore() does the I/O (open, pragmas, migrate); the Store class only composes the parts.
//
// The two tables everything else hangs on: `files` holds every walked image file (its size and mtime
// for the rescan diff and the identity check, the id of its bytes or the reason it failed, whether it
// is a link and whether its folder is away); `wallpapers` holds one record per distinct id, pointing
// at its canonical file. The others (schema.ts) keep marks, tags, palettes, the history, sources and
// the bookkeeping of scans and random walks.
// May use: analysis, common and packages.
import type { FileState } from '../types/scan.js';
import type { Filters, Paging, ScanProblem } from '../types.js';
import { setTitles } from './titles.js';
import type { Connection, Statement } from './connection.js';
import * as copy from './copy.js';
import * as curation from './curation.js';
import * as history from './history.js';
import * as leases from './lease.js';
import * as portable from './portable.js';
import { type IndexedFile, Queries } from './queries.js';
import { RandomPicks } from './random.js';
import { RecordJson } from './record-json.js';
import { Shuffles } from './shuffle.js';
import { openDatabase, prepareKept } from './native-lifetime.js';
import { BatchedPicks } from './postgres/batched-picks.js';
import { openPostgres } from './postgres/open.js';
import { isPostgresUrl } from './postgres/url.js';
import { migrate } from './schema.js';
import { SqliteConnection } from './sqlite-connection.js';
import type { SortName, StoredWallpaper } from './sql.js';
import * as sources from './sources.js';
import * as writes from './writes.js';

export type { IndexedFile } from './queries.js';

export type { HistoryRow, UserDataChanges } from './portable.js';
export { holderName, isHeld } from './lease.js';

export type { FileResult } from './writes.js';
export { SCHEMA_VERSION } from './schema.js';
export type { StoredWallpaper } from './sql.js';

export { databaseUrlProblem, isPostgresUrl, maskPasswords, redacted } from './postgres/url.js';

/** Open (creating and migrating if needed) the index at `location`: a SQLite file, or a
 * PostgreSQL database by its URL (postgres://user:password@host:port/name). */
export function openStore(location: string): Store {
  if (isPostgresUrl(location)) return new Store(openPostgres(location));
  const db = openDatabase(location);
  try {
    // WAL lets a serving process read while a cron scan writes; the busy timeout makes two writers
    // wait for each other instead of failing.
    for (const pragma of ['journal_mode = WAL', 'busy_timeout = 15000', 'synchronous = NORMAL']) {
      const statement = prepareKept(db, `PRAGMA ${pragma}`);
      if (statement.reader) statement.get();
      else statement.run();
    }
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return new Store(new SqliteConnection(db));
}

/** A function's parameters after the connection. */
type Tail<F> = F extends (conn: Connection, ...rest: infer R) => unknown ? R : never;

export class Store {
  private readonly conn: Connection;
  private readonly queries: Queries;
  private readonly picks: RandomPicks;
  private readonly shuffles: Shuffles;
  private readonly json: { of: (id: string) => string | undefined };
  /** PostgreSQL's uniform JSON picks, read in batches (a round trip per pick otherwise). */
  private readonly batched: BatchedPicks | undefined;

  /** Compose the parts over an open, migrated index (openStore does the opening). */
  constructor(conn: Connection) {
    this.conn = conn;
    this.queries = new Queries(this.conn);
    this.picks = new RandomPicks(this.conn, this.queries);
    this.shuffles = new Shuffles(this.conn, this.queries);
    // SQLite writes the record's JSON itself (record-json.ts); PostgreSQL's json_build_object spaces
    // it differently, so there it is the record, stringified.
    this.batched = conn.dialect === 'postgres' ? new BatchedPicks(this.conn, this.queries, this.picks) : undefined;
    this.json = this.batched ?? new RecordJson(this.conn);
  }

  /** A statement on the index, in SQLite's dialect (for tests and tools that look inside). */
  prepare = (sql: string): Statement => this.conn.prepare(sql);

  /** A token that changes whenever the index may have changed (a commit here or elsewhere). */
  version = (): string => this.conn.version();
  close = (): void => this.conn.close();

  writeFiles = (results: readonly writes.FileResult[], now: string): writes.WriteEffect => writes.writeFiles(this.conn, results, now);
  removeFiles = (paths: readonly string[]): writes.WriteEffect => writes.removeFiles(this.conn, paths);
  /** Mark exactly `paths` away; returns how many wallpapers are then away. */
  setAway = (paths: readonly string[]): number => {
    writes.setAway(this.conn, paths);
    return this.queries.awayCount();
  };
  markStale = (path: string): boolean => writes.markStale(this.conn, path);
  setPairs = (pairs: readonly [string, string][]): void => writes.setPairs(this.conn, pairs);
  setTitles = (files: readonly [string, string][], byPath: ReadonlyMap<string, string>): void => setTitles(this.conn, files, byPath);

  fileStates = (): Map<string, FileState> => this.queries.fileStates();
  get = (id: string): StoredWallpaper | undefined => this.queries.get(id);
  count = (filters: Filters = {}): number => this.queries.count(filters);
  page = (filters: Filters, paging: Paging, sort?: SortName): { wallpapers: StoredWallpaper[]; total: number } =>
    this.queries.page(filters, paging, sort);
  duplicates = (): { path: string; duplicate_of: string }[] => this.queries.duplicates();
  failures = (): ScanProblem[] => this.queries.failures();
  smallerSkipped = (): { path: string; reason: string }[] => this.queries.smallerSkipped();
  ignoredCount = (): number => this.queries.ignoredCount();
  pathsSmallerThan = (longer: number, shorter: number): string[] => this.queries.pathsSmallerThan(longer, shorter);
  pathsOf = (id: string): string[] => this.queries.pathsOf(id);
  filesOf = (id: string): IndexedFile[] => this.queries.filesOf(id);
  awayCount = (): number => this.queries.awayCount();
  random = (filters: Filters, exclude: readonly string[] = [], reachable?: boolean): StoredWallpaper | undefined =>
    this.picks.pick(filters, exclude, reachable);
  /** A uniform pick as the API's JSON text (record-json.ts): the /random answer without a record object. */
  randomJson = (filters: Filters, reachable?: boolean): string | undefined =>
    this.batched ? this.batched.next(filters, reachable) : this.picks.pickWith(filters, [], reachable, this.json.of);
  /** The API's JSON text of one wallpaper. */
  recordJson = (id: string): string | undefined => this.json.of(id);

  /** Raises when the index does not answer a real read (no cached figure). */
  probe = (): void => {
    this.conn.prepare('SELECT count(*) FROM wallpapers').pluck().get();
  };
  /** `PRAGMA integrity_check`: ['ok'] for a sound index, else what is wrong. */
  integrity = (): string[] => this.conn.integrity();
  schemaVersion = (): number => this.conn.schemaVersion();

  /** Seeded orders (shuffle.ts): a position of a seed's order, a page of it, a client's next. */
  seeded = (filters: Filters, seed: string, n: number, reachable = false) => this.shuffles.seeded(filters, seed, n, reachable);
  seededPage = (filters: Filters, seed: string, paging: Paging) => this.shuffles.page(filters, seed, paging);
  nextFor = (client: string, filters: Filters, reachable = false) => this.shuffles.next(client, filters, reachable);

  closest = (
    filters: Filters,
    box: { w: number; h: number },
    exclude: readonly string[] = [],
    reachable = false,
  ): StoredWallpaper | undefined => this.picks.closest(filters, box, exclude, reachable);

  // Curation (curation.ts): marks, tags, fingerprints and "not duplicates" pairs.
  setMark = (id: string, mark: curation.Mark, on: boolean): boolean => curation.setMark(this.conn, id, mark, on);
  userTags = (id: string): string[] => curation.userTags(this.conn, id);
  folderTagsOf = (id: string): string[] => curation.folderTagsOf(this.conn, id);
  setUserTags = (id: string, tags: readonly string[]): void => curation.setUserTags(this.conn, id, tags);
  setFolderTags = (wanted: ReadonlyMap<string, readonly string[]>): void => curation.setFolderTags(this.conn, wanted);
  folderTagsStale = (folders: string): number | undefined => curation.folderTagsStale(this.conn, folders);
  noteFolderTags = (generation: number, folders: string): void => curation.noteFolderTags(this.conn, generation, folders);
  /** Every indexed file's path with its wallpaper's id (for the light/dark pairs and folder tags). */
  filesWithIds = (): [string, string][] => curation.filesWithIds(this.conn);
  tagCounts = () => curation.tagCounts(this.conn);
  candidates = () => curation.candidates(this.conn);
  grids = (ids: readonly string[]): Map<string, Uint8Array> => curation.grids(this.conn, ids);
  distinctPairs = (): Set<string> => curation.distinctPairs(this.conn);
  markDistinct = (ids: readonly string[]): void => curation.markDistinct(this.conn, ids);
  idOfPath = (path: string): string | undefined => curation.idOfPath(this.conn, path);
  idsStartingWith = (prefix: string, limit: number): string[] => curation.idsStartingWith(this.conn, prefix, limit);

  // Leases (lease.ts): one process at a time does a named job on this index.
  lease = (name: string): leases.LeaseRow | undefined => leases.readLease(this.conn, name);
  takeLease = (name: string, holder: string, ttlMs: number): boolean => leases.takeLease(this.conn, name, holder, ttlMs);
  renewLease = (name: string, holder: string, ttlMs: number, progress: string | null): boolean =>
    leases.renewLease(this.conn, name, holder, ttlMs, progress);
  releaseLease = (name: string, holder: string, outcome: string | null): void => leases.releaseLease(this.conn, name, holder, outcome);

  // Sources (sources.ts): fetched files' attribution, what was fetched before, each one's state.
  sources = {
    recordFetched: (...args: Tail<typeof sources.recordFetched>) => sources.recordFetched(this.conn, ...args),
    rememberRemote: (...args: Tail<typeof sources.rememberRemote>) => sources.rememberRemote(this.conn, ...args),
    fetchedBefore: (...args: Tail<typeof sources.fetchedBefore>) => sources.fetchedBefore(this.conn, ...args),
    titles: () => sources.sourceTitles(this.conn),
    retitle: (...args: Tail<typeof sources.retitle>) => sources.retitle(this.conn, ...args),
    files: (name: string) => sources.sourceFiles(this.conn, name),
    forgetFiles: (paths: readonly string[]) => sources.forgetFiles(this.conn, paths),
    count: (name: string) => sources.sourceCount(this.conn, name),
    state: (name: string) => sources.sourceState(this.conn, name),
    setState: (state: sources.SourceState) => sources.setSourceState(this.conn, state),
    forget: (name: string, files: boolean) => sources.forgetSource(this.conn, name, files),
  };

  recordSet = (id: string, now: string, monitor?: string): void => history.recordSet(this.conn, id, now, monitor ?? null);
  recentlySet = (count: number, monitor?: string): string[] => history.recentlySet(this.conn, count, monitor);

  // The user's own data, whole (portable.ts): export and import.
  userData = (): portable.UserData => portable.readUserData(this.conn);
  addUserData = (changes: portable.UserDataChanges): void => portable.writeUserData(this.conn, changes);
  pathsById = (): Map<string, string[]> => portable.pathsById(this.conn);
  /** Rows in the content tables (copy.ts): an empty index has none. */
  contentCounts = (): Record<string, number> => copy.contentCounts(this.conn);
  /** Copy this whole index into `target` (found empty by the caller); rows copied by table. */
  copyInto = (target: Store): Record<string, number> => copy.copyRows(this.conn, target.conn);
}
export { withUrls } from './record.js';
