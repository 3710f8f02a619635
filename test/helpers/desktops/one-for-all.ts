// The cases every desktop with one wallpaper for all monitors shares (MATE, Cinnamon; GNOME adds its
// own): `random --set` prints one path, a pick that fits the primary (landscape) monitor, and every
// monitor shows it; `--span` prints a pick per monitor and each monitor shows its own.
import type { Test } from 'tap';
import { wallpaperIn } from './cli.js';
import { type Library, type Place, reported, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

export function oneForAllCases(t: Test, desktop: Desktop, places: readonly Place[], library: Library): void {
  const colourOf = (path: string) => library.fixtureOf(path)?.colour ?? '#000000';

  t.test('random --set: one pick that fits the primary monitor, shown on every monitor', async (t) => {
    for (let run = 1; run <= 3; run++) {
      const result = await wallpaperIn(desktop, library.home, ['random', '--set', '--brightness', 'dark']);
      t.equal(result.code, 0, `set ${run}: exit 0 ${result.stderr}`);
      const lines = reported(result.stdout);
      t.same(
        lines.map(([name]) => name),
        [''],
        `set ${run}: one path, no monitor name`,
      );
      const fixture = library.fixtureOf(lines[0]?.[1] ?? '');
      t.ok(fixture && fixture.width > fixture.height, `set ${run}: a landscape pick for the landscape primary (${fixture?.name})`);
      const screen = await waitForScreen(
        desktop,
        places,
        places.map(() => colourOf(lines[0]?.[1] ?? '')),
        8000,
      );
      t.ok(screen.ok, `set ${run}: every monitor shows ${fixture?.colour} (seen ${screen.seen.join(', ')})`);
    }
  });

  t.test('--span: each monitor shows the pick reported for it', async (t) => {
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', '--span']);
    t.equal(result.code, 0, `exit 0 ${result.stderr}`);
    const lines = reported(result.stdout);
    t.same(
      lines.map(([name]) => name),
      places.map((place) => place.name),
      'one line per monitor',
    );
    const expected = lines.map(([, path]) => colourOf(path));
    const screen = await waitForScreen(desktop, places, expected, 8000);
    t.ok(screen.ok, `the screen shows ${expected.join(', ')} (seen ${screen.seen.join(', ')})`);
  });
}
