// The one line that sums up a scan, printed by both faces: the CLI's last line after `wallpaper scan`
// and the server's log line after a scan it ran. Text shared by siblings lives here, beside them,
// so neither face imports the other; it reads only the core's shapes.
import type { ScanSummary } from './core/types.js';

/** `1 wallpaper`, `2 wallpapers`. */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The one-line summary of a scan: the CLI's last line and the server's log line. */
export function summaryLine(summary: ScanSummary): string {
  return (
    `Indexed ${count(summary.total + (summary.hidden ?? 0), 'wallpaper')}${summary.hidden ? ` (${summary.total} shown, ${summary.hidden} hidden)` : ''}: ${summary.added} added, ${summary.updated} updated, ` +
    `${summary.removed} removed, ${summary.unchanged} unchanged, ${count(summary.duplicates.length, 'duplicate')}, ` +
    `${summary.skipped.length} skipped, ${summary.failed.length} failed` +
    (summary.unavailable > 0 ? `, ${summary.unavailable} unavailable` : '') +
    ` (${(summary.duration_ms / 1000).toFixed(1)} s)`
  );
}
