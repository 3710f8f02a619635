// `serve --workers N` as a user runs it: one Listening line for N worker processes on one
// port; uploads, deletes, settings and scans work through any worker and are seen by all; a worker killed is
// restarted and logged; SIGTERM lets a scan in flight answer, then every process exits. Nothing is
// timed: each wait is for a state (a worker's pid, a log line, the scan lease taken in the index)
// with a generous limit (test/helpers/wait.ts).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { parseWorkers } from '../../src/commands/serve-workers.js';
import { isAlive } from '../../src/core/common/processes.js';
import { openStore } from '../../src/core/store/index.js';
import type { ListResponse } from '../../src/core/types.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { tempDir, uploadImage, writeImage } from '../helpers/fixtures.js';
import { startServe, until } from '../helpers/serve.js';
import { call } from './helpers.js';

/** The pids of a process's children. */
const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
};

type Options = Parameters<typeof call>[2];
/** A request on a connection of its own (closed after it): the primary hands each new connection to
 * the next worker, so consecutive calls reach both. */
const fresh = (base: string, path: string, options: Options = {}) => call(base, path, { ...options, reset: true });
const total = async (base: string) => (await fresh(base, '/api/wallpapers')).json<ListResponse>().pagination.total;

t.test('--workers: a number from 1 to 64, or auto (one per core, at most 8)', async (t) => {
  const table: [string, number, number | string][] = [
    ['1', 2, 1],
    ['3', 2, 3],
    ['64', 2, 64],
    ['auto', 2, 2],
    ['auto', 32, 8],
    ['auto', 1, 1],
    ['0', 2, 'invalid --workers "0": expected a whole number from 1 to 64, or auto'],
    ['65', 2, 'invalid --workers "65"'],
    ['two', 2, 'invalid --workers "two"'],
    ['1.5', 2, 'invalid --workers "1.5"'],
  ];
  for (const [text, cores, expected] of table) {
    if (typeof expected === 'number') t.equal(parseWorkers(text, cores), expected, `${text} on ${cores} cores`);
    else t.throws(() => parseWorkers(text, cores), { code: 'invalid_param', message: expected }, text);
  }
  const bad = await runCli(['--home', tempDir(t), 'serve', '--workers', 'many']);
  t.equal(bad.code, 2, 'a usage error exits 2');
  t.match(bad.stderr, /invalid --workers "many"/);
});

t.test('--workers 2 on a busy port: the error once per worker, no restart loop, exit 1', async (t) => {
  const blocker = createServer().listen(0, '127.0.0.1');
  await once(blocker, 'listening');
  t.teardown(() => blocker.close());
  const port = (blocker.address() as AddressInfo).port;
  // Workers are forked processes of the program: spawned, not in this test process.
  const result = await spawnCli(['--home', tempDir(t), 'serve', '--port', String(port), '--workers', '2']);
  t.equal(result.code, 1);
  t.match(result.stderr, `wallpaper: port ${port} is in use: choose another with --port`);
  t.notMatch(result.stderr, /restarting/);
  t.equal(result.stdout.includes('Listening'), false);
});

t.test('two workers share the port and the index; a killed worker comes back; SIGTERM drains', async (t) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  for (let i = 0; i < 40; i++) {
    await writeImage(join(folder, `${i}.png`), { width: 2000 + i, height: 1200, color: `#${(100 + i).toString(16)}4060`, format: 'png' });
  }
  const server = await startServe(t, { home, folders: [folder], flags: ['--workers', '2'] });
  t.equal(server.output().stdout.match(/Listening on/g)?.length, 1, 'one Listening line for the whole server');
  await until(() => childrenOf(server.pid).length === 2);
  await until(async () => (await total(server.base)) === 40, 20_000);

  // Two scans at once on two connections (round-robin: two workers): the new files are read once.
  // Either the second waited for the first's lease and answers its summary, or it came after the
  // first had finished and found nothing to read; never both reading them.
  for (const name of ['new-1.png', 'new-2.png']) {
    await writeImage(join(folder, name), { width: 3000, height: 2000, color: name === 'new-1.png' ? '#aa3366' : '#33aa66', format: 'png' });
  }
  const [one, two] = (await Promise.all([1, 2].map(() => fresh(server.base, '/api/refresh', { method: 'POST' })))).map((reply) => {
    t.equal(reply.status, 200);
    return reply.json<{ added: number; duration_ms: number }>();
  });
  t.equal(one!.added + two!.added === 2 || JSON.stringify(one) === JSON.stringify(two), true, 'the new files read once');
  t.equal(Math.max(one!.added, two!.added), 2);

  // An upload through one connection is listed and served by every worker.
  const uploaded = await uploadImage(server.base, 'orange.jpg', { width: 640, height: 480, color: '#ff8800', format: 'jpeg' });
  t.equal(uploaded.status, 201);
  const id = ((await uploaded.json()) as { wallpapers: { id: string }[] }).wallpapers[0]?.id;
  const listed = (await fresh(server.base, '/api/wallpapers?limit=100')).json<ListResponse>();
  t.ok(id && listed.wallpapers.some((w) => w.id === id), 'the upload is listed');
  for (let i = 0; i < 6; i++) {
    t.equal((await fresh(server.base, `/api/wallpapers/${id}/image`)).status, 200, `served on connection ${i}`);
    t.equal(await total(server.base), 43);
  }

  // A delete through one connection is gone on every worker.
  t.equal((await fresh(server.base, `/api/wallpapers/${id}`, { method: 'DELETE' })).status, 204, 'deleted');
  for (let i = 0; i < 4; i++) {
    t.equal((await fresh(server.base, `/api/wallpapers/${id}`)).status, 404, `gone on connection ${i}`);
    t.equal(await total(server.base), 42);
  }

  // Settings changed through one worker are read by all.
  const put = await fresh(server.base, '/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ thumbnail_size: 300 }),
  });
  t.equal(put.status, 200);
  for (let i = 0; i < 4; i++) t.equal((await fresh(server.base, '/api/settings')).json<{ thumbnail_size: number }>().thumbnail_size, 300);

  // A worker that dies is logged and replaced; the server keeps answering meanwhile.
  const [victim] = childrenOf(server.pid);
  process.kill(victim!, 'SIGKILL');
  // (A connection the primary handed to the worker as it died is lost with it: clients retry.)
  const answered = async () => (await fresh(server.base, '/api/status', { headersTimeout: 10_000 }).catch(() => undefined))?.status === 200;
  await until(answered, 10_000);
  t.pass('the other worker answers');
  await until(() => /exited with SIGKILL; restarting it/.test(server.output().stderr));
  await until(() => childrenOf(server.pid).length === 2 && !childrenOf(server.pid).includes(victim!), 15_000);
  t.pass('the dead worker was replaced');

  // SIGTERM while a scan answers: the request completes, then every process exits 0.
  await writeImage(join(folder, 'late.png'), { width: 3000, height: 2000, color: '#123456', format: 'png' });
  const workers = childrenOf(server.pid);
  // The request is in a worker's hands once its scan has taken the index's scan lease (read from
  // the index itself: held, or already released with a new outcome): SIGTERM then, not after a guess.
  const index = openStore(join(home, 'index.sqlite'));
  t.teardown(() => index.close());
  const leaseBefore = JSON.stringify(index.lease('scan'));
  const scanning = fresh(server.base, '/api/refresh', { method: 'POST' });
  await until(() => JSON.stringify(index.lease('scan')) !== leaseBefore);
  const code = server.stop();
  t.equal((await scanning).status, 200, 'the request in flight is answered');
  t.equal(await code, 0, 'the primary exits 0');
  t.same(workers.filter(isAlive), [], 'no worker is left running');
});
