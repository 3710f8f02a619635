// `serve --workers N`: the primary process of a node:cluster. It forks N workers that each run the
// whole server (they share the listening socket; the SQLite index is shared in WAL mode, and its scan
// lease lets one of them scan at a time), prints where they listen once, restarts a worker that dies
// (logged, with a growing pause when one keeps dying at start-up) and, on SIGINT or SIGTERM, passes
// the signal on and waits for every worker to drain.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { WallpaperError } from '../core/index.js';
import type { ServerLogger } from '../http/logger.js';
import { SHUTDOWN_GRACE_MS } from '../http/limits.js';

/** `auto` runs one worker per core, at most this many (SQLite has one writer; more only wait). */
const AUTO_WORKERS_MAX = 8;
const MAX_WORKERS = 64;
/** The worker that scans at start-up, and its replacements, have this in their environment. */
export const SCAN_AT_START = 'WALLPAPER_WORKER_SCANS';
/** A worker that lived less than this counts as failing at start-up: its restart waits. */
const EARLY_EXIT_MS = 5000;
const MAX_RESTART_PAUSE_MS = 30_000;

/** `--workers`: a whole number from 1 to 64, or `auto` (one per core, at most 8). */
export function parseWorkers(text: string, cores = availableParallelism()): number {
  if (text === 'auto') return Math.max(1, Math.min(cores, AUTO_WORKERS_MAX));
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_WORKERS) {
    throw new WallpaperError(
      'invalid_param',
      `invalid --workers ${JSON.stringify(text)}: expected a whole number from 1 to ${MAX_WORKERS}, or auto`,
    );
  }
  return Number(text);
}

interface Slot {
  worker: Worker;
  started: number;
  /** Exits in a row that came soon after starting. */
  earlyExits: number;
}

/** Run `count` workers until SIGINT or SIGTERM; `onListening` gets the port once the first listens.
 * A worker that fails before any has listened (the port in use, the index unreadable) is not
 * restarted: its error is already on stderr; the primary stops the others and fails too. */
export function superviseWorkers(count: number, logger: ServerLogger, onListening: (port: number) => void): Promise<void> {
  const slots: Slot[] = [];
  let stopping = false;
  let announced = false;
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  let failed = false;

  const fork = (index: number, earlyExits: number) => {
    const worker = cluster.fork(index === 0 ? { [SCAN_AT_START]: '1' } : {});
    const slot: Slot = { worker, started: Date.now(), earlyExits };
    slots[index] = slot;
    worker.on('listening', (address) => {
      if (announced) return;
      announced = true;
      onListening(address.port);
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      // Before any worker listened, an exit is a start-up failure (a worker's exit code says nothing:
      // leaving the cluster exits 0).
      if (!announced) {
        failed = true;
        stop('SIGTERM');
        return;
      }
      const early = Date.now() - slot.started < EARLY_EXIT_MS;
      const exits = early ? slot.earlyExits + 1 : 0;
      const pause = early ? Math.min(MAX_RESTART_PAUSE_MS, 500 * 2 ** exits) : 0;
      logger.error(
        `worker ${worker.id} (pid ${worker.process.pid}) exited with ${signal ?? `code ${code}`}; restarting it` +
          (pause > 0 ? ` in ${pause / 1000} s` : ''),
      );
      setTimeout(() => {
        if (!stopping) fork(index, exits);
      }, pause);
    });
  };
  for (let index = 0; index < count; index++) fork(index, 0);
  logger.info(`started ${count} workers`);

  const stopped = new Promise<void>((done) => {
    stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      if (announced) logger.info(`stopping on ${signal}: draining ${count} workers`);
      const alive = slots.filter((slot) => !slot.worker.isDead());
      if (alive.length === 0) done();
      let left = alive.length;
      // A worker that has not drained well after the grace time is killed, so a stop always ends.
      const killer = setTimeout(() => {
        for (const { worker } of alive) worker.process.kill('SIGKILL');
      }, SHUTDOWN_GRACE_MS + 5000).unref();
      for (const { worker } of alive) {
        worker.once('exit', () => {
          if (--left > 0) return;
          clearTimeout(killer);
          done();
        });
        worker.process.kill(signal);
      }
    };
    // `on`, not `once`: a signal raised again (conf's when-exit does) must not end the primary early.
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return stopped.then(() => {
    if (failed) throw new WallpaperError('io_failed', 'the server did not start: the workers said why above');
  });
}
