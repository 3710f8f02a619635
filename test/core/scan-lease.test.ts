// The scan lease: one process scans an index at a time; a waiter that arrived after the
// holder's scan began is answered by the next scan (7.1), never a second scan at once; a holder that dies (process gone, or no renewal from another host) is taken over.
// Nothing is timed: a scan killed mid-way is proved taken over by its process being gone (its
// lease pushed an hour ahead first, so expiry cannot be what frees it); waits are for states, with
// generous limits (test/helpers/wait.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { openStore } from '../../src/core/store/index.js';
import { BIN } from '../helpers/cli.js';
import { databaseFlag, eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { until } from '../helpers/serve.js';

// Six cases of scans caught mid-way, SQLite and PostgreSQL: 80-110 s on a quiet CI machine, over
// tap's 180 s per file at load 12 (Node 24's run beside other suites). The file may take 6 minutes.
t.setTimeout(360_000);

const TTL = 20_000;
const IMAGES = 80;

eachBackend('lease rules: held, released with its outcome, expired, holder dead on this host', async (t, backend) => {
  const store = openStore(await backend.fresh(t));
  t.teardown(() => store.close());
  const me = `${hostname()} ${process.pid} a`;
  const other = `${hostname()} ${process.pid} b`;
  t.ok(store.takeLease('scan', me, TTL), 'a free lease is taken');
  t.ok(store.takeLease('scan', me, TTL), 'its holder may take it again');
  t.notOk(store.takeLease('scan', other, TTL), 'another holder waits while it is held');
  t.ok(store.renewLease('scan', me, TTL, '{"toRead":3,"read":1,"failed":0}'));
  t.notOk(store.renewLease('scan', other, TTL, null), 'only the holder renews');
  t.equal(store.lease('scan')?.progress, '{"toRead":3,"read":1,"failed":0}');
  store.releaseLease('scan', me, '{"added":1}');
  t.match(store.lease('scan'), { holder: '', outcome: '{"added":1}' });
  t.ok(store.takeLease('scan', other, TTL), 'a released lease is taken');
  t.match(store.lease('scan'), { holder: other, outcome: null });

  const table: { name: string; holder: string; expiresIn: number; taken: boolean }[] = [
    { name: 'another host, renewed', holder: 'elsewhere.example 12 x', expiresIn: TTL, taken: false },
    { name: 'another host, expired', holder: 'elsewhere.example 12 x', expiresIn: -1, taken: true },
    { name: 'this host, live process', holder: `${hostname()} ${process.ppid} x`, expiresIn: TTL, taken: false },
    { name: 'this host, process gone', holder: `${hostname()} ${await deadPid()} x`, expiresIn: TTL, taken: true },
  ];
  for (const row of table) {
    store.prepare('UPDATE leases SET holder = ?, expires_ms = ? WHERE name = ?').run(row.holder, Date.now() + row.expiresIn, 'scan');
    t.equal(store.takeLease('scan', me, TTL), row.taken, row.name);
  }
});

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  return child.pid!;
}

/** A folder of `count` large PNGs, made once per file: the scans only read it, and both backends'
 * tests share it (making them was a good part of this file's time). */
const folders = new Map<number, Promise<string>>();
function folderOf(count: number): Promise<string> {
  if (!folders.has(count)) folders.set(count, makeFolder(count));
  return folders.get(count)!;
}

async function makeFolder(count: number): Promise<string> {
  const folder = tempDir(t);
  for (let i = 0; i < count; i++) {
    await writeImage(join(folder, `${String(i).padStart(3, '0')}.png`), {
      width: 2400 + i,
      height: 1600,
      color: `#${(i * 37) % 256 < 16 ? '0' : ''}${((i * 37) % 256).toString(16)}6080`,
      format: 'png',
    });
  }
  return folder;
}

eachBackend('two libraries on one index: one scans, the other waits for it, then scans after it', async (t, backend) => {
  const home = tempDir(t);
  const folder = await folderOf(24);
  const a = openLibrary({ home, database: backend.database });
  const b = openLibrary({ home, database: backend.database });
  t.teardown(() => {
    a.close();
    b.close();
  });
  a.updateSettings({ folders: [folder] });
  const first = a.scan();
  await until(() => b.status().scanning && b.status().progress?.to_read === 24, 5000);
  t.match(b.status(), { scanning: true, progress: { to_read: 24 } }, "the other library shows the holder's scan and its progress");
  const [one, two] = await Promise.all([first, b.scan()]);
  t.equal(one.added, 24);
  t.match(two, { added: 0, unchanged: 24, total: 24 }, 'the waiter scans after the holder: nothing read twice');
  t.notOk(b.status().scanning);
});

eachBackend('a scanning process killed mid-scan hands the lease over', async (t, backend) => {
  const home = tempDir(t);
  const folder = await folderOf(IMAGES);
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  const child = spawn(process.execPath, [BIN, '--home', home, ...databaseFlag(backend), 'scan', '--quiet'], {
    // MALLOC_ARENA_MAX as scan sets it for itself (src/relaunch.ts): the child is the scanning process.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', WALLPAPER_HOME: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  await until(() => library.status().scanning, 20_000).catch((error) => {
    throw new Error(`${error.message}; scan said: ${stderr}`);
  });
  child.kill('SIGKILL');
  await once(child, 'exit');
  t.ok(library.status().total < IMAGES, `killed mid-scan (${library.status().total} of ${IMAGES} indexed)`);
  // The dead holder's lease is pushed an hour ahead: a takeover that waited for the lease to expire
  // would hang here (tap's limit ends it), one that sees the holder's process gone scans at once.
  const store = openStore(backend.database ?? join(home, 'index.sqlite'));
  t.match(store.lease('scan'), { holder: new RegExp(` ${child.pid} `) }, 'the killed scan still holds the lease');
  store.prepare('UPDATE leases SET expires_ms = ? WHERE name = ?').run(Date.now() + 3_600_000, 'scan');
  store.close();
  const summary = await library.scan();
  t.equal(summary.total, IMAGES, 'the scan taken over indexes every file');
  t.equal(summary.failed.length, 0);
  t.equal(library.status().total, IMAGES);
});
