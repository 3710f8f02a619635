// Figures: GET /api/wallpapers (100 rotating filter/page combinations) and GET /api/wallpapers/random
// on the 100,000-wallpaper index, vs a bare node:http server sending bodies of the same size.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairedRuns, rateSides } from '../lib/paired.js';
import { listPaths } from '../lib/queries.js';
import { startBareJson } from '../lib/servers.js';
import { writeScript } from '../lib/wrk.js';

/** `100k` or `1M`: the index a figure ran on, for its name. */
export const sizeOf = (big) => (big.count >= 1_000_000 ? `${big.count / 1_000_000}M` : `${big.count / 1000}k`);

/** Time one cold-ish request per path (the first time the server sees it), for the report. */
async function firstFetch(base, paths) {
  const bodies = {};
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(base + path);
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
    bodies[path] = body;
  }
  return { bodies, times };
}

export async function listFigure({ big, server, options, scratch, log }) {
  const paths = listPaths();
  const { bodies, times } = await firstFetch(server.base, paths);
  const sizes = Object.values(bodies).map((b) => Buffer.byteLength(b));
  const bodiesFile = join(scratch, 'list-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ bodies }));
  const bare = await startBareJson(bodiesFile);
  try {
    const script = writeScript(scratch, 'list', paths);
    const r = pairedRuns({
      subject: { base: server.base, script },
      baseline: { base: bare.base, script },
      runs: options.runs,
      seconds: options.duration,
      log,
      label: 'list',
    });
    const sortedTimes = [...times].sort((a, b) => a - b);
    return [
      {
        name: `GET /api/wallpapers, limit 50, ${sizeOf(big)} index, 100 rotating queries (req/s)`,
        ...rateSides(r, 'wallpaper', 'bare node:http'),
        ratio: { kind: 'rate', target: 0.2 },
        note: `bodies ${Math.round(Math.min(...sizes) / 1024)}-${Math.round(Math.max(...sizes) / 1024)} KiB; first request of each query (uncached): median ${sortedTimes[50].toFixed(1)} ms, max ${sortedTimes.at(-1).toFixed(1)} ms`,
      },
      {
        name: `GET /api/wallpapers p99 latency at 10 connections, ${sizeOf(big)} index`,
        subject: { label: 'wallpaper', values: r.subject.map((x) => x.p99), unit: 'ms' },
        baseline: { label: 'bare node:http', values: r.baseline.map((x) => x.p99), unit: 'ms' },
        ratio: { kind: 'absolute', target: 25, unit: 'ms' },
      },
    ];
  } finally {
    await bare.stop();
  }
}

export async function randomFigure({ big, server, options, scratch, log }) {
  const path = '/api/wallpapers/random';
  const sample = await (await fetch(server.base + path)).text();
  const bodiesFile = join(scratch, 'random-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ bodies: {}, fallback: sample }));
  const bare = await startBareJson(bodiesFile);
  try {
    const script = writeScript(scratch, 'random', [path]);
    const r = pairedRuns({
      subject: { base: server.base, script },
      baseline: { base: bare.base, script },
      runs: options.runs,
      seconds: options.duration,
      log,
      label: 'random',
    });
    return [
      {
        name: `GET /api/wallpapers/random, ${sizeOf(big)} index (req/s)`,
        ...rateSides(r, 'wallpaper', 'bare node:http'),
        // 0.5x at 100k, 0.4x at a million.
        ratio: { kind: 'rate', target: big.count >= 1_000_000 ? 0.4 : 0.5 },
        note: `body ${Buffer.byteLength(sample)} B; p99 ${Math.max(...r.subject.map((x) => x.p99)).toFixed(1)} ms at worst`,
      },
    ];
  } finally {
    await bare.stop();
  }
}
