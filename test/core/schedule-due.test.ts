// The --if-due rule with an injected clock (part 4): a missed interval while the machine
// was off gives exactly one change however many triggers come on boot; duplicate triggers at the
// same moment give one; paused gives none; a clock gone backwards, a corrupt state file and a lock
// left by a killed run do not stop the wallpaper for good.
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { claimIfDue, dueIntervalOf, formatDuration, isDue, parseDuration, readState, writeState } from '../../src/core/schedule/due.js';
import { tempDir } from '../helpers/fixtures.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.parse('2026-11-24T08:00:00.000Z');

/** Every trigger that finds the wallpaper due changes it (and records it); returns how many did. */
function triggers(dir: string, interval: number, times: number[]): number {
  let changes = 0;
  for (const time of times) {
    const claim = claimIfDue(dir, interval, () => time);
    if (claim) {
      changes++;
      claim.changed();
    }
  }
  return changes;
}

t.test('durations', async (t) => {
  const table: [string, number][] = [
    ['30m', 30 * MIN],
    ['1h', HOUR],
    ['1h30m', 90 * MIN],
    ['90s', 90_000],
    ['1d', 24 * HOUR],
    ['daily', 24 * HOUR],
    [' 2H ', 2 * HOUR],
  ];
  for (const [text, ms] of table) t.equal(parseDuration(text), ms, text);
  for (const bad of ['', '0m', '30', 'soon', '1h-5m', '5x', '1h 30m later']) {
    t.throws(() => parseDuration(bad), { code: 'invalid_param', message: /^invalid --if-due .*: expected a duration such as 30m/ }, bad);
  }
  t.equal(formatDuration(29 * MIN), '29m');
  t.equal(formatDuration(24 * HOUR - MIN), '23h59m');
  t.equal(formatDuration(dueIntervalOf(MIN)), '54s', 'a tenth off a minute');
  t.equal(formatDuration(dueIntervalOf(30 * MIN)), '29m', 'at most a minute off');
  for (const ms of [54_000, 29 * MIN, 23 * HOUR + 59 * MIN, 7 * 24 * HOUR - MIN])
    t.equal(parseDuration(formatDuration(ms)), ms, 'read back');
});

t.test('the rule', async (t) => {
  const table: [string, { last_change: string | null; paused: boolean }, number, boolean][] = [
    ['never changed', { last_change: null, paused: false }, T0, true],
    ['just changed', { last_change: new Date(T0).toISOString(), paused: false }, T0 + MIN, false],
    ['a second short', { last_change: new Date(T0).toISOString(), paused: false }, T0 + HOUR - 1000, false],
    ['the interval passed', { last_change: new Date(T0).toISOString(), paused: false }, T0 + HOUR, true],
    ['paused', { last_change: null, paused: true }, T0, false],
    ['clock a little behind', { last_change: new Date(T0).toISOString(), paused: false }, T0 - MIN, false],
    ['clock went back a day', { last_change: new Date(T0).toISOString(), paused: false }, T0 - 24 * HOUR, true],
    ['unreadable date', { last_change: 'yesterday', paused: false }, T0, true],
  ];
  for (const [name, state, now, due] of table) t.equal(isDue(state, now, HOUR), due, name);
});

t.test('missed intervals while off: exactly one change on boot, however many triggers', async (t) => {
  const dir = tempDir(t);
  t.equal(triggers(dir, HOUR, [T0]), 1, 'the first run changes');
  // Off for 10 hours; on boot the timer's catch-up run, the login hook and cron all fire.
  const boot = T0 + 10 * HOUR;
  t.equal(triggers(dir, HOUR, [boot, boot + 2000, boot + 30_000]), 1, 'one change for all of them');
  t.equal(readState(dir).last_change, new Date(boot).toISOString());
  t.equal(triggers(dir, HOUR, [boot + HOUR - 5000]), 0, 'not before the interval');
  t.equal(triggers(dir, HOUR, [boot + HOUR]), 1, 'then again');
});

t.test('duplicate triggers at the same moment: the second stands down while the first changes', async (t) => {
  const dir = tempDir(t);
  const first = claimIfDue(dir, HOUR, () => T0);
  t.ok(first, 'the first claims');
  t.equal(
    claimIfDue(dir, HOUR, () => T0),
    undefined,
    'the second finds the lock',
  );
  first!.changed();
  t.equal(
    claimIfDue(dir, HOUR, () => T0 + 1000),
    undefined,
    'and after the change it is not due',
  );
  t.notOk(existsSync(join(dir, 'last-change.lock')), 'the lock is gone');
});

t.test('a failed change records nothing; a release twice never drops a lock taken since', async (t) => {
  const dir = tempDir(t);
  const claim = claimIfDue(dir, HOUR, () => T0)!;
  claim.release();
  t.equal(readState(dir).last_change, null, 'nothing recorded');
  const next = claimIfDue(dir, HOUR, () => T0)!;
  claim.release();
  t.equal(
    claimIfDue(dir, HOUR, () => T0),
    undefined,
    "the other trigger's lock held",
  );
  next.changed();
});

t.test('paused: none, until resumed', async (t) => {
  const dir = tempDir(t);
  writeState(dir, { last_change: null, paused: true });
  t.equal(triggers(dir, HOUR, [T0, T0 + 5 * HOUR]), 0);
  writeState(dir, { ...readState(dir), paused: false });
  t.equal(triggers(dir, HOUR, [T0 + 6 * HOUR]), 1);
});

t.test('a corrupt state file is due and rewritten; a stale lock is taken over', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'last-change.json'), '{"last_change": tru');
  t.equal(triggers(dir, HOUR, [T0]), 1);
  t.same(JSON.parse(readFileSync(join(dir, 'last-change.json'), 'utf8')), { last_change: new Date(T0).toISOString(), paused: false });

  writeFileSync(join(dir, 'last-change.lock'), '');
  const old = (Date.now() - 10 * MIN) / 1000;
  utimesSync(join(dir, 'last-change.lock'), old, old);
  t.ok(
    claimIfDue(dir, HOUR, () => Date.now()),
    'a lock from a run killed ten minutes ago does not block for good',
  );
});
