// `npm run bench`: the performance figures the project holds itself to, each against a floor or baseline measured in
// the same run on the same files, printed as one table (min / median / max over repeated runs, the
// ratio, the target, PASS or MISS). Flags: see lib/args.js (`--quick`, `--corpus DIR`, `--only`).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/args.js';
import { ensureCorpus, listImages } from './lib/corpus.js';
import { MILLION, ensureBigIndex, ensureIndex100k } from './lib/index100k.js';
import { formatReport } from './lib/report.js';
import { startWallpaper } from './lib/servers.js';
import { findWrk } from './lib/wrk.js';
import { cliFigure, monitorsFigure } from './figures/cli.js';
import { nextGnomeFigures } from './figures/next-gnome.js';
import { nextOnScreenFigures } from './figures/next-on-screen.js';
import { startFigures } from './figures/start.js';
import { filesFigure } from './figures/files.js';
import { listFigure, randomFigure } from './figures/json.js';
import { memoryFigure } from './figures/memory.js';
import { rescanFigure, rescanMillionFigure } from './figures/rescan.js';
import { scanFigure } from './figures/scan.js';
import { colourFigure, duplicatesFigure, groupingFigure } from './figures/duplicates.js';
import { clientFigure, variantFigures } from './figures/variants.js';
import { bigVariantFigures } from './figures/big-variants.js';
import { epaperFigures } from './figures/epaper.js';
import { workersFigure } from './figures/workers.js';
import { cdnFigure, hasNginx } from './figures/cdn.js';
import { postgresFigure } from './figures/postgres.js';
import { frameFigures } from './figures/frame.js';
import { formatsFigure } from './figures/formats.js';
import { onScreenFigures } from './figures/on-screen.js';

/** Everything generated lives here (git-ignored), so reruns reuse the corpus and the indexes. */
const ROOT = fileURLToPath(new URL('./.corpus/', import.meta.url)).replace(/\/$/, '');
const HTTP_FIGURES = ['list', 'random', 'client', 'files', 'variants', 'memory', 'colour', 'workers', 'cdn', 'million', 'postgres'];

const log = (line) => process.stderr.write(`${line}\n`);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const [load1] = loadavg();
  log(`wallpaper bench: ${cpus().length} cores, Node ${process.version}, load ${load1.toFixed(2)}${options.quick ? ', --quick' : ''}`);
  if (load1 > 0.5) log('warning: the machine is busy (load > 0.5); ratios hold up better than absolute numbers, but noise remains');
  const scratch = `${ROOT}/scratch`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });

  const wants = (name) => options.only.includes(name);
  // The formats figure makes its own corpus of real wallpapers: alone, it needs not the generated one.
  const needsCorpus =
    options.corpus || options.only.some((name) => !['formats', 'formats-memory', 'epaper', 'big-variants'].includes(name));
  const corpus = options.corpus ? listImages(options.corpus) : needsCorpus ? await ensureCorpus(ROOT, { log }) : { dir: '', files: [] };
  if (needsCorpus && corpus.files.length === 0) throw new Error(`no JPEG, PNG or WebP files in ${corpus.dir}`);
  const wrk = findWrk();
  const needsBig = ['list', 'random', 'client', 'cli', 'memory', 'monitors', 'grouping', 'colour', 'workers', 'postgres', 'frame'].some(
    wants,
  );
  const big = needsBig ? ensureIndex100k(ROOT, corpus.files, { log }) : undefined;
  const ctx = { options, root: ROOT, scratch, corpus, big, log };

  const rows = [];
  const skip = (name, why) => rows.push({ name, skipped: why });
  const wrkMissing = 'wrk is not installed (Debian: apt-get install -y wrk)';
  if (!wrk && HTTP_FIGURES.some(wants)) log(`${wrkMissing}: skipping the HTTP figures`);

  if (wants('scan')) rows.push(...(await scanFigure(ctx)));
  if (wants('rescan')) rows.push(...(await rescanFigure(ctx)));
  if (wants('duplicates')) rows.push(...(await duplicatesFigure(ctx)));
  if (wants('grouping')) rows.push(...(await groupingFigure(ctx)));
  if (wants('list') || wants('random') || wants('client') || wants('colour')) {
    if (!wrk) skip('GET /api/wallpapers and /random at 100k', wrkMissing);
    else {
      const server = await startWallpaper(big.home);
      log(`serve on the 100k index: ${server.startupScan}`);
      try {
        if (wants('list')) rows.push(...(await listFigure({ ...ctx, server })));
        if (wants('random')) rows.push(...(await randomFigure({ ...ctx, server })));
        if (wants('client')) rows.push(...clientFigure({ ...ctx, server }));
        if (wants('colour')) rows.push(...(await colourFigure({ ...ctx, server })));
      } finally {
        await server.stop();
      }
    }
  }
  if (wants('workers')) {
    if (!wrk) skip('serve --workers 2 vs 1', wrkMissing);
    else rows.push(...(await workersFigure(ctx)));
  }
  if (wants('postgres')) {
    if (!wrk) skip('the index on PostgreSQL', wrkMissing);
    else rows.push(...(await postgresFigure(ctx)));
  }
  if (wants('cdn')) {
    if (!wrk) skip('nginx cache in front of two replicas', wrkMissing);
    else if (!hasNginx()) skip('nginx cache in front of two replicas', 'nginx is not installed (Debian: apt-get install -y nginx-light)');
    else rows.push(...(await cdnFigure(ctx)));
  }
  if (wants('files')) {
    if (!wrk) skip('image and thumbnail endpoints vs sirv', wrkMissing);
    else rows.push(...(await filesFigure(ctx)));
  }
  if (wants('variants')) {
    if (!wrk) skip('sized variants', wrkMissing);
    else rows.push(...(await variantFigures(ctx)));
  }
  if (wants('big-variants')) rows.push(...(await bigVariantFigures(ctx)));
  if (wants('epaper')) rows.push(...(await epaperFigures(ctx)));
  if (wants('cli'))
    rows.push(
      ...(await startFigures(ctx)),
      ...(await nextOnScreenFigures(ctx)),
      ...(await nextGnomeFigures(ctx)),
      ...(await cliFigure(ctx)),
    );
  if (wants('monitors')) rows.push(...(await monitorsFigure(ctx)));
  if (wants('memory')) {
    if (!wrk) skip('serve RSS after 10,000 mixed requests', wrkMissing);
    else rows.push(...(await memoryFigure(ctx)));
  }
  if (wants('frame')) rows.push(...(await frameFigures(ctx)));
  if (wants('formats') || wants('formats-memory')) rows.push(...(await formatsFigure(ctx)));
  if (wants('on-screen')) rows.push(...(await onScreenFigures(ctx)));
  if (wants('million')) rows.push(...(await millionFigures(ctx, wrk)));
  log('nginx reference: not run (no nginx on this machine is assumed; sirv is the baseline)');

  const report = formatReport(rows);
  const minutes = (performance.now() - started) / 60_000;
  process.stdout.write(
    `\n${report}\n\n${options.runs} runs per figure, ${options.duration} s per wrk run; whole bench ${minutes.toFixed(1)} min\n`,
  );
  if (options.json) writeFileSync(options.json, JSON.stringify({ options, rows, minutes }, null, 2));
  rmSync(scratch, { recursive: true, force: true });
}

/** List, random, CLI, memory and rescan on a 1,000,000-record index (made once, cached). */
async function millionFigures(ctx, wrk) {
  const big = ensureBigIndex(ROOT, ctx.corpus.files, { log, count: MILLION });
  const at = { ...ctx, big };
  const rows = [];
  if (wrk) {
    const server = await startWallpaper(big.home);
    log(`serve on the 1M index: ${server.startupScan}`);
    try {
      rows.push(...(await listFigure({ ...at, server })), ...(await randomFigure({ ...at, server })));
    } finally {
      await server.stop();
    }
    rows.push(...(await memoryFigure(at)));
  }
  rows.push(...(await cliFigure(at)), ...(await rescanMillionFigure(at)));
  return rows;
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
