// After every change (docs/colors.md#after-every-change): the `colors` setting writes the scheme of
// what went on the screen, and the `on_change` hook gets the path, the id and the written
// colors.json (a script writes out what it got). A failing hook is one stderr line and a hook that
// hangs does not hold the command: both leave the change done. The hook's guard kills the hook's
// whole process group at its time limit (run here with a short limit of its own: the product's
// 30 s is a constant no test waits for).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { BIN, runCli, spawnCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { eventually } from '../helpers/serve.js';

const GUARD = fileURLToPath(new URL('../../dist/core/desktop/after/on-change-guard.js', import.meta.url));
const WAIT_MS = 30_000;
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function setup(t: Test, hook: string) {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  for (const [i, color] of ['#1e3a8a', '#8a1e3a', '#3a8a1e'].entries())
    await writeImage(join(pictures, `wall ${i}.png`), { width: 320, height: 200, color, format: 'png' });
  const home = join(root, 'home');
  const env = { XDG_CACHE_HOME: join(root, 'cache') };
  const script = join(root, 'hook.sh');
  writeFileSync(script, `#!/bin/sh\n${hook}\n`);
  chmodSync(script, 0o755);
  const cli = (args: string[]) => runCli(['--home', home, ...args], env);
  await cli(['scan', pictures, '--quiet']);
  await cli(['config', 'set', 'set_command', 'true {path}']);
  const currentId = async () => JSON.parse((await cli(['current', '--json'])).stdout)[0].wallpaper.id as string;
  return { root, home, env, script, cli, currentId };
}

t.test('on_change gets {path}, {id} and the environment; colors write wrote the colors.json it names', async (t) => {
  const s = await setup(
    t,
    'out="$(dirname "$0")/seen"; { echo "args=$1|$2"; env | grep ^WALLPAPER_; } > "$out.tmp" && mv "$out.tmp" "$out"',
  );
  await s.cli(['config', 'set', 'colors', 'write']);
  await s.cli(['config', 'set', 'on_change', `${s.script} {path} {id}`]);
  const set = await spawnCli(['--home', s.home, 'random', '--set', '--json'], s.env);
  t.equal(set.code, 0, set.stderr);
  const picked = JSON.parse(set.stdout);
  const seenFile = join(s.root, 'seen');
  t.ok(await eventually(() => existsSync(seenFile), WAIT_MS), 'the hook ran');
  const seen = readFileSync(seenFile, 'utf8');
  t.match(seen, `args=${picked.path}|${picked.id}\n`, '{path} and {id} replaced, each one argument');
  t.match(seen, `WALLPAPER_PATH=${picked.path}\n`);
  t.match(seen, `WALLPAPER_ID=${picked.id}\n`);
  const colorsFile = /WALLPAPER_COLORS=(.*)\n/.exec(seen)?.[1];
  t.equal(colorsFile, join(s.home, 'colors', 'colors.json'), "WALLPAPER_COLORS is the cache home's colors.json");
  t.equal(JSON.parse(readFileSync(colorsFile!, 'utf8')).id, picked.id, 'written for what went on the screen, before the hook ran');
  t.ok(existsSync(join(s.env.XDG_CACHE_HOME, 'wal', 'colors.sh')), "pywal's files written too");
});

t.test('a failing hook: one stderr line, the change done', async (t) => {
  const s = await setup(t, 'echo "no such theme" >&2; exit 3');
  await s.cli(['config', 'set', 'on_change', s.script]);
  await s.cli(['random', '--set']);
  const before = await s.currentId();
  const next = await spawnCli(['--home', s.home, 'next'], s.env);
  t.equal(next.code, 0, 'next succeeds');
  t.equal(next.stderr, `wallpaper: on_change failed (exit 3): ${s.script}: no such theme\n`, 'one line naming the hook and its error');
  t.not(await s.currentId(), before, 'the change stays done');
  t.equal((await s.cli(['back'])).code, 0, 'and is in the history');
});

t.test('a hanging hook does not hold the command; the change is done while it runs', async (t) => {
  const s = await setup(t, 'echo $$ > "$(dirname "$0")/pid"; exec sleep 1000');
  await s.cli(['config', 'set', 'on_change', s.script]);
  await s.cli(['random', '--set']);
  const before = await s.currentId();
  // Waits for the command's exit, not for its output to close: the hook's guard holds stderr.
  const child = spawn(process.execPath, [BIN, '--home', s.home, 'next'], {
    env: { ...process.env, WALLPAPER_HOME: '', ...s.env },
    stdio: 'ignore',
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  t.equal(code, 0, 'next returned');
  t.not(await s.currentId(), before, 'the change is done');
  const pidFile = join(s.root, 'pid');
  t.ok(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', WAIT_MS), 'the hook started');
  const pid = Number(readFileSync(pidFile, 'utf8'));
  t.teardown(() => {
    if (isAlive(pid)) process.kill(-pid, 'SIGKILL');
  });
  t.ok(isAlive(pid), 'the hook still runs after the command ended');
  const group = execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  t.equal(Number(group), pid, 'in a process group of its own (what the guard kills)');
});

t.test('the guard kills the hook with its process group at its limit and says so', async (t) => {
  const dir = tempDir(t);
  const grandchild = join(dir, 'grandchild');
  const guard = spawn(process.execPath, [GUARD, '300', 'sh', '-c', `sleep 1000 & echo $! > "${grandchild}"; wait`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  guard.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise((resolve) => guard.on('close', resolve));
  t.equal(code, 1);
  t.equal(stderr, 'wallpaper: on_change killed after 0.3 s: sh\n');
  const pid = Number(readFileSync(grandchild, 'utf8'));
  t.ok(await eventually(() => !isAlive(pid), WAIT_MS), "the hook's own child was killed with it");
});

t.test('the settings refuse what they cannot run', async (t) => {
  const s = await setup(t, 'true');
  const colors = await s.cli(['config', 'set', 'colors', 'always']);
  t.equal(colors.code, 2);
  t.match(colors.stderr, 'invalid colors: expected off, write or apply');
  t.equal((await s.cli(['config', 'set', 'on_change', 'null'])).code, 0, 'null: no hook');
  t.equal((await s.cli(['config', 'get', 'colors'])).stdout, 'off\n', 'colors is off by default');
});
