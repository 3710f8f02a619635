// Leases in the index: exactly one process at a time does a named job (the scan) on a shared index,
// whichever process (server worker, cron `wallpaper scan`, another replica) asks. The holder renews
// its lease while it works; a holder that dies stops renewing and its lease expires, and one on this
// host whose process is gone is taken over at once. A released lease keeps the job's outcome, so a
// process that waited for another's scan answers with that scan's summary.
//
// Lease writes go around Connection.write on purpose: they change no answer, so they must not move
// this process's index version (every cache would be dropped on each renewal).
import { hostname } from 'node:os';
import { isAlive } from '../common/index.js';
import type { Connection } from './connection.js';

export interface LeaseRow {
  holder: string;
  expires_ms: number;
  progress: string | null;
  outcome: string | null;
}

/** This process's holder name: host and pid first (the liveness check reads them), then a nonce. */
export const holderName = (nonce: string): string => `${hostname()} ${process.pid} ${nonce}`;

/** True when `holder` names a process of this host that no longer exists. */
function isDeadHere(holder: string): boolean {
  const [host, pid] = holder.split(' ');
  return host === hostname() && pid !== undefined && /^\d+$/.test(pid) && !isAlive(Number(pid));
}

export const readLease = (conn: Connection, name: string): LeaseRow | undefined =>
  conn.prepare('SELECT holder, expires_ms, progress, outcome FROM leases WHERE name = ?').get(name) as LeaseRow | undefined;

/** A lease someone holds now: not released, not expired, its holder not known dead. */
export const isHeld = (row: LeaseRow | undefined, now = Date.now()): row is LeaseRow =>
  row !== undefined && row.holder !== '' && row.expires_ms > now && !isDeadHere(row.holder);

/** Take the lease for `holder` unless another live holder has it; true when taken. */
export function takeLease(conn: Connection, name: string, holder: string, ttlMs: number): boolean {
  return conn.transaction(() => {
    const row = readLease(conn, name);
    if (isHeld(row) && row.holder !== holder) return false;
    conn
      .prepare(
        `INSERT INTO leases (name, holder, expires_ms) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_ms = excluded.expires_ms, progress = NULL, outcome = NULL`,
      )
      .run(name, holder, Date.now() + ttlMs);
    return true;
  });
}

/** Extend the lease and note the job's progress; false when the lease was lost to another holder. */
export const renewLease = (conn: Connection, name: string, holder: string, ttlMs: number, progress: string | null): boolean =>
  conn
    .prepare('UPDATE leases SET expires_ms = ?, progress = ? WHERE name = ? AND holder = ?')
    .run(Date.now() + ttlMs, progress, name, holder).changes > 0;

/** Give the lease up, keeping the job's outcome (JSON) for those who waited. */
export function releaseLease(conn: Connection, name: string, holder: string, outcome: string | null): void {
  conn
    .prepare("UPDATE leases SET holder = '', expires_ms = 0, progress = NULL, outcome = ? WHERE name = ? AND holder = ?")
    .run(outcome, name, holder);
}
