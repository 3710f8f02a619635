// `watch` keeps a dynamic wallpaper on the lock screen at its frame for now (CONTRACT.md 8.2
// `--target`, 8.3), each place on its own: a .stw on the lock screen follows its frames while the
// desktop keeps its static picture, and a .stw on the desktop follows while the lock screen keeps
// its own. GNOME's settings are Debian's real gsettings on its keyfile backend (settings-session.ts),
// read back after each frame; the clock is Debian's libfaketime, 20 times faster (no switch in the
// product), through the real bin.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { settingsSession } from '../helpers/settings-session.js';
import { LIBFAKETIME } from '../helpers/sun.js';

const uri = (path: string) => `'${pathToFileURL(path).href}'`;
const DESKTOP = ['org.gnome.desktop.background', 'picture-uri'] as const;
const LOCK = ['org.gnome.desktop.screensaver', 'picture-uri'] as const;

/** A GNOME session over a library of a static picture and a .stw whose frames change at 16:57 and
 * 16:58 (day, then morning, then night). */
async function gnomeWithClock(t: Test) {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  const f = (name: string) => join(walls, 'frames', name);
  mkdirSync(join(walls, 'frames'), { recursive: true });
  await writeImage(f('day.png'), { width: 64, height: 48, color: '#f0f0e8', format: 'png' });
  await writeImage(f('morning.png'), { width: 64, height: 48, color: '#c07030', format: 'png' });
  await writeImage(f('night.png'), { width: 64, height: 48, color: '#101020', format: 'png' });
  const sand = await writeImage(join(walls, 'sand.png'), { width: 64, height: 48, color: '#e8d8b0', format: 'png' });
  const stw = join(walls, 'clock.stw');
  writeFileSync(stw, 'stw: 1.0\nformat: frames/%s.png\n@00:00: day\n@16:57: morning\n@16:58: night\n');
  const session = settingsSession(root, 'GNOME');
  const home = join(root, 'home');
  const cli = (...args: string[]) => runCli(['--home', home, ...args], session.env);
  t.equal((await cli('scan', walls, '--quiet')).code, 0);
  /** `watch ARGS` from 16:55 on the fake clock, until it printed `lines` lines (or 30 s passed);
   * after each `frame` line, `onFrame` reads the settings (the refresh is done when it prints). */
  const watch = async (args: string[], lines: number, onFrame: (line: string) => void): Promise<{ out: string[]; stderr: string }> => {
    const child: ChildProcess = spawn(process.execPath, [BIN, '--home', home, 'watch', ...args], {
      env: { ...session.env, LD_PRELOAD: LIBFAKETIME, FAKETIME: '@2026-03-10 16:55:00 x20', TZ: 'UTC' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    t.teardown(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    const out: string[] = [];
    await new Promise<void>((resolve) => {
      const deadline = setTimeout(resolve, 30_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        out.push(line);
        if (line.startsWith('frame\t')) onFrame(line);
        if (out.length === lines) {
          clearTimeout(deadline);
          resolve();
        }
      });
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    t.equal(await exited, 0, 'SIGTERM ends watch cleanly');
    return { out, stderr };
  };
  return { ...session, cli, watch, f, sand, stw };
}

t.test('watch --target lock: the lock screen follows the frames, the desktop keeps its picture', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await gnomeWithClock(t);
  t.equal((await s.cli('random', '--set', '--search', 'sand')).code, 0);
  const desktop = s.gsettings(...DESKTOP);
  t.equal(desktop, uri(s.sand), 'the desktop shows the static picture');
  const seen: string[][] = [];
  const { out, stderr } = await s.watch(['--target', 'lock', '--search', 'clock'], 3, () =>
    seen.push([s.gsettings(...LOCK), s.gsettings(...DESKTOP)]),
  );
  t.equal(stderr, '');
  t.same(out, [`light\t${s.stw}`, `frame\tlock\t${s.f('morning.png')}`, `frame\tlock\t${s.f('night.png')}`], 'the pick, then each frame');
  t.same(
    seen,
    [
      [uri(s.f('morning.png')), desktop],
      [uri(s.f('night.png')), desktop],
    ],
    "the lock screen's key at each frame, the desktop's unchanged",
  );
  t.equal((await s.cli('current', '--target', 'lock')).stdout, `${s.stw}\n`, 'current --target lock names the .stw');
});

t.test('watch on the desktop: its frames follow, the lock screen keeps its own picture', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await gnomeWithClock(t);
  t.equal((await s.cli('random', '--set', '--target', 'lock', '--search', 'sand')).code, 0);
  const seen: string[][] = [];
  const { out, stderr } = await s.watch(['--search', 'clock'], 3, () => seen.push([s.gsettings(...DESKTOP), s.gsettings(...LOCK)]));
  t.equal(stderr, '');
  t.same(out, [`light\t${s.stw}`, `frame\t${s.f('morning.png')}`, `frame\t${s.f('night.png')}`]);
  t.same(
    seen,
    [
      [uri(s.f('morning.png')), uri(s.sand)],
      [uri(s.f('night.png')), uri(s.sand)],
    ],
    "the desktop's key at each frame, the lock screen's unchanged",
  );
});

t.test('watch --target both: each place follows its frames', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await gnomeWithClock(t);
  const { out, stderr } = await s.watch(['--target', 'both', '--search', 'clock'], 5, () => {});
  t.equal(stderr, '');
  t.same(
    out.slice(1).sort(),
    [
      `frame\t${s.f('morning.png')}`,
      `frame\t${s.f('night.png')}`,
      `frame\tlock\t${s.f('morning.png')}`,
      `frame\tlock\t${s.f('night.png')}`,
    ],
    'a frame for each place at each change',
  );
  t.equal(s.gsettings(...DESKTOP), uri(s.f('night.png')));
  t.equal(s.gsettings(...LOCK), uri(s.f('night.png')));
});
