// `watch --appearance sun` through the real bin under Debian's libfaketime (no switch in the product
// moves its clock): it changes at sunrise, and after a resume that crossed sunset (the wall clock
// jumps while the timers' clock does not, as in a suspend: only its wall-clock check can see it).
// Auckland on 5 January 2020: sunrise 17:09 and sunset 07:44 UTC (USNO; the times themselves are
// held by test/core/sun.test.ts). The desktop is a set_command appending each path to a file.
// How it waits: the clock is stepped by the test (stepped-clock.ts), never run faster; the test
// waits for the line `watch` prints (watch-process.ts: a generous limit, never measured). At
// sunrise the step is a small suspend whose timers see it at once; the resume moves the wall clock
// alone, and only the product's own check (at most every 30 s) can see it: without that check the
// change would wait 1 h 44 min, far beyond the limit.
import t from 'tap';
import { steppedClock } from '../helpers/stepped-clock.js';
import { AUCKLAND, LIBFAKETIME, NO_DESKTOP, sunLibrary } from '../helpers/sun.js';
import { spawnWatch } from '../helpers/watch-process.js';

const DAY = '2020-01-05';

t.test('changes at sunrise: dark before it, light once the clock passed it', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await sunLibrary(t);
  await s.cli(['config', 'set', 'location', AUCKLAND]);
  const clock = steppedClock(s.root, `${DAY} 16:56:00`); // thirteen minutes before sunrise
  const w = spawnWatch(t, s.home, ['--appearance', 'sun'], { ...process.env, ...NO_DESKTOP, ...clock.env });
  t.same(await w.untilLines(1), [`dark\t${s.dark}`], 'dark at the start, before sunrise');
  // Two minutes after USNO's 17:09, beyond the 90 s the computed sunrise may differ from it.
  await clock.step(w.pid, `${DAY} 17:11:00`);
  t.same(await w.untilLines(2), [`dark\t${s.dark}`, `light\t${s.light}`], 'light once the sun is up');
  t.equal(await w.stop(), 0, 'SIGTERM ends it cleanly');
  t.equal(w.stderr(), '');
  t.same(s.shown(), [s.dark, s.light]);
});

t.test('a resume that crossed sunset changes it: the wall clock jumps, the timers do not', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await sunLibrary(t);
  await s.cli(['config', 'set', 'location', AUCKLAND]);
  const clock = steppedClock(s.root, `${DAY} 06:00:00`); // afternoon in Auckland; sunset at 07:44
  const w = spawnWatch(t, s.home, ['--appearance', 'sun'], {
    ...process.env,
    ...NO_DESKTOP,
    ...clock.env,
    // Node's timers run on the monotonic clock, which stands still during a suspend: real here.
    DONT_FAKE_MONOTONIC: '1',
  });
  t.same(await w.untilLines(1), [`light\t${s.light}`], 'light in the afternoon');
  // The machine "wakes" after sunset: on the timers' clock sunset is still 1 h 44 min away; only
  // the wall-clock check sees it.
  clock.set(`${DAY} 12:00:00`);
  t.same(await w.untilLines(2), [`light\t${s.light}`, `dark\t${s.dark}`], 'dark after the resume');
  t.equal(await w.stop(), 0);
  t.same(s.shown(), [s.light, s.dark]);
});
