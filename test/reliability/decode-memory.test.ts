// Decompression bombs within the pixel limit: a 9999x9999 image of a few hundred KB
// decodes to 100 megapixels. Decodes shrink on load and share one pixel budget per process, so the
// peak memory of `serve` under four such uploads and of `scan` over such files stays bounded:
// measured as the process's VmHWM, a figure, not a timing, of the program as a user starts it (without
// tap's hook in NODE_OPTIONS: helpers/user-env.ts).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { PixelBudget } from '../../src/core/analysis/decode-budget.js';
import { BIN, runCli } from '../helpers/cli.js';
import { madeOnce, tempDir } from '../helpers/fixtures.js';
import { userEnv } from '../helpers/user-env.js';
import { MULTIPART_TYPE, multipart } from './helpers.js';

const MB = 1024 * 1024;
const peakOf = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** A 9999x9999 half-transparent image (alpha defeats part of WebP's shrink-on-load), made once per
 * machine: encoding 100 megapixels is seconds of CPU (WebP at effort 0: 6 s, 264 KB). */
const bomb = (format: 'webp' | 'png', shade: number) =>
  madeOnce(`bomb-9999-${shade}-half-alpha.${format}`, () =>
    sharp({ create: { width: 9999, height: 9999, channels: 4, background: { r: shade, g: 0, b: 0, alpha: 0.5 } } })
      [format](format === 'webp' ? { quality: 1, effort: 0 } : { compressionLevel: 9 })
      .toBuffer(),
  );

t.test('the pixel budget: at most the limit at once, first come first served, a huge one alone', async (t) => {
  const budget = new PixelBudget(100);
  const log: string[] = [];
  let peak = 0;
  const job = (name: string, pixels: number) =>
    budget.run(pixels, async () => {
      peak = Math.max(peak, budget.pixelsInUse);
      log.push(`start ${name}`);
      await new Promise((done) => setTimeout(done, 5));
      log.push(`end ${name}`);
    });
  await Promise.all([job('a', 60), job('b', 60), job('c', 10), job('huge', 1000), job('d', 30)]);
  t.ok(peak <= 100, `never more than the budget at once (peak ${peak})`);
  t.ok(log.indexOf('start b') > log.indexOf('end a'), 'b waits for a');
  t.ok(log.indexOf('start c') > log.indexOf('start b'), 'c does not overtake b, though it would fit');
  t.ok(log.indexOf('start huge') > log.indexOf('end c') && log.indexOf('end huge') < log.indexOf('start d'), 'the huge one runs alone');
  await t.rejects(
    budget.run(5, async () => Promise.reject(new Error('decode failed'))),
    /decode failed/,
  );
  t.equal(budget.pixelsInUse, 0, 'a failed decode gives its pixels back');
});

t.test('serve: peak RSS under four concurrent 100-megapixel uploads', async (t) => {
  const home = tempDir(t);
  // MALLOC_ARENA_MAX as serve sets it for itself (src/relaunch.ts): the child is the serving process.
  const child = spawn(process.execPath, [BIN, '--home', home, 'serve', '--port', '0'], {
    env: { ...userEnv(), MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  const base = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /Listening on (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
  });
  // The same bytes four times: each upload is decoded before it is known to be in the library.
  const data = await bomb('webp', 40);
  const uploads = [0, 1, 2, 3].map((i) => multipart([{ filename: `bomb-${i}.webp`, data }]));
  const statuses = await Promise.all(
    uploads.map(
      async (body) =>
        (await fetch(`${base}/api/upload`, { method: 'POST', headers: { 'content-type': MULTIPART_TYPE }, body: new Uint8Array(body) }))
          .status,
    ),
  );
  t.same(statuses, [201, 201, 201, 201], 'all four answered: under the 100-megapixel limit');
  const peak = peakOf(child.pid!);
  t.ok(peak <= 600 * MB, `serve peaked at ${Math.round(peak / MB)} MB (target <= 600 MB; 503 MB before the budget)`);
});

t.test('scan: peak RSS over a 100-megapixel image among ordinary ones', async (t) => {
  const folder = tempDir(t);
  writeFileSync(join(folder, 'bomb.webp'), await bomb('webp', 10));
  for (let i = 0; i < 4; i++)
    writeFileSync(
      join(folder, `w${i}.png`),
      await sharp({ create: { width: 1920, height: 1080, channels: 3, background: `#${i}0${i}0${i}0` } })
        .png()
        .toBuffer(),
    );
  const home = tempDir(t);
  const result = await new Promise<{ code: number | null; peak: number }>((resolve) => {
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        `MALLOC_ARENA_MAX=2 ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} --home ${JSON.stringify(home)} scan ${JSON.stringify(folder)} --quiet & pid=$!; peak=0; while kill -0 $pid 2>/dev/null; do v=$(grep VmHWM /proc/$pid/status 2>/dev/null | tr -dc 0-9); [ -n "$v" ] && peak=$v; sleep 0.02; done; wait $pid; echo $? $peak`,
      ],
      { env: userEnv() },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('close', () => {
      const [code, kb] = out.trim().split(' ').map(Number);
      resolve({ code: code ?? null, peak: (kb ?? 0) * 1024 });
    });
  });
  t.equal(result.code, 0);
  t.ok(result.peak > 0, 'measured');
  t.ok(result.peak <= 300 * MB, `scan peaked at ${Math.round(result.peak / MB)} MB (target <= 300 MB)`);
  const listed = await runCli(['--home', home, 'list', '--json']);
  t.equal(JSON.parse(listed.stdout).pagination.total, 5, 'all indexed');
});
