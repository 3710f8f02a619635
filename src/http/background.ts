// Scans nobody waits for (at start-up, after the folders changed): their outcome is one log line,
// and a failure is reported, never an unhandled rejection that would take the server down.
import { oneLine } from '../core/index.js';
import type { Library } from '../core/types.js';
import { summaryLine } from '../scan-summary.js';
import type { Logger } from './errors.js';

/** Start a scan in the background; the promise always resolves (after logging the outcome). */
export function scanInBackground(library: Library, logger: Logger, reason: string): Promise<void> {
  return library.scan().then(
    (summary) => logger.info(`scan (${reason}): ${summaryLine(summary)}`),
    (error: unknown) => logger.error(`scan (${reason}) failed: ${oneLine(error)}`),
  );
}
