// Figure: rescan of 10,000 unchanged files (and of the million links of `--only million`) vs its
// floor, a fast-glob walk with stat of the same tree.
import fg from 'fast-glob';
import { openLibrary } from '../../dist/core/library/facade.js';
import { ensureTree10k } from '../lib/tree10k.js';

export async function rescanFigure({ root, options, log }) {
  return rescanRows(await ensureTree10k(root, { log }), options.runs * 2, log);
}

/** A rescan of the million links of the `--only million` index, once after a warm-up. */
export const rescanMillionFigure = ({ big, log }) => rescanRows({ home: big.home, tree: big.links, count: big.count }, 1, log);

async function rescanRows({ home, tree, count }, runs, log) {
  const floor = async () => {
    const started = performance.now();
    const entries = await fg('**/*.{jpg,jpeg,png,webp}', {
      cwd: tree,
      absolute: true,
      stats: true,
      caseSensitiveMatch: false,
      dot: false,
      followSymbolicLinks: true,
    });
    if (entries.length !== count) throw new Error(`fast-glob found ${entries.length} files, expected ${count}`);
    return (performance.now() - started) / 1000;
  };
  const library = openLibrary({ home });
  const rescan = async () => {
    const started = performance.now();
    const summary = await library.scan();
    const seconds = (performance.now() - started) / 1000;
    if (summary.unchanged !== count || summary.added || summary.removed || summary.updated) {
      throw new Error(
        `rescan of the unchanged tree changed something: ${JSON.stringify({ ...summary, failed: summary.failed.length, duplicates: summary.duplicates.length })}`,
      );
    }
    return seconds;
  };
  try {
    await floor();
    await rescan(); // warm-up: the dentry cache and SQLite's page cache, as for a real periodic rescan
    const floors = [];
    const rescans = [];
    for (let run = 0; run < runs; run++) {
      floors.push(await floor());
      rescans.push(await rescan());
    }
    log(`rescan: floor ${floors.map((s) => s.toFixed(3)).join(' ')} s; rescan ${rescans.map((s) => s.toFixed(3)).join(' ')} s`);
    return [
      {
        name: `rescan of ${count.toLocaleString('en-US')} unchanged files, time`,
        subject: { label: 'rescan', values: rescans, unit: 's' },
        baseline: { label: 'fast-glob + stat', values: floors, unit: 's' },
        ratio: { kind: 'time', target: 2 },
      },
    ];
  } finally {
    library.close();
  }
}
