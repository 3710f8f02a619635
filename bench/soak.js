// `npm run soak`: the long reliability runs against the built code (dist/) and the real
// bin, loopback only, every phase bounded in time and count:
//   1. load: SOAK_SECONDS (60) of SOAK_CONNECTIONS (50) keep-alive connections mixing reads with
//      uploads (good and hostile), deletes and refreshes; no 5xx, no connection error, open file
//      descriptors and resident memory of the server back near their starting level afterwards,
//      and no file lost (every wallpaper in the library or, when deleted, in the trash);
//   2. fuzz: SOAK_FUZZ (20,000) fuzzed GET queries on the same server;
//   3. crashes: SOAK_KILLS (20) SIGKILLed scans, and SOAK_UPLOAD_KILLS (5) servers killed mid-upload.
// SEED=<n> replays a run. Prints the figures as Markdown for bench/RELIABILITY.md; exits 1 when any
// check fails.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { request } from 'undici';
import { crashScans, killedUploads } from './soak/crash.js';
import { fuzzQueries } from './soak/fuzz.js';
import { runLoad } from './soak/load.js';
import { fdCount, rssOf, runCli, startServe } from './soak/process.js';
import { seedFromEnv, seeded } from './soak/random.js';

const env = process.env;
const number = (name, fallback) => (Number.isSafeInteger(Number(env[name])) && Number(env[name]) > 0 ? Number(env[name]) : fallback);
const SECONDS = number('SOAK_SECONDS', 60);
const CONNECTIONS = number('SOAK_CONNECTIONS', 50);
const FUZZ = number('SOAK_FUZZ', 20_000);
const KILLS = number('SOAK_KILLS', 20);
const UPLOAD_KILLS = number('SOAK_UPLOAD_KILLS', 5);
/** Library images: wallpaper-like sizes so image reads move real bytes, small enough to make fast. */
const LIBRARY_IMAGES = 120;
/** Distinct images the uploaders send (they cycle; repeats are duplicates, answered 201 too). */
const UPLOAD_IMAGES = 400;
/** After the load, the server gets this long to settle before "back to the starting level" is read. */
const SETTLE_MS = 8_000;
/** Tolerances of "back near the starting level": a few descriptors (the index's WAL and journal
 * come and go with checkpoints), and memory within 64 MiB or 50% (V8 and libvips keep some heap they
 * grew to; a leak of one buffer per request would be far above either after 60 s). */
const FD_SLACK = 6;
const RSS_SLACK_BYTES = 64 * 1024 * 1024;
const RSS_SLACK_RATIO = 1.5;

const seed = seedFromEnv();
const rng = seeded(seed);
const log = (line) => process.stderr.write(`${line}\n`);
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const failures = [];
const check = (ok, what) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

async function makeImages(folder, count, size, salt) {
  mkdirSync(folder, { recursive: true });
  const out = [];
  for (let n = 0; n < count; n++) {
    const background = { r: (n * 37 + salt) % 256, g: (n * 91 + salt * 7) % 256, b: (n * 53) % 256 };
    const stripe = await sharp({
      create: {
        width: Math.max(8, size[0] >> 3),
        height: size[1],
        channels: 3,
        background: { r: 255 - background.r, g: n % 256, b: salt % 256 },
      },
    })
      .png()
      .toBuffer();
    const bytes = await sharp({ create: { width: size[0], height: size[1], channels: 3, background } })
      .composite([{ input: stripe, left: (n * 13) % (size[0] >> 1), top: 0 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    if (folder) writeFileSync(join(folder, `wall-${salt}-${n}.jpg`), bytes);
    out.push(bytes);
  }
  return out;
}

async function allWallpapers(base) {
  const all = [];
  for (let page = 1; page <= 100; page++) {
    const reply = await request(`${base}/api/wallpapers?page=${page}&limit=200`);
    const body = await reply.body.json();
    all.push(...body.wallpapers);
    if (page >= body.pagination.total_pages) break;
  }
  return all;
}

const root = mkdtempSync(join(tmpdir(), 'wallpaper-soak-'));
const started = Date.now();
let server;
try {
  log(
    `soak: SEED=${seed}, ${SECONDS} s x ${CONNECTIONS} connections, ${FUZZ} fuzzed queries, ${KILLS} scan kills, ${UPLOAD_KILLS} upload kills; ${cpus().length} cores; in ${root}`,
  );
  const home = join(root, 'home');
  const folder = join(root, 'library');
  await makeImages(folder, LIBRARY_IMAGES, [1280, 720], 1);
  const uploadImages = await makeImages(join(root, 'to-upload'), UPLOAD_IMAGES, [640, 400], 2);
  const first = await runCli(['--home', home, 'scan', folder, '--json']);
  check(first.code === 0 && JSON.parse(first.stdout).total === LIBRARY_IMAGES, `library indexed: ${LIBRARY_IMAGES} images`);

  // 1. Load.
  server = await startServe({ home });
  const seedIds = (await allWallpapers(server.base)).map((w) => w.id);
  // Warm-up: every code path once (sharp loaded by an upload, thumbnails, pages), then settle.
  await runLoad({ base: server.base, seconds: 3, connections: 8, rng: seeded(seed + 1), seedIds, images: uploadImages.slice(-20) });
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const before = { fds: fdCount(server.pid), rss: rssOf(server.pid) };
  log(`baseline: ${before.fds} fds, ${mib(before.rss)} RSS`);
  let peakRss = before.rss;
  let peakFds = before.fds;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.pid));
    peakFds = Math.max(peakFds, fdCount(server.pid));
  }, 250);
  const load = await runLoad({ base: server.base, seconds: SECONDS, connections: CONNECTIONS, rng, seedIds, images: uploadImages });
  clearInterval(sampler);
  let after = { fds: fdCount(server.pid), rss: rssOf(server.pid) };
  for (let waited = 0; waited < SETTLE_MS && after.fds > before.fds + FD_SLACK; waited += 250) {
    await new Promise((done) => setTimeout(done, 250));
    after = { fds: fdCount(server.pid), rss: rssOf(server.pid) };
  }
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  after = { fds: fdCount(server.pid), rss: rssOf(server.pid) };
  log(`load: ${JSON.stringify({ ...load, remainingUploaded: load.remainingUploaded.length, liveIds: load.liveIds.length })}`);
  check(load.errors5xx === 0, `load: zero 5xx (${load.errors5xx})`);
  check(load.connectionErrors === 0, `load: zero connection errors (${load.connectionErrors})`);
  check(
    load.badAnswers === 0,
    `load: every answer well-formed (${load.badAnswers} bad${load.samples.length ? `: ${load.samples.slice(0, 5).join(' | ')}` : ''})`,
  );
  check(after.fds <= before.fds + FD_SLACK, `load: fds back near the start (${before.fds} -> peak ${peakFds} -> ${after.fds})`);
  check(
    after.rss <= Math.max(before.rss * RSS_SLACK_RATIO, before.rss + RSS_SLACK_BYTES),
    `load: RSS back near the start (${mib(before.rss)} -> peak ${mib(peakRss)} -> ${mib(after.rss)})`,
  );

  // Files lost: every wallpaper the clients believe exists is indexed with its file on disk, every
  // delete is in the trash, no temp file is left in the upload folder.
  const indexed = new Map((await allWallpapers(server.base)).map((w) => [w.id, w]));
  const missing = load.liveIds.filter((id) => !indexed.has(id) || !existsSync(indexed.get(id).path));
  const trash = existsSync(join(home, 'trash')) ? readdirSync(join(home, 'trash')).length : 0;
  const temps = readdirSync(join(home, 'uploads')).filter((n) => n.startsWith('.'));
  const filesLost = missing.length + Math.max(0, load.deletes - trash);
  check(
    filesLost === 0,
    `files lost: ${filesLost} (${missing.length} live wallpapers missing, ${load.deletes} deletes, ${trash} in the trash)`,
  );
  check(temps.length === 0, `no temp file left in the upload folder (${temps.length})`);

  // 2. Fuzz the same server.
  const fuzz = await fuzzQueries({
    base: server.base,
    count: FUZZ,
    seed,
    ids: [...indexed.keys()].slice(0, 50),
    connections: 16,
    forbidden: [root],
    deadlineMs: 300_000,
  });
  log(`fuzz: ${JSON.stringify({ ...fuzz, problems: fuzz.problems.slice(0, 5) })}`);
  check(fuzz.requests === FUZZ && fuzz.problems.length === 0, `fuzz: ${fuzz.requests} queries, ${fuzz.problems.length} bad answers`);
  const health = await request(`${server.base}/api/wallpapers`);
  check(health.statusCode === 200, 'healthy after the fuzz');
  await health.body.dump();
  const exit = await server.stop();
  server = undefined;
  check(exit.code === 0, `graceful stop: exit ${exit.code}`);

  // 3. Crashes.
  const crash = await crashScans({ root, kills: KILLS, rng, log });
  log(`crash: ${JSON.stringify(crash)}`);
  check(crash.midScan >= KILLS, `crash: ${crash.midScan} scans SIGKILLed mid-scan (${crash.kills} kills in all)`);
  check(crash.integrityFailures === 0, `crash: integrity_check ok after ${crash.kills} kills (${crash.midScan} mid-scan)`);
  check(crash.lost === 0, `crash: nothing indexed was lost (${crash.lost})`);
  check(
    crash.finalTotal === crash.expectedTotal && crash.finalFailed === 0,
    `crash: the next scan completes with the full total (${crash.finalTotal}/${crash.expectedTotal})`,
  );
  const killed = await killedUploads({ root, count: UPLOAD_KILLS });
  log(`killed uploads: ${JSON.stringify(killed)}`);
  check(
    killed.visibleFiles === 0 && killed.indexedTemps === 0,
    `killed uploads: no half-written file visible or indexed (${killed.kills} kills)`,
  );
  check(
    killed.kills > 0 && killed.swept === killed.tempsAtKill && killed.tempsLeft === 0,
    `killed uploads: every temp that existed at a kill swept by the next scan and start (${killed.swept} of ${killed.tempsAtKill}, ${killed.kills} kills mid-upload, ${killed.killsBeforeAnyTemp} before any temp not counted)`,
  );

  const faults = load.hostileUploads + load.fuzzed + load.aborted + fuzz.requests + crash.kills + killed.kills;
  const requestsServed = load.requests + fuzz.requests;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`| Figure | Value |
|---|---|
| Seed | ${seed} |
| Load | ${SECONDS} s, ${CONNECTIONS} connections, p50 ${load.p50ms} ms, p99 ${load.p99ms} ms |
| Requests served (load + fuzz) | ${requestsServed} (${load.requests} + ${fuzz.requests}) |
| Load mix | ${Object.entries(load.byKind)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')} |
| Load statuses | ${Object.entries(load.statuses)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')} |
| Uploads / deletes / refreshes | ${load.uploads} / ${load.deletes} / ${load.refreshes} |
| Fuzz statuses | ${Object.entries(fuzz.statuses)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')} |
| 5xx | ${load.errors5xx + (fuzz.statuses['500'] ?? 0)} |
| Connection errors | ${load.connectionErrors} |
| Malformed answers | ${load.badAnswers + fuzz.problems.length} |
| Faults injected | ${faults}: ${load.hostileUploads} hostile uploads, ${load.fuzzed + fuzz.requests} fuzzed queries, ${load.aborted} abandoned downloads, ${crash.kills} SIGKILLed scans (${crash.midScan} of them mid-scan, the rest after it had finished), ${killed.kills} servers SIGKILLed mid-upload |
| Open fds (start -> peak -> after) | ${before.fds} -> ${peakFds} -> ${after.fds} |
| RSS (start -> peak -> after) | ${mib(before.rss)} -> ${mib(peakRss)} -> ${mib(after.rss)} |
| Index integrity after kills | ${crash.integrityFailures === 0 ? 'ok every time' : `${crash.integrityFailures} failures`} |
| Files lost | ${filesLost + crash.lost + killed.visibleFiles} |
| Checks failed | ${failures.length} |
| Duration | ${minutes} min |`);
} catch (error) {
  failures.push(String(error?.stack ?? error));
  log(`soak aborted: ${error?.stack ?? error}`);
} finally {
  if (server) await server.kill();
  rmSync(root, { recursive: true, force: true });
}
if (failures.length) {
  log(`${failures.length} check(s) failed (SEED=${seed} replays the run)`);
  process.exitCode = 1;
}
