// One scan at a time in a library, and never an answer from a scan that began before the request
// (docs/design.md#one-refresh-sees-every-file-written-before-it): a request that finds a scan running here is answered by the next one, which
// every request arriving meanwhile shares. Across processes, scan-lease.ts keeps the same rule.
import type { ScanProgress, ScanSummary } from '../types.js';

type Start = (onProgress?: (progress: ScanProgress) => void) => Promise<ScanSummary>;

export interface ScanQueue {
  /** True while a scan of this library runs. */
  readonly running: boolean;
  scan(onProgress?: (progress: ScanProgress) => void): Promise<ScanSummary>;
}

export function scanQueue(start: Start): ScanQueue {
  let running: Promise<ScanSummary> | undefined;
  let next: Promise<ScanSummary> | undefined;
  const begin: Start = (onProgress) => {
    next = undefined;
    running = start(onProgress).finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    get running() {
      return running !== undefined;
    },
    scan(onProgress) {
      if (next) return next;
      if (!running) return begin(onProgress);
      next = running.then(
        () => begin(),
        () => begin(),
      );
      return next;
    },
  };
}
