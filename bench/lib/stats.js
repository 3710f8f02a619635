// Summaries of repeated measurements (min / median / max) and the number formats of the report.

export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? NaN : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { min: sorted[0] ?? NaN, median, max: sorted[n - 1] ?? NaN, n };
}

/** A number with about three significant digits, without exponent noise. */
export function num(value) {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** "min / median / max unit" */
export function spread(summary, unit = '') {
  return `${num(summary.min)} / ${num(summary.median)} / ${num(summary.max)}${unit ? ` ${unit}` : ''}`;
}

export const ms = (seconds) => seconds * 1000;
export const mb = (bytes) => bytes / 1e6;
