// The one runner of desktop tools (src/core/desktop/tools/run.ts) with real programs (/bin/sh
// scripts): output and exit status as the tool gave them, a tool's daemon holding its output keeps
// nobody waiting, output bounded, no file left behind, a missing program named.
import { readdirSync } from 'node:fs';
import t from 'tap';
import { runTool } from '../../src/core/desktop/tools/run.js';
import { tempDir } from '../helpers/fixtures.js';

const sh = { name: 'my-tool', path: '/bin/sh' };

/** Runs `script` under /bin/sh as "my-tool", temporary files in `tmp`. */
const run = (script: string, tmp: string, timeoutMs = 15_000) =>
  runTool(sh, ['-c', script], { env: { PATH: process.env.PATH, TMPDIR: tmp }, timeoutMs });

t.test('what a tool prints and how it ends', async (t) => {
  const tmp = tempDir(t);
  const cases: { script: string; result?: { stdout: string; stderr: string }; error?: RegExp }[] = [
    { script: 'echo value; echo note >&2', result: { stdout: 'value\n', stderr: 'note\n' } },
    { script: 'printf "%s" "ünïcode"', result: { stdout: 'ünïcode', stderr: '' } },
    { script: 'echo "cannot open display" >&2; exit 3', error: /^my-tool failed \(exit status 3\): cannot open display$/ },
    { script: 'echo "only on stdout"; exit 1', error: /^my-tool failed \(exit status 1\): only on stdout$/ },
    { script: 'exit 4', error: /^my-tool failed \(exit status 4\)$/ },
    { script: 'kill -TERM $$', error: /^my-tool was killed by SIGTERM$/ },
  ];
  for (const { script, result, error } of cases) {
    if (result) t.same(await run(script, tmp), result, script);
    else await t.rejects(run(script, tmp), { code: 'setter_failed', message: error }, script);
  }
  t.same(readdirSync(tmp), [], 'no output file left behind');
});

t.test('a daemon the tool leaves holding its output keeps nobody waiting', async (t) => {
  const tmp = tempDir(t);
  const started = Date.now();
  // The daemon keeps the tool's stdout and stderr for 30 s after the tool exits.
  const result = await run('echo started; (sleep 30; echo late) & echo $! >&2', tmp);
  t.equal(result.stdout, 'started\n');
  const daemon = Number(result.stderr.trim());
  t.teardown(() => {
    try {
      process.kill(daemon, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  t.ok(Date.now() - started < 20_000, 'answered when the tool exited, not when its daemon did');
  t.same(readdirSync(tmp), [], 'the files are unlinked while the daemon still holds them');
});

t.test('a tool that prints a lot is read up to 64 KiB', async (t) => {
  const result = await run('head -c 200000 /dev/zero | tr "\\0" x', tempDir(t));
  t.equal(result.stdout.length, 64 * 1024);
});

t.test('a hanging tool is killed at its timeout, what it said kept', async (t) => {
  await t.rejects(run('echo "waiting for the compositor" >&2; exec sleep 30', tempDir(t), 500), {
    message: 'my-tool timed out after 500 ms: waiting for the compositor',
  });
});

t.test('a program that is not there, or output nowhere to go, is named', async (t) => {
  const tmp = tempDir(t);
  await t.rejects(runTool({ name: 'gone', path: '/nonexistent/gone' }, [], { env: { TMPDIR: tmp }, timeoutMs: 5000 }), {
    code: 'setter_failed',
    message: 'gone could not be started: ENOENT',
  });
  t.same(readdirSync(tmp), []);
  await t.rejects(run('true', '/nonexistent/tmp'), {
    code: 'setter_failed',
    message: /^my-tool could not be started: no file for its output in \/nonexistent\/tmp \(TMPDIR\): it does not exist/,
  });
});
