// Figures: the index on PostgreSQL. A PostgreSQL 15 cluster of Debian's packages kept in
// bench/.corpus/pg holds the same 100k records as the SQLite index (made through the store, once).
// `serve --database` on it against `serve` on SQLite, same home, same run, same wrk: list pages
// (100 rotating queries) and /random. Then two replicas on one database: how long after an upload
// through one the other lists it (within 1 s). Also each list query's first (uncached)
// answer, and a rescan of the 100k unchanged files, on both.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import sharp from 'sharp';
import { startCluster } from '../../test/helpers/postgres-cluster.js';
import { openStore } from '../../dist/core/store/index.js';
import { bigRecords } from '../lib/index100k.js';
import { comparedRates } from '../lib/paired.js';
import { listPaths } from '../lib/queries.js';
import { writeRecords } from '../lib/records.js';
import { startWallpaper, warm } from '../lib/servers.js';

const CASES = [
  { name: 'GET /api/wallpapers (100 rotating queries)', label: 'pg-list', paths: listPaths() },
  { name: 'GET /api/wallpapers/random', label: 'pg-random', paths: ['/api/wallpapers/random'] },
];
const UPLOADS = 20;
const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));

/** Milliseconds of each path's first answer (before any cache holds it). */
async function firstAnswers(base, paths) {
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    await warm(base + path);
    times.push(performance.now() - started);
  }
  return times;
}

/** `wallpaper scan --json`'s duration_ms on the home's unchanged files, `runs` times. */
function rescans(home, args, runs) {
  return Array.from({ length: runs }, () => {
    const out = execFileSync(process.execPath, [BIN, '--home', home, ...args, 'scan', '--json'], { encoding: 'utf8' });
    return JSON.parse(out).duration_ms;
  });
}

/** The 100k database, made once: a marker row says which records it holds; one made for other
 * records is emptied first. */
async function ensureDatabase(cluster, big, corpus, log) {
  const url = await cluster.createDatabase('bench_100k');
  const store = openStore(url);
  try {
    store.prepare('CREATE TABLE IF NOT EXISTS bench_marker (marker TEXT NOT NULL)').run();
    if (store.prepare('SELECT marker FROM bench_marker').pluck().get() === big.marker) return url;
    log('making the 100,000-wallpaper index in PostgreSQL (once; cached for later runs)');
    const started = performance.now();
    store.prepare('TRUNCATE bench_marker, wallpapers, files, palette_colors, tags, marks, distinct_pairs').run();
    store.prepare('UPDATE wallpaper_count SET n = 0').run();
    writeRecords(url, bigRecords(big.links, corpus.files, big.count));
    // As autovacuum would soon: plans and visibility for the fresh rows (the first start-up rescan
    // on an unanalysed table took 12 s instead of 1).
    store.prepare('VACUUM ANALYZE').run();
    store.prepare('INSERT INTO bench_marker VALUES (?)').run(big.marker);
    log(`made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return url;
  } finally {
    store.close();
  }
}

/** How long after an upload through `a` is it listed by `b` (ms), `UPLOADS` times. */
async function visibility(a, b) {
  const delays = [];
  for (let i = 0; i < UPLOADS; i++) {
    const form = new FormData();
    const background = { r: (i * 53) % 256, g: 90, b: 140 };
    const bytes = await sharp({ create: { width: 320 + i, height: 200, channels: 3, background } })
      .png()
      .toBuffer();
    form.append('file', new Blob([bytes]), `replica-${i}.png`);
    const reply = await fetch(`${a.base}/api/upload`, { method: 'POST', body: form });
    if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
    const uploaded = performance.now();
    const { wallpapers } = await reply.json();
    const id = wallpapers[0].id;
    for (;;) {
      const found = await fetch(`${b.base}/api/wallpapers/${id}`);
      await found.arrayBuffer();
      if (found.status === 200) break;
      if (performance.now() - uploaded > 10_000) throw new Error(`replica ${b.base} never listed ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    delays.push(performance.now() - uploaded);
  }
  return delays;
}

export async function postgresFigure({ root, big, corpus, options, scratch, log }) {
  const name = 'PostgreSQL index';
  const cluster = await startCluster(join(root, 'pg'));
  if (typeof cluster === 'string') return [{ name, skipped: cluster }];
  try {
    const url = await ensureDatabase(cluster, big, corpus, log);
    const rows = [];
    const sqlite = await startWallpaper(big.home);
    const postgres = await startWallpaper(big.home, { args: ['--database', url] });
    log(`serve on PostgreSQL: ${postgres.startupScan}`);
    try {
      const [onSqlite, onPostgres] = [await firstAnswers(sqlite.base, CASES[0].paths), await firstAnswers(postgres.base, CASES[0].paths)];
      rows.push({
        name: 'GET /api/wallpapers, first (uncached) answer of each of the 100 queries, 100k: PostgreSQL vs SQLite (ms)',
        subject: { label: 'PostgreSQL', values: onPostgres, unit: 'ms' },
        baseline: { label: 'SQLite', values: onSqlite, unit: 'ms' },
        ratio: { kind: 'time', target: 3 },
      });
      for (const { name: title, label, paths } of CASES) {
        rows.push(
          await comparedRates({
            name: `${title}, 100k: PostgreSQL vs SQLite (req/s)`,
            subject: { base: postgres.base, label: 'PostgreSQL' },
            baseline: { base: sqlite.base, label: 'SQLite' },
            paths,
            label,
            target: 0.5,
            scratch,
            options,
            log,
          }),
        );
      }
    } finally {
      await Promise.all([sqlite.stop(), postgres.stop()]);
    }
    rows.push({
      name: 'rescan of 100,000 unchanged files (links), `scan --json`: PostgreSQL vs SQLite (ms)',
      subject: { label: 'PostgreSQL', values: rescans(big.home, ['--database', url], options.runs), unit: 'ms' },
      baseline: { label: 'SQLite', values: rescans(big.home, [], options.runs), unit: 'ms' },
      ratio: { kind: 'time', target: 2 },
    });
    rows.push(await replicaRow(cluster, corpus, scratch, log));
    return rows;
  } finally {
    cluster.stop();
  }
}

/** Two replicas (their own homes) on one new database reading one shared folder. */
async function replicaRow(cluster, corpus, scratch, log) {
  const database = `bench_replicas_${Date.now()}`;
  const url = await cluster.createDatabase(database);
  const shared = join(scratch, 'replicas-shared');
  const homes = [join(scratch, 'replica-a'), join(scratch, 'replica-b')];
  for (const home of homes) {
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ folders: [corpus.dir], upload_folder: join(shared, 'uploads') }));
  }
  const [a, b] = await Promise.all(homes.map((home) => startWallpaper(home, { args: ['--database', url] })));
  try {
    const delays = await visibility(a, b);
    log(`  upload seen by the other replica after ${delays.map((d) => d.toFixed(0)).join(', ')} ms`);
    return {
      name: 'PostgreSQL: an upload through one replica listed by the other (ms)',
      subject: { label: 'delay', values: delays, unit: 'ms' },
      ratio: { kind: 'absolute', target: 1000, unit: 'ms' },
      note: `${UPLOADS} uploads; worst ${Math.max(...delays).toFixed(0)} ms`,
    };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await cluster.dropDatabase(database);
  }
}
