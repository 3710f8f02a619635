// serve, scan and watch run with MALLOC_ARENA_MAX=2 and glibc's mmap threshold fixed though the user set
// nothing (docs/formats.md#memory):
// which command lines run again, and, through the real bin/, that the serving process has the
// variable, that a value the user set is kept, that exit statuses come through, and that the
// relaunched process ends with its parent even when the parent is killed outright. Its end is
// awaited (gone or a zombie) with a generous limit (test/helpers/wait.ts), never timed.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import t from 'tap';
import { wantsRelaunch } from '../../src/relaunch.js';
import { BIN, spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { eventually, running } from '../helpers/wait.js';

const argv = (...words: string[]) => ['node', 'wallpaper', ...words];
const userEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, WALLPAPER_TOKEN: '' };
  delete env.MALLOC_ARENA_MAX;
  delete env.MALLOC_MMAP_THRESHOLD_;
  return env;
};

t.test('which command lines run again with MALLOC_ARENA_MAX', async (t) => {
  const rows: [string[], NodeJS.ProcessEnv, string, boolean][] = [
    [argv('serve'), {}, 'linux', true],
    [argv('--home', '/h', 'scan', '/pictures'), {}, 'linux', true],
    [argv('--home=/h', '--no-color', 'watch'), {}, 'linux', true],
    [argv('--database', 'serve', 'list'), {}, 'linux', false],
    [argv('list', 'serve'), {}, 'linux', false],
    [argv('random', '--set'), {}, 'linux', false],
    [argv(), {}, 'linux', false],
    [argv('serve'), { MALLOC_ARENA_MAX: '8' }, 'linux', false],
    [argv('serve'), { MALLOC_ARENA_MAX: '' }, 'linux', false],
    [argv('serve'), {}, 'darwin', false],
  ];
  for (const [line, env, platform, expected] of rows)
    t.equal(
      wantsRelaunch(line, env, platform as NodeJS.Platform),
      expected,
      `${line.slice(2).join(' ')} ${JSON.stringify(env)} on ${platform}`,
    );
});

const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
/** The process that serves: bin/'s own where Node replaces it in place, else its one child. */
const servingPid = (pid: number) => {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children[0] ?? pid;
};

t.test('serve through bin/: the variable set, a user value kept, the child ends with its parent', async (t) => {
  // The arenas and the mmap threshold: set when the user set nothing, the user's own values kept.
  for (const [label, arenas, threshold, expected] of [
    ['nothing set', undefined, undefined, ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']],
    ['the user set 4 arenas', '4', undefined, ['MALLOC_ARENA_MAX=4']],
    ['the user set a threshold', undefined, '65536', ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=65536']],
  ] as const) {
    const env = userEnv();
    if (arenas) env.MALLOC_ARENA_MAX = arenas;
    if (threshold) env.MALLOC_MMAP_THRESHOLD_ = threshold;
    const child = spawn(process.execPath, [BIN, '--home', tempDir(t), 'serve', '--port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise<void>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        if (/Listening on/.test(out)) resolve();
      });
    });
    const pid = servingPid(child.pid!);
    for (const each of expected) t.ok(environOf(pid).includes(each), `${label}: the serving process has ${each}`);
    // Killed outright, bin/ can pass on no signal: the serving process must not stay behind.
    child.kill('SIGKILL');
    t.ok(await eventually(() => !running(pid)), `${label}: the serving process ended with bin/`);
  }
});

t.test('scan through bin/: exit statuses and output come through the relaunch', async (t) => {
  const home = tempDir(t);
  // Without the variable the helpers set: as a user runs it.
  const asUser = { MALLOC_ARENA_MAX: undefined };
  const ok = await spawnCli(['--home', home, 'scan', tempDir(t), '--json'], asUser);
  t.equal(ok.code, 0, ok.stderr);
  t.match(JSON.parse(ok.stdout), { added: 0 });
  const missing = await spawnCli(['--home', home, 'scan', '/no/such/folder'], asUser);
  t.not(missing.code, 0);
  t.match(missing.stderr, /no\/such\/folder/);
});
