// Paired wrk runs: baseline and subject alternate run by run, so drift in the machine (another
// process, thermal state) hits both sides alike.
import { runWrk } from './wrk.js';

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
