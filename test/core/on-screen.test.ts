// The bookkeeping behind `current` and `back` (docs/design.md#the-wallpaper-on-screen), as tables: what a history of changes
// says is on the screen, what a change replaces per monitor and slot, and a history 20 changes deep.
import t from 'tap';
import { replacedBy } from '../../src/core/desktop/record/record.js';
import { appendChange, type ShownFile, readOnScreen, shownByHistory, takeLastChange } from '../../src/core/desktop/record/on-screen.js';

const file = (monitor: string | null, slot: 'light' | 'dark' | null, path: string): ShownFile => ({ monitor, slot, path, id: null });

t.test('what the history says is on the screen', async (t) => {
  const cases: [string, ShownFile[][], ShownFile[]][] = [
    ['nothing set', [], []],
    ['one file everywhere, then another', [[file(null, null, 'a')], [file(null, null, 'b')]], [file(null, null, 'b')]],
    [
      'everywhere, then one monitor: the other keeps the first',
      [[file(null, null, 'a')], [file('R', null, 'b')]],
      [file(null, null, 'a'), file('R', null, 'b')],
    ],
    [
      'per monitor, then everywhere: everywhere covers both',
      [[file('L', null, 'a'), file('R', null, 'b')], [file(null, null, 'c')]],
      [file(null, null, 'c')],
    ],
    [
      'slots, then the light one alone',
      [[file(null, 'light', 'a'), file(null, 'dark', 'b')], [file(null, 'light', 'c')]],
      [file(null, 'dark', 'b'), file(null, 'light', 'c')],
    ],
  ];
  for (const [name, changes, expected] of cases) {
    const history = changes.map((shown) => ({ at: '', shown, replaced: [] }));
    t.same(shownByHistory(history), expected, name);
  }
  // A file for one monitor covers that monitor only; the older file for every monitor stays on the
  // others (the desktop's monitors, or those the history names), never outranking the newer one.
  const split: [string, ShownFile[][], string[], ShownFile[]][] = [
    [
      'everywhere, then each monitor its own',
      [[file(null, null, 'a')], [file('L', null, 'b'), file('R', null, 'c')]],
      [],
      [file('L', null, 'b'), file('R', null, 'c')],
    ],
    [
      'everywhere, then one of two known monitors',
      [[file(null, null, 'a')], [file('R', null, 'b')]],
      ['L', 'R'],
      [file('L', null, 'a'), file('R', null, 'b')],
    ],
    [
      'each, everywhere, then one: the other keeps the everywhere file',
      [[file('L', null, 'a'), file('R', null, 'b')], [file(null, null, 'c')], [file('R', null, 'd')]],
      [],
      [file('L', null, 'c'), file('R', null, 'd')],
    ],
    [
      'slots everywhere, then one monitor for every slot',
      [[file(null, 'light', 'a'), file(null, 'dark', 'b')], [file('R', null, 'c')]],
      ['L', 'R'],
      [file('L', 'light', 'a'), file('L', 'dark', 'b'), file('R', null, 'c')],
    ],
    ['one monitor known: it alone', [[file(null, null, 'a')], [file('R', null, 'b')]], ['R'], [file('R', null, 'b')]],
  ];
  for (const [name, changes, monitors, expected] of split) {
    const history = changes.map((shown) => ({ at: '', shown, replaced: [] }));
    t.same(shownByHistory(history, monitors), expected, name);
  }
});

t.test('what a change replaces, per monitor and slot', async (t) => {
  const cases: [string, ShownFile[], ShownFile[], ShownFile[]][] = [
    ['nothing known before', [], [file(null, null, 'b')], []],
    ['everywhere replaces everywhere', [file(null, null, 'a')], [file(null, null, 'b')], [file(null, null, 'a')]],
    ['one monitor replaces what was everywhere, there', [file(null, null, 'a')], [file('R', null, 'b')], [file('R', null, 'a')]],
    [
      'everywhere replaces each monitor',
      [file('L', null, 'a'), file('R', null, 'b')],
      [file(null, null, 'c')],
      [file('L', null, 'a'), file('R', null, 'b')],
    ],
    [
      'each slot its own',
      [file(null, 'light', 'a'), file(null, 'dark', 'b')],
      [file(null, 'light', 'c'), file(null, 'dark', 'd')],
      [file(null, 'light', 'a'), file(null, 'dark', 'b')],
    ],
  ];
  for (const [name, before, shown, expected] of cases) t.same(replacedBy(before, shown), expected, name);
});

t.test('the history keeps the last 20 changes; back takes them newest first', async (t) => {
  const dir = t.testdir();
  for (let i = 1; i <= 25; i++) {
    const request = i === 25 ? { filters: { brightness: 'dark' as const }, options: { same: true } } : undefined;
    await appendChange(dir, { at: String(i), shown: [file(null, null, `f${i}`)], replaced: [file(null, null, `f${i - 1}`)] }, request);
  }
  const state = readOnScreen(dir);
  t.equal(state.changes.length, 20);
  t.equal(state.changes[0]?.at, '6', 'the oldest kept is the 6th');
  t.same(state.last_request, { filters: { brightness: 'dark' }, options: { same: true } });
  const taken: string[] = [];
  for (let change = await takeLastChange(dir); change; change = await takeLastChange(dir)) taken.push(change.at);
  t.same(
    taken,
    Array.from({ length: 20 }, (_, i) => String(25 - i)),
  );
  t.same(readOnScreen(dir).last_request, state.last_request, 'going back keeps what next asks');
});

t.test('a torn or foreign state file reads as an empty history', async (t) => {
  for (const text of ['{"version":1,"changes":[', '{"version":7}', 'null']) {
    const dir = t.testdir({ 'on-screen.json': text });
    t.same(readOnScreen(dir), { version: 1, changes: [], last_request: null }, text);
  }
});
