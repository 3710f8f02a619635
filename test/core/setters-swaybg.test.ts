// swaybg is a daemon: it must be started detached, setWallpaper must return while it keeps running,
// the previous swaybg we started must be stopped, and an immediate failure must still be reported.
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { setWallpaper, type SetterOptions } from '../../src/core/desktop/setters/index.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}

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
  const started = Date.now();
  t.same(await setWallpaper(s.image, s.options), { setter: 'swaybg' });
  const elapsed = Date.now() - started;
  t.ok(elapsed < 3000, `resolved after ${elapsed} ms although swaybg never exits`);
  t.equal(await readFile(s.log, 'utf8'), `>>> swaybg\n-i\n${s.image}\n-m\nfill\n`);
  const [first] = await s.pids();
  t.ok(first !== undefined && alive(first), 'swaybg is still running');
  t.equal((await readFile(path.join(s.dir, 'wallpaper-swaybg.pid'), 'utf8')).trim(), String(first), 'its pid is remembered');

  // A second change replaces our daemon instead of stacking another one.
  t.same(await setWallpaper(s.image, s.options), { setter: 'swaybg' });
  const [, second] = await s.pids();
  t.ok(second !== undefined && second !== first && alive(second), 'the new swaybg runs');
  t.ok(await waitFor(() => first === undefined || !alive(first), 3000), 'the previous swaybg was stopped');
});

t.test('a stale pid file never kills a process that is not swaybg', async (t) => {
  const s = await session(t);
  await writeFile(path.join(s.dir, 'wallpaper-swaybg.pid'), `${process.pid}\n`);
  t.same(await setWallpaper(s.image, s.options), { setter: 'swaybg' });
  t.equal((await s.pids()).length, 1);
  t.ok(alive(process.pid), 'this test process (named node, not swaybg) survived');
});

t.test('a swaybg that fails at once is reported with its message', async (t) => {
  const s = await session(t, { FAKE_FAIL: 'swaybg', FAKE_STDERR: '[main.c:123] Failed to load image' });
  await t.rejects(setWallpaper(s.image, s.options), {
    code: 'setter_failed',
    message: 'swaybg exited right after starting (exit status 1): [main.c:123] Failed to load image',
  });
});
