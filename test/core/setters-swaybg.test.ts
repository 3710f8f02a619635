// swaybg is a daemon: it must be started detached, setWallpaper must return while it keeps running,
// the previous swaybg we started must be stopped, and an immediate failure must still be reported.
// Nothing here measures time: "returns while swaybg runs" is proved by swaybg (a fake that stays
// 120 s) still running once the call has returned, and "the previous one stopped" is awaited with a
// generous limit (test/helpers/wait.ts).
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { setWallpaper, type SetterOptions } from '../../src/core/desktop/setters/index.js';
import { running, until } from '../helpers/wait.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

async function session(t: Test, env: NodeJS.ProcessEnv = {}) {
  const dir = t.testdir({ bin: {} });
  await copyFile(FAKE, path.join(dir, 'bin', 'swaybg'));
  await chmod(path.join(dir, 'bin', 'swaybg'), 0o755);
  const log = path.join(dir, 'calls.log');
  const image = path.join(dir, `a "wall" paper's.png`);
  await writeFile(image, 'x');
  const options: SetterOptions = {
    env: {
      PATH: path.join(dir, 'bin'),
      FAKE_LOG: log,
      XDG_RUNTIME_DIR: dir,
      XDG_CURRENT_DESKTOP: 'river',
      WAYLAND_DISPLAY: 'wayland-1',
      ...env,
    },
    platform: 'linux',
  };
  // Every pid seen is remembered here: the testdir (and the pid list in it) is gone by teardown.
  const seen = new Set<number>();
  const pids = async (): Promise<number[]> => {
    const text = await readFile(`${log}.swaybg-pids`, 'utf8').catch(() => '');
    const list = text.split('\n').filter(Boolean).map(Number);
    for (const pid of list) seen.add(pid);
    return list;
  };
  // Whatever happens, no fake daemon outlives the test: each leads its own process group.
  t.teardown(() => {
    for (const pid of seen) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already stopped by the setter or by the test
      }
    }
  });
  return { dir, log, image, options, pids };
}

t.test('swaybg starts detached and the call returns while it keeps running', async (t) => {
  const s = await session(t);
  t.same(await setWallpaper(s.image, s.options), { setter: 'swaybg' });
  t.equal(await readFile(s.log, 'utf8'), `>>> swaybg\n-i\n${s.image}\n-m\nfill\n`);
  const [first] = await s.pids();
  t.ok(first !== undefined && running(first), 'the call returned while swaybg is still running');
  t.equal((await readFile(path.join(s.dir, 'wallpaper-swaybg.pid'), 'utf8')).trim(), String(first), 'its pid is remembered');

  // A second change replaces our daemon instead of stacking another one.
  t.same(await setWallpaper(s.image, s.options), { setter: 'swaybg' });
  const [, second] = await s.pids();
  t.ok(second !== undefined && second !== first && running(second), 'the new swaybg runs');
  await until(() => first === undefined || !running(first));
  t.pass('the previous swaybg was stopped');
});

t.test('a stale pid file never kills a process that is not swaybg', async (t) => {
  const s = await session(t);
  await writeFile(path.join(s.dir, 'wallpaper-swaybg.pid'), `${process.pid}\n`);
  t.same(await setWallpaper(s.image, s.options), { setter: 'swaybg' });
  t.equal((await s.pids()).length, 1);
  t.ok(running(process.pid), 'this test process (named node, not swaybg) survived');
});

t.test('a swaybg that fails at once is reported with its message', async (t) => {
  const s = await session(t, { FAKE_FAIL: 'swaybg', FAKE_STDERR: '[main.c:123] Failed to load image' });
  await t.rejects(setWallpaper(s.image, s.options), {
    code: 'setter_failed',
    message: 'swaybg exited right after starting (exit status 1): [main.c:123] Failed to load image',
  });
});
