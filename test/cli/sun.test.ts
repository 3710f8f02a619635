// `--appearance sun` (docs/design.md#the-time-of-day) through the CLI: `random --set` and `next` pick dark before
// the published sunrise and light after it, and the other way at sunset (the real bin under Debian's
// faketime: no switch in the product moves its clock); without a location one line says how to set
// it (exit 2) and nothing changes; the location is validated; `schedule` carries the flag into the
// timer's command. `watch` is in sun-watch.test.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { AUCKLAND, sunLibrary } from '../helpers/sun.js';

/** faketime starting at this UTC time on 5 January 2020 (TZ=UTC in the environment). */
const at = (time: string) => ['faketime', `2020-01-05 ${time}`];

t.test('random --set and next: dark before the published sunrise, light after it; sunset the other way', async (t) => {
  const s = await sunLibrary(t);
  // South of the equator: a location starting with a minus is a value, not an option.
  const set = await s.cli(['config', 'set', 'location', AUCKLAND]);
  t.same([set.code, set.stdout], [0, `${AUCKLAND}\n`], set.stderr);
  const table: [string, string[], 'dark' | 'light'][] = [
    ['17:06:00', ['random', '--set', '--appearance', 'sun'], 'dark'], // 3 minutes before sunrise (17:09)
    ['17:12:00', ['random', '--set', '--appearance', 'sun'], 'light'], // 3 minutes after
    // next asks the sun again: the last random --set was --appearance sun.
    ['07:41:00', ['next'], 'light'], // 3 minutes before sunset (07:44)
    ['07:47:00', ['next'], 'dark'],
  ];
  for (const [time, args, scheme] of table) {
    const result = await s.faked(at(time), args);
    t.equal(result.code, 0, result.stderr);
    t.equal(result.stdout, `${scheme === 'dark' ? s.dark : s.light}\n`, `${args[0]} at ${time} UTC: ${scheme}`);
  }
  t.same(
    s.shown(),
    table.map(([, , scheme]) => (scheme === 'dark' ? s.dark : s.light)),
    'each put on the desktop',
  );
  const picked = await s.faked(at('17:20:00'), ['random', '--appearance', 'sun']);
  t.equal(picked.stdout, `${s.light}\n`, 'random without --set picks by the sun too');
});

t.test('without a location: exit 2 and one line saying how to set it; nothing changes', async (t) => {
  const s = await sunLibrary(t);
  for (const args of [
    ['random', '--set', '--appearance', 'sun'],
    ['watch', '--appearance', 'sun'],
    ['schedule', '--every', '1h', '--appearance', 'sun', '--dry-run'],
  ]) {
    const result = await s.cli(args);
    t.equal(result.code, 2, args.join(' '));
    t.equal(
      result.stderr,
      'wallpaper: invalid --appearance sun: it needs your location: set it with wallpaper config set location LAT,LON (decimal degrees, e.g. 52.52,13.40)\n',
    );
    t.equal(result.stdout, '');
  }
  t.same(s.shown(), [], 'nothing was set');
});

t.test('the location setting: validated, kept as written, unset with null', async (t) => {
  const s = await sunLibrary(t);
  for (const value of ['95,10', '52.52', 'Berlin', '52.52,13.40,7', '52°31′N,13°24′E']) {
    const refused = await s.cli(['config', 'set', 'location', value]);
    t.equal(refused.code, 2, value);
    t.equal(
      refused.stderr,
      'wallpaper: invalid location: expected "LAT,LON" in decimal degrees, latitude -90..90 and longitude -180..180 (e.g. 52.52,13.40), or null\n',
    );
  }
  t.equal((await s.cli(['config', 'get', 'location'])).stdout, 'null\n', 'nothing kept');
  t.equal((await s.cli(['config', 'set', 'location', '52.52, 13.40'])).stdout, '52.52,13.40\n', 'as copied from a map');
  t.equal((await s.cli(['config', 'set', 'location', '-33.92,-70.5'])).stdout, '-33.92,-70.5\n', 'south and west');
  t.equal((await s.cli(['config', 'set', 'location', 'null'])).stdout, 'null\n', 'unset');
  const typo = await s.cli(['config', 'set', 'location', '52.52,13.40', '--jsno']);
  t.equal(typo.code, 2, 'a mistyped option after the value is still refused');
});

t.test("schedule --appearance sun: the timer's command carries it", async (t) => {
  const s = await sunLibrary(t);
  await s.cli(['config', 'set', 'location', '52.52,13.40']);
  const env = { HOME: join(s.root, 'user'), XDG_CONFIG_HOME: join(s.root, 'config'), PATH: process.env.PATH };
  const result = await s.cli(['schedule', '--every', '1h', '--appearance', 'sun', '--orientation', 'landscape', '--dry-run'], env);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, / random --set --if-due \S+ --appearance sun --orientation landscape\n/);
  t.notOk(existsSync(join(s.root, 'config', 'systemd')), '--dry-run writes nothing');
  const both = await s.cli(['schedule', '--every', '1h', '--appearance', 'sun', '--brightness', 'dark', '--dry-run'], env);
  t.equal(both.code, 2);
  t.match(both.stderr, /give --brightness or --appearance, not both/);
});
