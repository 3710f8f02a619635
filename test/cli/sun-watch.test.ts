// `watch --appearance sun` through the real bin under Debian's libfaketime (no switch in the product
// moves its clock): it changes at sunrise (the fake clock 60 times faster: a fake minute a second),
// and after a resume that crossed sunset (the wall clock jumps while the timers' clock does not, as
// in a suspend: only its wall-clock check can see it). Auckland on 5 January 2020: sunrise 17:09 and
// sunset 07:44 UTC (USNO). The desktop is a set_command appending each path to a file.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import t, { type Test } from 'tap';
import { BIN } from '../helpers/cli.js';
import { AUCKLAND, LIBFAKETIME, NO_DESKTOP, sunLibrary } from '../helpers/sun.js';

/** `watch` running under libfaketime with `faketime` (its variables); `next(scheme)` resolves with
 * its next printed line of that scheme and the real time it came. */
function watch(t: Test, home: string, faketime: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, [BIN, '--home', home, 'watch', '--appearance', 'sun'], {
    env: { ...process.env, ...NO_DESKTOP, LD_PRELOAD: LIBFAKETIME, ...faketime },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const waiting: { scheme: string; resolve: (got: { line: string; at: number }) => void }[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const i = waiting.findIndex((w) => line.startsWith(`${w.scheme}\t`));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve({ line, at: Date.now() });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    stderr: () => stderr,
    next: (scheme: string) => new Promise<{ line: string; at: number }>((resolve) => waiting.push({ scheme, resolve })),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

t.test('changes at sunrise (the fake clock 60 times faster)', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await sunLibrary(t);
  await s.cli(['config', 'set', 'location', AUCKLAND]);
  // 16:56 UTC: thirteen fake minutes (thirteen real seconds) before the sunrise of 17:09, time
  // enough for a loaded machine to start the watch.
  const started = Date.now();
  const w = watch(t, s.home, { FAKETIME: '@2020-01-05 16:56:00 x60' });
  t.equal((await w.next('dark')).line, `dark\t${s.dark}`, 'dark at the start, before sunrise');
  const light = await w.next('light');
  t.equal(light.line, `light\t${s.light}`, 'light once the sun is up');
  t.equal(await w.stop(), 0, 'SIGTERM ends it cleanly');
  t.equal(w.stderr(), '');
  t.same(s.shown(), [s.dark, s.light]);
  // At the sunrise: USNO's 17:09 is 13 fake minutes in, 13 real seconds (within its 90 s: 11.5 to
  // 14.5 s); never before it, and within seconds after it however loaded the machine.
  const seconds = (light.at - started) / 1000;
  t.ok(seconds >= 11.5 && seconds < 30, `changed ${seconds.toFixed(1)} s (fake minutes) after 16:56`);
});

t.test('a resume that crossed sunset changes it: the wall clock jumps, the timers do not', async (t) => {
  if (!LIBFAKETIME) return t.fail('libfaketime is missing: apt-get install faketime');
  const s = await sunLibrary(t);
  await s.cli(['config', 'set', 'location', AUCKLAND]);
  const clock = `${s.root}/clock`;
  writeFileSync(clock, '@2020-01-05 06:00:00\n'); // afternoon in Auckland; sunset at 07:44
  const w = watch(t, s.home, {
    FAKETIME_TIMESTAMP_FILE: clock,
    FAKETIME_NO_CACHE: '1',
    // Node's timers run on the monotonic clock, which stands still during a suspend: real here.
    DONT_FAKE_MONOTONIC: '1',
  });
  t.equal((await w.next('light')).line, `light\t${s.light}`, 'light in the afternoon');
  // The machine "wakes" after sunset: on the timers' clock sunset is still 1 h 44 min away; only
  // the wall-clock check (every 30 s at most) sees it.
  writeFileSync(clock, '@2020-01-05 12:00:00\n');
  const jumped = Date.now();
  const dark = await w.next('dark');
  t.equal(dark.line, `dark\t${s.dark}`, 'dark after the resume');
  t.ok(dark.at - jumped < 40_000, `within the check's 30 s (${((dark.at - jumped) / 1000).toFixed(1)} s)`);
  t.equal(await w.stop(), 0);
  t.same(s.shown(), [s.light, s.dark]);
});
