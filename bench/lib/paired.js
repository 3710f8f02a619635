// Paired wrk runs: baseline and subject alternate run by run, so drift in the machine (another
// process, thermal state) hits both sides alike.
import { warm } from './servers.js';
import { runWrk, writeScript } from './wrk.js';

export function pairedRuns({ subject, baseline, runs, seconds, log, label }) {
  const results = { subject: [], baseline: [] };
  // A short warm-up of each: JIT, connection set-up, caches that any long-running server has warm.
  runWrk(baseline.base, baseline.script, 1);
  runWrk(subject.base, subject.script, 1);
  for (let run = 0; run < runs; run++) {
    results.baseline.push(runWrk(baseline.base, baseline.script, seconds));
    results.subject.push(runWrk(subject.base, subject.script, seconds));
    const b = results.baseline.at(-1);
    const s = results.subject.at(-1);
    log(
      `  ${label} run ${run + 1}: ${Math.round(s.rps)} req/s (p99 ${s.p99.toFixed(1)} ms, ${s.mbps.toFixed(0)} MB/s) vs baseline ${Math.round(b.rps)} req/s (${b.mbps.toFixed(0)} MB/s)`,
    );
  }
  return results;
}

/** A figure's two sides in requests per second, from pairedRuns' results. */
export const rateSides = (results, subject, baseline) => ({
  subject: { label: subject, values: results.subject.map((x) => x.rps), unit: 'req/s' },
  baseline: { label: baseline, values: results.baseline.map((x) => x.rps), unit: 'req/s' },
});

/**
 * The req/s figure of two servers ({ base, label }) on the same `paths`, each warmed on every path
 * first (both measure warm caches), run paired: its report row with the p99 of each side.
 */
export async function comparedRates({ name, subject, baseline, paths, label, target, scratch, options, log }) {
  for (const server of [subject, baseline]) for (const path of paths) await warm(server.base + path);
  const script = writeScript(scratch, label, paths);
  const r = pairedRuns({
    subject: { base: subject.base, script },
    baseline: { base: baseline.base, script },
    runs: options.runs,
    seconds: options.duration,
    log,
    label,
  });
  const p99 = (side) => Math.max(...side.map((x) => x.p99)).toFixed(1);
  return {
    name,
    ...rateSides(r, subject.label, baseline.label),
    ratio: { kind: 'rate', target },
    note: `p99 ${p99(r.subject)} ms (${subject.label}) vs ${p99(r.baseline)} ms (${baseline.label})`,
  };
}
