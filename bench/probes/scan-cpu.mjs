// The first-scan figure (bench/figures/scan.js) in CPU time, which a busy machine does not stretch:
// the floor (sharp decoding the corpus to <= 512 px with shrink-on-load at the scan's concurrency),
// the scan's analysis alone (analyzeImage at the same concurrency, nothing written) and
// `library.scan()` on a fresh home, alternated, each run's process CPU and wall time: the scan's cost
// splits into the decode (the floor), the analysis' extras and the rest (index, files, walk).
// With --dump FILE, the first scan's index (every table but the scan lease's, timestamps left out) and the SHA-256 of
// every file it wrote, as JSON: two builds' results compared byte for byte.
// `node bench/probes/scan-cpu.mjs [DIST] [--runs N] [--dump FILE] [--scan-only]`, DIST a built tree
// (default dist/); the corpus is bench/.corpus/images (made by `npm run bench -- --only scan`).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { listImages } from '../lib/corpus.js';
import { decodeToFloor } from '../lib/floor.js';
import { summarize } from '../lib/stats.js';
import { mapLimit, timed } from '../lib/util.js';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const positional = args.filter((a, i) => !a.startsWith('--') && !['--runs', '--dump'].includes(args[i - 1]));
const dist = resolve(positional[0] ?? new URL('../../dist', import.meta.url).pathname);
const runs = Number(value('--runs', 3));
const dumpFile = value('--dump');

const { openLibrary } = await import(`${dist}/core/library/facade.js`);
// analyze.js applies the scan's sharp settings (cache off) to the floor too.
const { analyzeImage } = await import(`${dist}/core/analysis/analyze.js`);

const CONCURRENCY = Math.max(2, availableParallelism());
const corpus = listImages(new URL('../.corpus/images', import.meta.url).pathname);
const folder = new URL('../.corpus/scan-probe-folder', import.meta.url).pathname;
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
for (const file of corpus.files) symlinkSync(file.path, join(folder, basename(file.path)));
for (const file of corpus.files) readFileSync(file.path); // page cache warm for both sides

/** The scan's analysis alone (decode, hash, thumbnail, colours, fingerprint), no index, no files written. */
const analyse = () =>
  timed(() =>
    mapLimit(corpus.files, CONCURRENCY, async (file) => {
      await analyzeImage(await readFile(file.path), 480, file.path.slice(file.path.lastIndexOf('.') + 1));
    }),
  );

const floor = () =>
  timed(() =>
    mapLimit(corpus.files, CONCURRENCY, async (file) => {
      await decodeToFloor(await readFile(file.path));
    }),
  );

async function scan(dump) {
  const home = mkdtempSync(join(tmpdir(), 'wallpaper-probe-scan-'));
  const library = openLibrary({ home });
  library.updateSettings({ folders: [folder] });
  try {
    const run = await timed(() => library.scan());
    if (run.value.added !== corpus.files.length) throw new Error(`scan added ${run.value.added}: ${JSON.stringify(run.value.failed)}`);
    if (dump) writeFileSync(dump, JSON.stringify(contents(home), null, 1));
    return run;
  } finally {
    library.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Every table of the index, rows sorted, timestamps out; every other file's SHA-256 by path. */
function contents(home) {
  const db = new Database(join(home, 'index.sqlite'), { readonly: true });
  const tables = {};
  // The scan lease's row holds this run's pid and duration: not a result.
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'leases' ORDER BY name").all()) {
    const rows = db.prepare(`SELECT * FROM "${name}"`).all();
    const clean = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([key]) => !/_at$|^at$|_ms$|^generation$|^n$/.test(key))
          .map(([key, v]) => [key, Buffer.isBuffer(v) ? v.toString('hex') : v]),
      ),
    );
    tables[name] = clean.map((r) => JSON.stringify(r)).sort();
  }
  db.close();
  const files = {};
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (!path.endsWith('index.sqlite') && !/index\.sqlite-/.test(path) && !path.endsWith('settings.json'))
        files[relative(home, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  visit(home);
  return { tables, files: Object.fromEntries(Object.entries(files).sort()) };
}

const megabytes = corpus.files.reduce((sum, f) => sum + f.size, 0) / 1e6;
console.log(`${corpus.files.length} images, ${megabytes.toFixed(0)} MB, concurrency ${CONCURRENCY}, dist ${dist}`);
if (!flag('--scan-only'))
  await floor(); // warm-up: sharp's first pipeline loads codecs
else await scan(); // warm-up: the scan's modules
const floors = [];
const analyses = [];
const scans = [];
const show = (r) => `${r.cpu.toFixed(2)} s CPU (${r.seconds.toFixed(2)} s wall)`;
for (let run = 0; run < runs; run++) {
  if (!flag('--scan-only')) {
    floors.push(await floor());
    analyses.push(await analyse());
  }
  scans.push(await scan(run === 0 ? dumpFile : undefined));
  const f = floors.at(-1);
  const s = scans.at(-1);
  console.log(
    `run ${run + 1}: ${f ? `floor ${show(f)}, analysis ${show(analyses.at(-1))}, ` : ''}scan ${show(s)}${f ? `, scan/floor ${(s.cpu / f.cpu).toFixed(3)} CPU` : ''}`,
  );
}
const cpuOf = (list) => summarize(list.map((r) => r.cpu)).median;
console.log(
  `median: scan ${cpuOf(scans).toFixed(2)} s CPU${floors.length ? `, analysis ${cpuOf(analyses).toFixed(2)}, floor ${cpuOf(floors).toFixed(2)}; scan/floor ${(cpuOf(scans) / cpuOf(floors)).toFixed(3)}, analysis/floor ${(cpuOf(analyses) / cpuOf(floors)).toFixed(3)}` : ''}`,
);
rmSync(folder, { recursive: true, force: true });
