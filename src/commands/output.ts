// Printers shared by the commands: JSON, aligned tables, and the one-line scan summary.
import type { Writable } from 'node:stream';
import type { ListResponse, ScanSummary, Wallpaper } from '../core/types.js';

export function printJson(out: Writable, value: unknown): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Columns padded to their widest cell; the last column is not padded. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd())
    .join('\n');
}

const HEADER = ['ID', 'SIZE', 'BRIGHTNESS', 'ASPECT', 'HUE', 'PATH'];

export function wallpaperRow(w: Wallpaper): string[] {
  return [w.id, `${w.width}x${w.height}`, w.brightness, w.aspect_ratio, w.dominant_hue, w.path];
}

export function printList(out: Writable, list: ListResponse, interactive: boolean): void {
  if (list.wallpapers.length) out.write(`${formatTable([HEADER, ...list.wallpapers.map(wallpaperRow)])}\n`);
  if (interactive) {
    const { total, page, total_pages } = list.pagination;
    const plural = total === 1 ? '' : 's';
    out.write(total === 0 ? 'No wallpapers match.\n' : `${total} wallpaper${plural}, page ${page} of ${total_pages}\n`);
  }
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryLine(summary: ScanSummary): string {
  return (
    `Indexed ${count(summary.total, 'wallpaper')}: ${summary.added} added, ${summary.updated} updated, ` +
    `${summary.removed} removed, ${summary.unchanged} unchanged, ${count(summary.duplicates.length, 'duplicate')}, ` +
    `${summary.failed.length} failed (${(summary.duration_ms / 1000).toFixed(1)} s)`
  );
}
