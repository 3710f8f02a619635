// Printers shared by the commands: JSON, aligned tables, and the one-line scan summary.
import type { Writable } from 'node:stream';
import type { Filters, ListResponse, ScanSummary, Wallpaper } from '../core/types.js';
import { siblingHint } from '../no-match.js';
import { count } from '../scan-summary.js';

/** A size for people, in decimal units as the gallery writes it (gallery/js/dom.js formatBytes, held
 * equal by test/cli/first-hour-again.test.ts): "14.7 MB" is 14,700,000 bytes, everywhere. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

export function printJson(out: Writable, value: unknown): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Columns padded to their widest cell; the last column is not padded. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
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
    if (total > 0) out.write(`${total} wallpaper${plural}, page ${page} of ${total_pages}\n`);
  }
}

/**
 * The lines a scan prints before its summary line (on stderr): every failure (they must never
 * drown), the wallpapers of folders that are away, and one line each for duplicates and skipped
 * files, which `verbose` lists one by one instead (a KDE theme folder alone has hundreds); with
 * min_size off, how many small pictures were indexed and the line that leaves them out.
 */
export function scanDetails(summary: ScanSummary, verbose: boolean): string[] {
  const lines = summary.failed.map(({ path, error }) => `failed: ${path}: ${error}`);
  if (summary.unavailable > 0) {
    lines.push(`${count(summary.unavailable, 'wallpaper')} unavailable: kept from folders that cannot be read now (a disk not mounted?)`);
  }
  if (verbose) {
    lines.push(...summary.duplicates.map(({ path, duplicate_of }) => `duplicate: ${path} (same bytes as ${duplicate_of})`));
    lines.push(...summary.skipped.map(({ path, reason }) => `skipped: ${path}: ${reason}`));
    return [...lines, ...smallHint(summary)];
  }
  if (summary.duplicates.length > 0) lines.push(`${count(summary.duplicates.length, 'duplicate')} (--verbose lists them)`);
  const [smaller, formats] = partition(summary.skipped, ({ reason }) => reason.startsWith('smaller than min_size'));
  if (formats.length > 0) {
    const kinds = [...new Set(formats.map(({ path }) => path.slice(path.lastIndexOf('.')).toLowerCase()))].sort();
    lines.push(`${formats.length} skipped: formats not indexed (${kinds.join(' ')}) (--verbose lists them)`);
  }
  if (smaller.length > 0) lines.push(`${smaller.length} skipped: ${smaller[0]!.reason} (--verbose lists them)`);
  return [...lines, ...smallHint(summary)];
}

/** With min_size off, the pictures under 320x200 a scan indexed and the setting that leaves them
 * out (docs/cli.md#wallpaper-config): icons and sprites of a folder such as /usr/share. */
function smallHint(summary: ScanSummary): string[] {
  if (!summary.small) return [];
  return [
    `${count(summary.small, 'picture')} under 320x200 indexed (icons, sprites?); to leave them out:`,
    '  wallpaper config set min_size 320x200',
  ];
}

const partition = <T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] => [items.filter(test), items.filter((i) => !test(i))];

/** "no wallpaper matches ..." naming the filters and the library size, and for `--format jpeg`
 * (or jpg) how many files the other spelling would match: the two are different extensions. */
/** A parsed filter as the flags that give it (`favorite: true` is `--favorites`, `q` is `--search`). */
function flagWords(name: string, value: unknown): string[] {
  if (name === 'favorite') return ['--favorites']; // the CLI has no flag for favorite=false
  if (name === 'color_tolerance') return [];
  const flag = name === 'q' ? 'search' : name.replaceAll('_', '-');
  return (Array.isArray(value) ? value : [value]).map((one) => `--${flag} ${/\s/.test(String(one)) ? JSON.stringify(one) : one}`);
}

export function noMatchMessage(filters: Filters, countOf: (filters: Filters) => number): string {
  const named = Object.entries(filters).flatMap(([name, value]) => flagWords(name, value));
  const message = `no wallpaper matches ${named.join(' ') || 'these filters'} (${count(countOf({}), 'wallpaper')} in the library)`;
  return message + siblingHint(filters, countOf, (format) => `--format ${format}`);
}
