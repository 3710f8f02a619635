// One scan at a time per index, across processes: server workers, replicas and a cron
// `wallpaper scan` share the index, and two scans at once would read every new file twice. A scan
// first takes the index's "scan" lease (store/lease.ts). A process that finds it held waits. A scan
// that was already running when the request arrived may have walked past a file written just before
// it (docs/design.md#one-refresh-sees-every-file-written-before-it), so its summary never answers the request: the waiter takes the lease next and
// scans, and waiters who meet that follow-up scan running (it began after they arrived) answer with
// its summary, so all of them share one. When the holder dies (its process gone from this host, or
// no renewal for LEASE_TTL_MS), the waiter takes the lease over and scans itself, so a scan asked for
// is never lost. Each scan's holder name is unique, and a released lease keeps it in the outcome
// (`{by, summary}`), which tells a waiter whose scan it is.
import { holderName, isHeld, type Store } from '../store/index.js';
import type { ScanProgress, ScanSummary } from '../types.js';

const SCAN = 'scan';
/** A lease not renewed for this long is free: a dead holder on another host is taken over within
 * LEASE_TTL_MS + WAIT_POLL_MS (30 s at most). */
const LEASE_TTL_MS = 20_000;
const RENEW_MS = 5000;
/** Progress reaches other processes at most this often (each write moves their index version). */
const PROGRESS_WRITE_MS = 1000;
const WAIT_POLL_MS = 500;

/** The progress of a scan another process runs, or undefined when none runs. */
export function othersScan(store: Store): ScanProgress | undefined {
  const row = store.lease(SCAN);
  if (!isHeld(row)) return undefined;
  const progress = row.progress ? (JSON.parse(row.progress) as ScanProgress) : undefined;
  return progress ?? { toRead: 0, read: 0, failed: 0 };
}

/** What a released lease keeps: which scan finished (its unique holder name) and its summary. */
interface Outcome {
  by: string;
  summary: ScanSummary;
}

const readOutcome = (text: string | null): Outcome | undefined => {
  const outcome = text ? (JSON.parse(text) as Partial<Outcome>) : undefined;
  return typeof outcome?.by === 'string' && outcome.summary ? (outcome as Outcome) : undefined;
};

/** Wait for the lease: undefined once this process holds it, or the summary of a scan another
 * process began after this request arrived and finished meanwhile. */
async function takeOrWait(store: Store, holder: string, onProgress: (progress: ScanProgress) => void): Promise<ScanSummary | undefined> {
  // The scan running when this request arrived: it may have missed what was just written.
  const atArrival = store.lease(SCAN);
  const tooEarly = isHeld(atArrival) ? atArrival.holder : undefined;
  for (;;) {
    if (store.takeLease(SCAN, holder, LEASE_TTL_MS)) return undefined;
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    const row = store.lease(SCAN);
    const finished = row && row.holder === '' ? readOutcome(row.outcome) : undefined;
    if (finished && finished.by !== tooEarly) return finished.summary;
    const progress = othersScan(store);
    if (progress) onProgress(progress);
  }
}

/** Run `scan` holding the index's scan lease, or answer with the scan another process ran. */
export async function exclusiveScan(
  store: Store,
  onProgress: (progress: ScanProgress) => void,
  scan: (onProgress: (progress: ScanProgress) => void) => Promise<ScanSummary>,
): Promise<ScanSummary> {
  const holder = holderName(process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex'));
  const finished = await takeOrWait(store, holder, onProgress);
  if (finished) return finished;
  let latest: ScanProgress | null = null;
  let written = 0;
  const renew = () => {
    written = Date.now();
    store.renewLease(SCAN, holder, LEASE_TTL_MS, latest && JSON.stringify(latest));
  };
  const timer = setInterval(renew, RENEW_MS).unref();
  let outcome: string | null = null;
  try {
    const summary = await scan((progress) => {
      latest = progress;
      onProgress(progress);
      if (Date.now() - written >= PROGRESS_WRITE_MS) renew();
    });
    outcome = JSON.stringify({ by: holder, summary } satisfies Outcome);
    return summary;
  } finally {
    clearInterval(timer);
    store.releaseLease(SCAN, holder, outcome);
  }
}
