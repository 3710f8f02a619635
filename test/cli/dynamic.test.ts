// Dynamic wallpapers on the desktop through the CLI (docs/design.md#the-time-of-day), the clock moved by Debian's
// faketime (the real bin; no switch in the product): `random --set` and `next` show the frame for
// now of a GNOME timed XML; `watch` shows each next frame of a .stw as its time comes (an Apple
// solar HEIC: dynamic-solar.test.ts). The desktop is a set_command appending each path it is given to a file.
// How it waits: `random --set` and `next` each run at one fixed fake time (`faketime DATE`); `watch`
// runs on a clock the test steps (stepped-clock.ts) to each frame change once the line of the one
// before came, and the test waits for the line that proves it (watch-process.ts: a generous limit,
// never measured); between steps the clock runs at the real rate, an hour from the next change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { adwaitaLikeXml } from '../helpers/dynamic.js';
import { writeImage } from '../helpers/fixtures.js';
import { steppedClock } from '../helpers/stepped-clock.js';
import { LIBFAKETIME, NO_DESKTOP, sunLibrary } from '../helpers/sun.js';
import { spawnWatch } from '../helpers/watch-process.js';

/** sunLibrary's library (a set_command logging each path) plus frames and dynamic files. */
async function dynamicLibrary(t: Test) {
  const s = await sunLibrary(t);
  const walls = join(s.root, 'walls');
  const frames = join(walls, 'frames');
  mkdirSync(frames);
  const f = (name: string) => join(frames, name);
  await writeImage(f('morning.jpg'), { width: 64, height: 48, color: '#c07030' });
  await writeImage(f('day.jpg'), { width: 64, height: 48, color: '#f0f0e8' });
  await writeImage(f('night.jpg'), { width: 64, height: 48, color: '#101020' });
  writeFileSync(join(walls, 'adwaita-timed.xml'), adwaitaLikeXml(f));
  return { ...s, walls, f };
}

const at = (time: string) => ['faketime', `2026-03-10 ${time}`];

t.test('random --set and next: the timed XML at its frame for now', async (t) => {
  const s = await dynamicLibrary(t);
  t.equal((await s.cli(['scan', '--quiet'])).code, 0);
  const xml = join(s.walls, 'adwaita-timed.xml');
  const table: [string, string[], string][] = [
    ['07:30:00', ['random', '--set', '--search', 'adwaita'], 'morning.jpg'],
    ['12:00:00', ['next'], 'day.jpg'],
    ['22:00:00', ['next'], 'night.jpg'],
    ['06:30:00', ['next'], 'morning.jpg'], // the second half of night .. morning
  ];
  for (const [time, args, frame] of table) {
    const result = await s.faked(at(time), args);
    t.equal(result.code, 0, result.stderr);
    t.equal(result.stdout, `${xml}\n`, `${args[0]} at ${time} reports the wallpaper itself`);
    t.equal(s.shown().at(-1), s.f(frame), `at ${time} the desktop shows ${frame}`);
  }
  const json = await s.faked(at('12:00:00'), ['random', '--search', 'adwaita', '--json']);
  t.same(JSON.parse(json.stdout).dynamic, { kind: 'timed', frames: 3 }, '--json carries dynamic');
});

t.test('watch keeps a .stw at its frame for now as the day goes on (the clock stepped to each change)', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await dynamicLibrary(t);
  writeFileSync(join(s.walls, 'clock.stw'), 'stw: 1.0\nformat: frames/%s.jpg\n@00:00: day\n@17:00: morning\n@18:00: night\n@19:00: day\n');
  t.equal((await s.cli(['scan', '--quiet'])).code, 0);
  const clock = steppedClock(s.root, '2026-03-10 16:00:00');
  const w = spawnWatch(t, s.home, ['--search', 'clock'], { ...process.env, ...NO_DESKTOP, ...clock.env });
  await w.untilLines(1);
  for (const [i, time] of ['17:00:00', '18:00:00', '19:00:00'].entries()) {
    await clock.step(w.pid, `2026-03-10 ${time}`);
    await w.untilLines(2 + i);
  }
  t.equal(await w.stop(), 0, 'SIGTERM ends it cleanly');
  t.equal(w.stderr(), '');
  t.same(
    w.lines,
    [`light\t${join(s.walls, 'clock.stw')}`, `frame\t${s.f('morning.jpg')}`, `frame\t${s.f('night.jpg')}`, `frame\t${s.f('day.jpg')}`],
    'the pick, then each frame as its hour comes',
  );
  t.same(s.shown(), [s.f('day.jpg'), s.f('morning.jpg'), s.f('night.jpg'), s.f('day.jpg')], 'each put on the desktop');
});
