// Scans nobody waits for (at start-up, after the folders changed): their outcome is one log line,
// and a failure is reported, never an unhandled rejection that would take the server down.
import { oneLine } from '../core/errors.js';
import type { Library, ScanSummary } from '../core/types.js';
import type { Logger } from './errors.js';

/** One readable line for a finished scan. */
export function describeScan(summary: ScanSummary): string {
  const duplicates = Array.isArray(summary.duplicates) ? summary.duplicates.length : Number(summary.duplicates);
  return (
    `${summary.added} added, ${summary.updated} updated, ${summary.removed} removed, ${summary.unchanged} unchanged, ` +
    `${duplicates} duplicates, ${summary.failed.length} failed; ${summary.total} wallpapers in ${summary.duration_ms} ms`
  );
}

/** Start a scan in the background; the promise always resolves (after logging the outcome). */
export function scanInBackground(library: Library, logger: Logger, reason: string): Promise<void> {
  return library.scan().then(
    (summary) => logger.info(`scan (${reason}): ${describeScan(summary)}`),
    (error: unknown) => logger.error(`scan (${reason}) failed: ${oneLine(error)}`),
  );
}
