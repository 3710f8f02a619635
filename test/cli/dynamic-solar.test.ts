// An Apple solar HEIC through the CLI (docs/design.md#the-time-of-day) shows the image of the sun at the location
// setting (a rendition of that image: no desktop shows HEIC); without a location, one line saying
// how to set it. The real bin at fixed fake times (Debian's `faketime`; no switch in the product);
// the desktop is a set_command appending each path it is given to a file.
// How it waits: each run is awaited to its end at one fixed fake time; nothing is timed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { appleHeic } from '../helpers/dynamic.js';
import { sunLibrary } from '../helpers/sun.js';

const at = (time: string) => ['faketime', `2026-03-10 ${time}`];

t.test('an Apple solar HEIC shows the image of the sun at the location', async (t) => {
  const s = await sunLibrary(t);
  const walls = join(s.root, 'walls');
  const scratch = join(s.root, 'scratch');
  mkdirSync(scratch);
  // Image 0: night (sun far below), image 1: the sun high in the south.
  await appleHeic(
    join(walls, 'desert.heic'),
    ['#000020', '#ffd040'],
    'solar',
    {
      si: [
        { a: -40.5, z: 0.5, i: 0 },
        { a: 45.5, z: 180.5, i: 1 },
      ],
    },
    scratch,
  );
  t.equal((await s.cli(['scan', '--quiet'])).code, 0);
  const refused = await s.faked(at('12:00:00'), ['random', '--set', '--search', 'desert']);
  t.equal(refused.code, 2, 'a solar one needs the location');
  t.match(refused.stderr, /a solar dynamic wallpaper follows the sun: set your location with wallpaper config set location LAT,LON/);
  t.same(s.shown(), [], 'nothing changed');
  await s.cli(['config', 'set', 'location', '48.85,2.35']); // Paris: noon UTC is midday, midnight is night
  for (const [time, colour] of [
    ['12:00:00', [255, 208, 64]],
    ['23:59:00', [0, 0, 32]],
  ] as const) {
    const result = await s.faked(at(time), ['random', '--set', '--search', 'desert']);
    t.equal(result.code, 0, result.stderr);
    t.equal(result.stdout, `${join(walls, 'desert.heic')}\n`);
    const shown = s.shown().at(-1)!;
    t.match(shown, /renditions\/[0-9a-f]{16}-i[01]-64x48\.jpg$/, 'a rendition of one image');
    const { channels } = await sharp(shown).stats();
    const mean = channels.slice(0, 3).map((c) => c.mean);
    t.ok(
      mean.every((value, i) => Math.abs(value - colour[i]!) < 24),
      `at ${time} the image of the sun there (${mean.map(Math.round)})`,
    );
  }
});
