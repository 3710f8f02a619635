// The report: each figure's measured values (min / median / max over the runs), its baseline or
// floor from the same run, the ratio the table asks for, the target, and PASS or MISS.
// Printed as a Markdown table so a run can be pasted into bench/RESULTS.md as it is.
import { num, spread, summarize } from './stats.js';

/** Decide one figure: { value text, target text, pass }. */
export function judge(row) {
  const s = summarize(row.subject.values);
  const b = row.baseline ? summarize(row.baseline.values) : undefined;
  const { kind, target, unit } = row.ratio;
  switch (kind) {
    case 'time': {
      const ratio = s.median / b.median;
      return { value: `${ratio.toFixed(2)}x the floor`, target: `<= ${target}x`, pass: ratio <= target };
    }
    case 'rate': {
      const ratio = s.median / b.median;
      return { value: `${ratio.toFixed(2)}x the baseline`, target: `>= ${target}x`, pass: ratio >= target };
    }
    case 'over': {
      const over = s.median - b.median;
      return { value: `floor + ${num(over)} ${unit}`, target: `<= floor + ${target} ${unit}`, pass: over <= target };
    }
    case 'absolute':
      return { value: `${num(s.median)} ${unit}`, target: `<= ${target} ${unit}`, pass: s.median <= target };
    case 'atleast':
      return { value: `${num(s.median)} ${unit}`, target: `>= ${target} ${unit}`, pass: s.median >= target };
    default:
      throw new Error(`unknown ratio kind ${kind}`);
  }
}

export function formatReport(rows) {
  const lines = [
    '| figure | measured (min / median / max) | baseline or floor (min / median / max) | result | target | |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    if (row.skipped) {
      lines.push(`| ${row.name} | skipped: ${row.skipped} | | | | SKIP |`);
      continue;
    }
    const verdict = judge(row);
    const s = summarize(row.subject.values);
    const b = row.baseline ? `${row.baseline.label}: ${spread(summarize(row.baseline.values), row.baseline.unit)}` : '';
    lines.push(
      `| ${row.name} | ${spread(s, row.subject.unit)} | ${b} | ${verdict.value} | ${verdict.target} | ${verdict.pass ? 'PASS' : 'MISS'} |`,
    );
  }
  const notes = rows.filter((row) => row.note).map((row) => `- ${row.name}: ${row.note}`);
  // A figure may add a table of its own (several sets side by side), printed after the notes.
  const tables = rows.filter((row) => row.table).flatMap((row) => ['', row.table]);
  return [...lines, '', ...notes, ...tables].join('\n');
}
