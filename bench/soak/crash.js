// Soak phase: crashes. `wallpaper scan` SIGKILLed at seeded random moments, with new and touched
// files between kills; after each kill the index must pass PRAGMA integrity_check and keep every
// wallpaper indexed before, and a last scan must complete with the full total. Then servers killed
// mid-upload: no visible file may appear, the hidden temp file must not be indexed, and the next
// start must sweep it.
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { request } from 'undici';
import { runCli, startServe } from './process.js';

/** First guess of how long a scan process lives (start-up, walk, reads): kills land at a random
 * moment between a quarter of it (before that, node is still loading) and all of it. Each scan that
 * ends before its kill teaches the real figure, so the window follows the machine's speed. */
const FIRST_ESTIMATE_MS = 2000;
const FIRST_IMAGES = 300;
const PER_ROUND = 40;

/** Every better-sqlite3 object this process makes stays reachable until it exits: on Node 24 the
 * collector freeing one aborts the process (src/core/store/native-lifetime.ts says why). */
const kept = [];
const keep = (value) => (kept.push(value), value);

/** The index's integrity and ids; undefined while it has no tables yet (the file exists from the
 * moment SQLite opens it, before the first migration commits: a kill can land in between). */
function inspect(home) {
  if (!existsSync(join(home, 'index.sqlite'))) return undefined;
  const db = keep(new Database(join(home, 'index.sqlite')));
  try {
    const made = keep(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wallpapers'")).get();
    if (!made) return undefined;
    return {
      integrity: keep(db.prepare('PRAGMA integrity_check')).pluck().get(),
      ids: new Set(keep(db.prepare('SELECT id FROM wallpapers')).pluck().all()),
    };
  } finally {
    db.close();
  }
}

/** Rounds allowed per kill asked: a kill that lands after the scan finished does not count, so the
 * phase goes on until `kills` kills landed mid-scan, within this bound. */
const MAX_ROUNDS_PER_KILL = 3;

/**
 * @typedef {object} CrashRound
 * @property {number} round
 * @property {number} ms
 * @property {NodeJS.Signals | null} signal
 * @property {number | null} code
 * @property {string | undefined} integrity  PRAGMA integrity_check; undefined before the index exists
 * @property {number} indexed
 * @property {number} lost
 */

/**
 * Scans SIGKILLed until `kills` kills landed mid-scan. `onRound` hears every round.
 * @param {{ root: string, kills: number, rng: import('./random.js').Rng, log: (line: string) => void, onRound?: (round: CrashRound) => void }} options
 */
export async function crashScans({ root, kills, rng, log, onRound = () => undefined }) {
  const home = join(root, 'crash-home');
  const folder = join(root, 'crash-images');
  mkdirSync(folder, { recursive: true });
  const names = [];
  const addImages = async (count) => {
    for (let i = 0; i < count; i++) {
      const n = names.length;
      const name = join(folder, `img-${n}.png`);
      writeFileSync(
        name,
        await sharp({ create: { width: 48, height: 27, channels: 3, background: { r: n % 256, g: (n >> 8) * 40, b: 90 } } })
          .png()
          .toBuffer(),
      );
      names.push(name);
    }
  };
  await addImages(FIRST_IMAGES);
  const result = { kills: 0, midScan: 0, integrityFailures: 0, lost: 0, finalTotal: 0, expectedTotal: 0, finalFailed: 0 };
  let known = new Set();
  let estimate = FIRST_ESTIMATE_MS;
  for (let round = 0; result.midScan < kills && round < kills * MAX_ROUNDS_PER_KILL; round++) {
    const ms = rng.between(Math.floor(estimate / 4), estimate);
    const spawned = Date.now();
    const ended = await runCli(['--home', home, 'scan', folder, '--quiet'], { killAfterMs: ms });
    if (ended.signal !== 'SIGKILL') estimate = Math.max(200, Date.now() - spawned);
    result.kills++;
    if (ended.signal === 'SIGKILL') result.midScan++;
    const report = { round, ms, signal: ended.signal, code: ended.code, integrity: undefined, indexed: 0, lost: 0 };
    const seen = inspect(home);
    if (seen) {
      const { integrity, ids } = seen;
      if (integrity !== 'ok') {
        result.integrityFailures++;
        log(`  round ${round}: integrity_check said ${integrity}`);
      }
      const lost = [...known].filter((id) => !ids.has(id));
      result.lost += lost.length;
      if (lost.length) log(`  round ${round}: ${lost.length} wallpapers lost`);
      known = ids;
      Object.assign(report, { integrity, indexed: ids.size, lost: lost.length });
    }
    onRound(report);
    const when = new Date(Date.now() + (round + 1) * 2000);
    for (let i = 0; i < PER_ROUND; i++) {
      const name = rng.pick(names);
      utimesSync(name, when, when);
    }
    await addImages(PER_ROUND);
  }
  // The folder named again: on a loaded machine every kill may land before the first process saved
  // the folder in the settings (each round then 'before the index existed'), and a bare `scan` would
  // scan no folder at all.
  const final = await runCli(['--home', home, 'scan', folder, '--json']);
  const summary = JSON.parse(final.stdout);
  result.finalTotal = summary.total;
  result.expectedTotal = names.length;
  result.finalFailed = summary.failed.length;
  const after = inspect(home);
  if (after?.integrity !== 'ok') result.integrityFailures++;
  result.lost += [...known].filter((id) => !after?.ids.has(id)).length;
  return result;
}

const BOUNDARY = '----wallpaper-soak-kill';

/** Servers SIGKILLed mid-upload, `count` times on one home. A kill counts only once the upload's
 * temp file exists (on a busy machine the request may not have reached the server yet, and a kill
 * before any temp proves nothing); every temp that existed at a kill must be gone once the next
 * scan and server start have run (either may sweep it). */
export async function killedUploads({ root, count }) {
  const home = join(root, 'killed-upload-home');
  const uploads = join(home, 'uploads');
  const temps = () => (existsSync(uploads) ? readdirSync(uploads).filter((n) => n.startsWith('.upload-')) : []);
  const result = { kills: 0, killsBeforeAnyTemp: 0, visibleFiles: 0, indexedTemps: 0, tempsAtKill: 0, swept: 0 };
  for (let i = 0; i < count; i++) {
    const serve = await startServe({ home });
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: i * 20, g: 40, b: 200 } } })
      .jpeg()
      .toBuffer();
    const { PassThrough } = await import('node:stream');
    const body = new PassThrough();
    const pending = request(`${serve.base}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    }).catch(() => undefined);
    body.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="half-${i}.jpg"\r\n\r\n`);
    body.write(image.subarray(0, image.length >> 1));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && temps().length === 0) await new Promise((d) => setTimeout(d, 20));
    const atKill = temps().length;
    await serve.kill();
    if (atKill === 0) result.killsBeforeAnyTemp++;
    else result.kills++;
    result.tempsAtKill += atKill;
    await pending;
    body.destroy();
    result.visibleFiles += readdirSync(uploads).filter((n) => !n.startsWith('.')).length;
    const scan = JSON.parse((await runCli(['--home', home, 'scan', '--json'])).stdout);
    result.indexedTemps += scan.total;
    const next = await startServe({ home });
    result.swept += atKill - temps().length;
    await next.stop();
  }
  result.tempsLeft = temps().length;
  return result;
}
