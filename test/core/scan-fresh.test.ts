// Every write seen (docs/design.md#one-refresh-sees-every-file-written-before-it): a scan asked for while another scan runs is answered by a scan
// that began after it was asked for, so a file written just before the request is in its summary and
// listed after it. Across two processes (a cron `wallpaper scan` and this library), and within one
// library (two refreshes through one serve share the follow-up scan).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import tap from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { BIN, spawnCli } from '../helpers/cli.js';
import { databaseFlag, eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { until } from '../helpers/serve.js';

// Six cases of scans caught mid-way, SQLite and PostgreSQL: 80-110 s on a quiet CI machine, over
// tap's 180 s per file at load 12 (Node 24's run beside other suites). The file may take 6 minutes.
tap.setTimeout(360_000);

const IMAGES = 80;

let made: Promise<string> | undefined;

/** A test's own folder of IMAGES large PNGs (slow to read, so a scan is caught while reading). They
 * are made once per file and copied: each test writes its late file into its own folder. */
async function slowFolder(t: Parameters<typeof tempDir>[0]): Promise<string> {
  made ??= makeImages(tempDir(tap));
  const folder = tempDir(t);
  cpSync(await made, folder, { recursive: true });
  return folder;
}

async function makeImages(folder: string): Promise<string> {
  for (let i = 0; i < IMAGES; i++) {
    const shade = ((i * 3) % 256).toString(16).padStart(2, '0');
    await writeImage(join(folder, `${String(i).padStart(3, '0')}.png`), {
      width: 2400 + i,
      height: 1600,
      color: `#${shade}6080`,
      format: 'png',
    });
  }
  return folder;
}

const LATE = { width: 640, height: 480, color: '#ff2200', format: 'png' as const };

eachBackend('a file written while another process scans is in the summary of a scan asked for after it', async (t, backend) => {
  const home = tempDir(t);
  const folder = await slowFolder(t);
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  // Process A: a cron scan over many images.
  const child = spawn(process.execPath, [BIN, '--home', home, ...databaseFlag(backend), 'scan', '--json'], {
    // MALLOC_ARENA_MAX as scan sets it for itself (src/relaunch.ts): the child is the scanning process.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', WALLPAPER_HOME: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  const exited = once(child, 'exit');
  // Its walk is done (it knows how many files to read) and it is reading them: a file written now is
  // not in its list.
  await until(() => (library.status().progress?.to_read ?? 0) === IMAGES, 30_000);
  await writeImage(join(folder, 'late.png'), LATE);
  // Process B (this one) asks for a scan while A still holds the lease.
  const asked = library.scan();
  t.ok(library.status().total < IMAGES, 'asked while the other scan was still reading');
  const summary = await asked;
  await exited;
  t.equal(JSON.parse(stdout).added, IMAGES, "the other process's scan read what it had walked");
  t.equal(summary.added, 1, 'the scan that answers began after the request: it adds the late file');
  t.equal(summary.total, IMAGES + 1);
  const listed = library.list({ q: 'late' }, { page: 1, limit: 10 }).wallpapers;
  t.equal(listed.length, 1, 'and the late file is listed');
});

eachBackend('a CLI scan asked for while another process scans adds the file written meanwhile', async (t, backend) => {
  const home = tempDir(t);
  const folder = await slowFolder(t);
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  // Process A: this library's scan; process B: `wallpaper scan` once a file was written meanwhile.
  const first = library.scan();
  await until(() => (library.status().progress?.to_read ?? 0) === IMAGES);
  await writeImage(join(folder, 'late.png'), LATE);
  const second = await spawnCli(['--home', home, ...databaseFlag(backend), 'scan', '--json']);
  t.equal(second.code, 0, second.stderr);
  t.equal((await first).added, IMAGES);
  t.match(JSON.parse(second.stdout), { added: 1, total: IMAGES + 1 }, "B's summary includes the late file");
  const listed = await spawnCli(['--home', home, ...databaseFlag(backend), 'list', '--search', 'late', '--json']);
  t.equal(JSON.parse(listed.stdout).pagination.total, 1, 'and B lists it');
});

eachBackend('within one library: requests during a scan share one follow-up scan', async (t, backend) => {
  const home = tempDir(t);
  const folder = await slowFolder(t);
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  const first = library.scan();
  await until(() => (library.status().progress?.to_read ?? 0) === IMAGES);
  await writeImage(join(folder, 'late.png'), LATE);
  const waiters = [library.scan(), library.scan(), library.scan()];
  const [one, ...others] = await Promise.all([first, ...waiters]);
  t.equal(one!.added, IMAGES);
  for (const summary of others) t.match(summary, { added: 1, total: IMAGES + 1 }, 'a waiter is answered by a scan that saw the late file');
  t.same(others[1], others[0], 'one follow-up scan for all of them');
  t.same(others[2], others[0]);
});
