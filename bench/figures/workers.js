// Figures: `serve --workers 2` against `--workers 1` on the same 100k index, same run, same wrk (one
// thread, 10 connections): list (100 rotating queries) and /random. On this 2-core machine wrk takes
// part of a core, so two workers cannot reach a clean 2x; the target is >= 1.5x.
import { comparedRates } from '../lib/paired.js';
import { listPaths } from '../lib/queries.js';
import { startWallpaper } from '../lib/servers.js';

const CASES = [
  { name: 'GET /api/wallpapers (100 rotating queries)', label: 'workers-list', paths: listPaths() },
  { name: 'GET /api/wallpapers/random', label: 'workers-random', paths: ['/api/wallpapers/random'] },
];

export async function workersFigure({ big, options, scratch, log }) {
  const one = await startWallpaper(big.home, { args: ['--workers', '1'] });
  const two = await startWallpaper(big.home, { args: ['--workers', '2'] });
  try {
    const rows = [];
    for (const { name, label, paths } of CASES) {
      rows.push(
        await comparedRates({
          name: `${name}, 100k index: 2 workers vs 1 (req/s)`,
          subject: { base: two.base, label: '--workers 2' },
          baseline: { base: one.base, label: '--workers 1' },
          paths,
          label,
          target: 1.5,
          scratch,
          options,
          log,
        }),
      );
    }
    return rows;
  } finally {
    await Promise.all([one.stop(), two.stop()]);
  }
}
