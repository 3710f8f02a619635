// `wallpaper serve` as a user runs it: the real bin in a child process (needs `npm run build`, which
// `npm test` does first). The one `Listening on` line, background indexing after start-up, a scan
// by a second process picked up live, the token from the environment, usage errors, and a graceful
// SIGTERM that lets a request in flight finish and exits 0. Nothing is timed: each wait is for a
// line the server prints or a state it leaves (test/helpers/wait.ts's generous limits).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { request } from 'undici';
import type { ListResponse } from '../../src/core/types.js';
import { imageBytes, tempDir, writeImage } from '../helpers/fixtures.js';
import { call, eventually, tempFilesIn } from './helpers.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
// Three real `serve` processes and a few spawned CLIs, one after another: at load 20-25 with two CPU
// loops beside tap's jobs the file took 157 s of tap's 180. It may take 6 minutes.
t.setTimeout(360_000);

interface Child {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, WALLPAPER_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Start `serve` and wait for its Listening line; killed at teardown if still running. */
async function serve(
  t: { teardown(fn: () => void): void },
  args: string[],
  env: Record<string, string> = {},
): Promise<Child & { base: string }> {
  const proc = run(args, env);
  t.teardown(() => {
    if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  });
  const listening = await eventually(() => /Listening on .+\n/.test(proc.stdout()) || proc.child.exitCode !== null, 20_000);
  if (!listening || proc.child.exitCode !== null) throw new Error(`serve did not start: ${proc.stderr()}`);
  const base = /Listening on (\S+)/.exec(proc.stdout())![1]!;
  return { ...proc, base };
}

const total = async (base: string) => (await call(base, '/api/wallpapers')).json<ListResponse>().pagination.total;

t.test('serve: one Listening line, background index, live pickup of another scan, SIGTERM exits 0', async (t) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  await writeImage(join(folder, 'one.jpg'), { width: 1920, height: 1080, color: '#223344', format: 'jpeg' });
  const server = await serve(t, ['--home', home, 'serve', '--port', '0', folder]);
  t.match(server.stdout(), /^Listening on http:\/\/127\.0\.0\.1:\d+\n$/, 'exactly one line, the real port');
  t.not(new URL(server.base).port, '0');
  t.ok(await eventually(async () => (await total(server.base)) === 1), 'indexed in the background');
  t.ok(
    await eventually(() => /scan \(start-up\): Indexed 1 wallpaper: 1 added/.test(server.stderr())),
    'the scan summary is one stderr line',
  );
  t.same((await call(server.base, '/api/settings')).json<{ folders: string[] }>().folders, [folder], 'FOLDER added to the settings');

  // A cron `wallpaper scan` in another process: the running server sees its result.
  await writeImage(join(folder, 'two.png'), { width: 1080, height: 1920, color: '#aa2222', format: 'png' });
  const scan = run(['--home', home, 'scan', '--quiet']);
  t.equal(await scan.exit, 0, `scan exits 0 ${scan.stderr()}`);
  t.equal(await total(server.base), 2, 'no restart needed');

  server.child.kill('SIGTERM');
  t.equal(await server.exit, 0, 'exit status 0');
  t.equal(server.stdout().trim().split('\n').length, 1, 'nothing else on stdout');
});

t.test('SIGTERM lets a request in flight finish', async (t) => {
  const home = tempDir(t);
  const server = await serve(t, ['--home', home, 'serve', '--port', '0']);
  const boundary = 'b0undary';
  const body = new (await import('node:stream')).PassThrough();
  const pending = request(`${server.base}/api/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const bytes = await imageBytes({ width: 300, height: 200, color: '#335533', format: 'jpeg' });
  body.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.jpg"\r\n\r\n`);
  body.write(bytes.subarray(0, 200));
  // In flight from the server's side: it has parsed the request and opened the temp file.
  t.ok(await eventually(() => tempFilesIn(join(home, 'uploads')).length === 1), 'upload in progress');
  server.child.kill('SIGTERM');
  // The signal's own log line proves it was handled; the process is then draining, not gone.
  t.ok(await eventually(() => /stopping on SIGTERM/.test(server.stderr())), 'the server says it is stopping');
  t.equal(server.child.exitCode, null, 'still running while the request is in flight');
  body.end(Buffer.concat([bytes.subarray(200), Buffer.from(`\r\n--${boundary}--\r\n`)]));
  const reply = await pending;
  t.equal(reply.statusCode, 201, 'the in-flight upload completes');
  await reply.body.dump();
  t.equal(await server.exit, 0, 'then the process exits 0');
  t.same(tempFilesIn(join(home, 'uploads')), [], 'no temp file left');
});

t.test('token from WALLPAPER_TOKEN; usage errors exit 2 with one line', async (t) => {
  const home = tempDir(t);
  const server = await serve(t, ['--home', home, 'serve', '--port', '0'], { WALLPAPER_TOKEN: 'env-token' });
  t.equal((await call(server.base, '/api/refresh', { method: 'POST' })).status, 401);
  t.equal((await call(server.base, '/api/refresh', { method: 'POST', headers: { authorization: 'Bearer env-token' } })).status, 200);
  server.child.kill('SIGINT');
  t.equal(await server.exit, 0, 'SIGINT exits 0 too');

  for (const args of [
    ['serve', '--port', '0', join(home, 'missing-folder')],
    ['serve', '--port', '99999'],
    ['serve', '--port', 'abc'],
  ]) {
    const bad = run(['--home', home, ...args]);
    t.equal(await bad.exit, 2, args.join(' '));
    t.equal(bad.stderr().trim().split('\n').length, 1, `${args.join(' ')}: one line`);
    t.equal(bad.stdout(), '', 'no Listening line');
  }
});
