// Plain X11 with feh, for real (Xvfb): a 3840x2160 monitor and a 1080x1920 portrait one, a library of
// 1920x1080 and 1080x1920 solid colours. The screenshot shows on each monitor what `random --set`
// reported (as `NAME<TAB>PATH` lines and as `--json`); the 4K monitor, larger than every match,
// still cycles through its matches in 8 sets and always gets a landscape pick; `--appearance light`
// never sets one wallpaper twice in one call; `favorite current --monitor DP-2` marks what the
// screenshot shows on DP-2 (also after a set of one file for every monitor), an unknown one exits 2.
import t, { type Test } from 'tap';
import { wallpaperIn } from '../helpers/desktops/cli.js';
import { colorsApplyProofs } from '../helpers/desktops/colors-proofs.js';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { startOrSkip } from '../helpers/desktops/suite.js';
import {
  type Fixture,
  isColour,
  type Library,
  MIXED,
  makeLibrary,
  reported,
  screenColours,
  waitForScreen,
} from '../helpers/desktops/screen.js';
import { startX11, X11_MONITORS } from '../helpers/desktops/x11.js';

const orientation = (fixture?: Fixture) => fixture && (fixture.width > fixture.height ? 'landscape' : 'portrait');

const desktop = await startOrSkip(t, 'X11 with feh', startX11);
if (desktop) {
  const library: Library = await makeLibrary(desktop.dir, MIXED);

  /** One `random --set ARGS`: what it reported per monitor, checked against the screen. */
  const setAndLook = async (t: Test, args: string[], label: string, look = true) => {
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', ...args]);
    t.equal(result.code, 0, `${label}: exit 0 ${result.stderr}`);
    const picks = reported(result.stdout).map(([monitor, path]) => ({ monitor, fixture: library.fixtureOf(path) }));
    t.same(
      picks.map((pick) => pick.monitor),
      X11_MONITORS.map((place) => place.name),
      `${label}: one line per monitor`,
    );
    if (!look) return picks;
    const screen = await waitForScreen(
      desktop,
      X11_MONITORS,
      picks.map((pick) => pick.fixture?.colour ?? '#000000'),
    );
    t.ok(screen.ok, `${label}: the screen shows ${picks.map((pick) => pick.fixture?.colour).join(', ')} (seen ${screen.seen.join(', ')})`);
    return picks;
  };

  t.test('random --set: each monitor shows what was reported, of its own orientation', async (t) => {
    const monitors = await wallpaperIn(desktop, library.home, ['monitors', '--json']);
    t.same(
      JSON.parse(monitors.stdout).map((m: { name: string; width: number; height: number }) => [m.name, m.width, m.height]),
      X11_MONITORS.map((place) => [place.name, place.width, place.height]),
    );
    const picks = await setAndLook(t, [], 'set');
    t.same(
      picks.map((pick) => orientation(pick.fixture)),
      ['landscape', 'portrait'],
    );
  });

  t.test('random --set --json: one {monitor, slot: null, wallpaper} per monitor, each shown on its monitor', async (t) => {
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', '--json']);
    t.equal(result.code, 0, `exit 0 ${result.stderr}`);
    const entries = JSON.parse(result.stdout) as { monitor: string | null; slot: string | null; wallpaper: { path: string } }[];
    t.ok(Array.isArray(entries), `an array: ${result.stdout}`);
    t.same(
      entries.map(({ monitor, slot }) => [monitor, slot]),
      X11_MONITORS.map((place) => [place.name, null]),
      'one entry per monitor, by name, in no slot',
    );
    const fixtures = entries.map((entry) => library.fixtureOf(entry.wallpaper.path));
    t.same(fixtures.map(orientation), ['landscape', 'portrait'], 'each of its monitor orientation');
    const colours = fixtures.map((fixture) => fixture?.colour ?? '#000000');
    const screen = await waitForScreen(desktop, X11_MONITORS, colours);
    t.ok(screen.ok, `the screen shows ${colours.join(', ')} (seen ${screen.seen.join(', ')})`);
  });

  t.test('a 3840x2160 monitor, 1920x1080 wallpapers: 8 dark sets cycle through the 4 landscape ones', async (t) => {
    // Every match needs 2x upscaling on the 4K monitor (the closest-fit tier): it must still avoid
    // its recent ones (giving back the oldest first), and never trade landscape for novelty.
    const onBig: string[] = [];
    let last: Awaited<ReturnType<typeof setAndLook>> = [];
    for (let run = 1; run <= 8; run++) {
      last = await setAndLook(t, ['--brightness', 'dark'], `dark ${run}`, run === 8);
      onBig.push(last[0]?.fixture?.name ?? '?');
      t.equal(orientation(last[0]?.fixture), 'landscape', `dark ${run}: the 4K monitor gets a landscape pick`);
      t.equal(orientation(last[1]?.fixture), 'portrait', `dark ${run}: the portrait monitor gets a portrait pick`);
    }
    const repeats = onBig.filter((name, i) => onBig.slice(Math.max(0, i - 3), i).includes(name));
    t.same(repeats, [], `no pick repeats one of the 3 before it on the 4K monitor: ${onBig.join(', ')}`);
  });

  t.test('--appearance light: one call never sets a wallpaper twice; each monitor keeps its orientation', async (t) => {
    for (let run = 1; run <= 3; run++) {
      const picks = await setAndLook(t, ['--appearance', 'light'], `light ${run}`);
      t.not(picks[0]?.fixture?.name, picks[1]?.fixture?.name, `light ${run}: two different wallpapers`);
      t.same(
        picks.map((pick) => orientation(pick.fixture)),
        ['landscape', 'portrait'],
        `light ${run}: landscape on the landscape monitor, portrait on the portrait one`,
      );
    }
  });

  t.test('favorite current --monitor DP-2 marks what the screenshot shows on DP-2, after a set for every monitor', async (t) => {
    const cli = (...args: string[]) => wallpaperIn(desktop, library.home, args);
    const favourites = async () =>
      (JSON.parse((await cli('list', '--favorites', '--json')).stdout) as { wallpapers: { path: string }[] }).wallpapers.map(
        (wallpaper) => wallpaper.path,
      );
    // One file on every monitor first (the history's entry for every monitor), then one each.
    t.equal((await cli('random', '--set', '--same')).code, 0, 'random --set --same');
    await setAndLook(t, [], 'one each');
    const [, onDp2] = await screenColours(desktop, X11_MONITORS);
    const shown = MIXED.find((fixture) => isColour(onDp2 ?? '', fixture.colour));
    t.ok(shown, `the screenshot shows a fixture on DP-2 (${onDp2})`);
    t.same(await favourites(), [], 'no favourite yet');

    const marked = await cli('favorite', 'current', '--monitor', 'DP-2');
    t.equal(marked.code, 0, `exit 0 ${marked.stderr}`);
    const [path] = await favourites();
    t.equal((await favourites()).length, 1, 'exactly one favourite');
    t.equal(library.fixtureOf(path ?? '')?.name, shown?.name, `the favourite is what DP-2 shows: ${marked.stdout.trim()}`);
    t.match(marked.stdout, `favourite: `);

    const unknown = await cli('favorite', 'current', '--monitor', 'DP-9');
    t.equal(unknown.code, 2, 'an unknown monitor: a usage error');
    t.match(unknown.stderr, /^wallpaper: invalid --monitor "DP-9": this desktop has screen, DP-2\n$/);
    t.same(await favourites(), [path], 'nothing else marked');
    t.equal((await cli('favorite', path ?? '', '--off')).code, 0);
  });

  // current (feh cannot be read back: what this library last set), back and hide current, by
  // screenshot.
  onScreenProofs(t, desktop, () => X11_MONITORS, library);

  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, X11_MONITORS);

  // The wallpaper's colours on a real xterm, and after a change.
  colorsApplyProofs(t, desktop);
}
