// Figure: first scan of N large images vs the decoder floor: sharp decoding the same files to at most
// 512 px with shrink-on-load, with the scan's own concurrency, in the same process. Also reports how
// busy both cores were (process CPU time / wall time / cores) for each.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openLibrary } from '../../dist/core/library/facade.js';
import '../../dist/core/analysis/analyze.js'; // applies the scan's sharp settings (cache off) to the floor too
import { decodeToFloor, FLOOR_SIZE } from '../lib/floor.js';
import { mapLimit, timed } from '../lib/util.js';

/** The scan's concurrency (src/core/library/scan.ts): the floor decodes with the same. */
const CONCURRENCY = Math.max(2, availableParallelism());

export async function scanFigure({ corpus, options, scratch, log }) {
  const files = options.quick && !options.corpus ? corpus.files.slice(0, 12) : corpus.files;
  // The scan walks a folder: give it one holding exactly these files.
  const folder = join(scratch, 'scan-folder');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const file of files) symlinkSync(file.path, join(folder, basename(file.path)));
  for (const file of files) readFileSync(file.path); // page cache warm for both sides
  const megabytes = files.reduce((sum, f) => sum + f.size, 0) / 1e6;
  log(`scan: ${files.length} images, ${megabytes.toFixed(0)} MB, concurrency ${CONCURRENCY}`);

  const floor = () =>
    timed(() =>
      mapLimit(files, CONCURRENCY, async (file) => {
        await decodeToFloor(await readFile(file.path));
      }),
    );
  const scan = () => {
    const home = mkdtempSync(join(tmpdir(), 'wallpaper-bench-scan-'));
    const library = openLibrary({ home });
    library.updateSettings({ folders: [folder] });
    return timed(() => library.scan()).finally(() => {
      library.close();
      rmSync(home, { recursive: true, force: true });
    });
  };

  await floor(); // warm-up: sharp's first pipeline loads codecs
  const floors = [];
  const scans = [];
  for (let run = 0; run < options.runs; run++) {
    floors.push(await floor());
    const result = await scan();
    if (result.value.added !== files.length) {
      throw new Error(`scan indexed ${result.value.added} of ${files.length} images: ${JSON.stringify(result.value.failed)}`);
    }
    scans.push(result);
    log(`  run ${run + 1}: floor ${floors.at(-1).seconds.toFixed(2)} s, scan ${result.seconds.toFixed(2)} s`);
  }
  // How busy both cores were: CPU time over wall time and cores.
  const busy = (list) => Math.round((list.reduce((s, r) => s + r.cpu / r.seconds / availableParallelism(), 0) / list.length) * 100);
  return [
    {
      name: `first scan of ${files.length} images (${megabytes.toFixed(0)} MB), time`,
      subject: { label: 'scan', values: scans.map((r) => r.seconds), unit: 's' },
      baseline: { label: `sharp to ${FLOOR_SIZE} px`, values: floors.map((r) => r.seconds), unit: 's' },
      ratio: { kind: 'time', target: 1.3 },
      note: `cores busy: scan ${busy(scans)}%, floor ${busy(floors)}% of ${availableParallelism()}`,
    },
  ];
}
