// `watch` keeps a dynamic wallpaper on the lock screen at its frame for now (docs/design.md#the-wallpaper-on-screen
// `--target`, 8.3), each place on its own: a .stw on the lock screen follows its frames while the
// desktop keeps its static picture, and a .stw on the desktop follows while the lock screen keeps
// its own. GNOME's settings are Debian's real gsettings on its keyfile backend (settings-session.ts),
// read back after each frame, through the real bin.
// How it waits: the clock is Debian's libfaketime moved in steps by the test (stepped-clock.ts; no
// switch in the product): 16:00, then 17:00 and 19:00 when the frames change, each step made once
// `watch` printed the line of the one before; the test then waits for the `frame` lines that prove
// the step (watch-process.ts: a generous limit, never measured). Between steps the clock runs at
// the real rate, an hour from the next change: no machine is that slow.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { settingsSession } from '../helpers/settings-session.js';
import { steppedClock } from '../helpers/stepped-clock.js';
import { LIBFAKETIME } from '../helpers/sun.js';
import { spawnWatch } from '../helpers/watch-process.js';

const uri = (path: string) => `'${pathToFileURL(path).href}'`;
const DESKTOP = ['org.gnome.desktop.background', 'picture-uri'] as const;
const LOCK = ['org.gnome.desktop.screensaver', 'picture-uri'] as const;
/** The day of the fake clock; the frames change at 17:00 and 19:00. */
const DAY = '2026-03-10';
// Three real `watch` processes stepped through their frames, each in a GNOME settings session: at load 20-25
// with two CPU loops beside tap's jobs the file took 145 s of tap's 180. It may take 6 minutes.
t.setTimeout(360_000);

/** A GNOME session over a library of a static picture and a .stw whose frames change at 17:00 and
 * 19:00 (day, then morning, then night). */
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
  writeFileSync(stw, 'stw: 1.0\nformat: frames/%s.png\n@00:00: day\n@17:00: morning\n@19:00: night\n');
  const session = settingsSession(root, 'GNOME');
  const home = join(root, 'home');
  const cli = (...args: string[]) => runCli(['--home', home, ...args], session.env);
  t.equal((await cli('scan', walls, '--quiet')).code, 0);
  /** `watch ARGS` from 16:00 on a stepped clock; after the pick's `light` line, the clock steps
   * to 17:00 and then to 19:00, each once the lines of the step before (`perStep` frame lines)
   * came; `atFrame` reads the settings after each step's lines (the refresh is done when they print). */
  const watch = async (args: string[], perStep: number, atFrame: () => void): Promise<{ out: string[]; stderr: string }> => {
    const clock = steppedClock(root, `${DAY} 16:00:00`);
    const w = spawnWatch(t, home, args, { ...session.env, ...clock.env, TZ: 'UTC' });
    await w.untilLines(1);
    for (const [i, time] of ['17:00:00', '19:00:00'].entries()) {
      await clock.step(w.pid, `${DAY} ${time}`);
      await w.untilLines(1 + perStep * (i + 1));
      atFrame();
    }
    t.equal(await w.stop(), 0, 'SIGTERM ends watch cleanly');
    return { out: w.lines, stderr: w.stderr() };
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
  const { out, stderr } = await s.watch(['--target', 'lock', '--search', 'clock'], 1, () =>
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
  const { out, stderr } = await s.watch(['--search', 'clock'], 1, () => seen.push([s.gsettings(...DESKTOP), s.gsettings(...LOCK)]));
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
  const { out, stderr } = await s.watch(['--target', 'both', '--search', 'clock'], 2, () => {});
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
