// KDE Plasma 5.27, for real (kwin_wayland's virtual backend, two outputs, the second rotated to
// portrait with kscreen-doctor; no settings portal on the bus). By screenshot: each output shows
// what `random --set` reported, of its own orientation; `--appearance light` never sets a wallpaper
// twice in one call; under Breeze Dark `--appearance auto` reads Plasma's own scheme and picks dark;
// a first `--target both` whose lock half fails leaves Plasma's plain colour as it was; the tray
// registers with the panel's system tray, shows the wallpaper there, and its menu's Next changes it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { wallpaperIn } from '../helpers/desktops/cli.js';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { failedBothOnPlasma, LOCK_READ_BACK, lockScreenCases } from '../helpers/desktops/lock-screen.js';
import { applyColorScheme, capturedPart, startPlasma } from '../helpers/desktops/kde.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { LANDSCAPE_DARK, MIXED, makeLibrary, type Place, PORTRAIT_DARK, reported, waitForScreen } from '../helpers/desktops/screen.js';
import { startOrSkip } from '../helpers/desktops/suite.js';
import { trayOnHostCases } from '../helpers/desktops/tray-hosts.js';
import { eventually } from '../helpers/serve.js';

const desktop = await startOrSkip(t, 'KDE Plasma', startPlasma);
if (desktop) {
  const library = await makeLibrary(desktop.dir, MIXED);
  const orientationOf = (path: string) => {
    const fixture = library.fixtureOf(path);
    return fixture && (fixture.width > fixture.height ? 'landscape' : 'portrait');
  };
  let places: Place[] = [];

  /** One set with `args`: each output reports a pick of its orientation, and shows it. */
  const setAndLook = async (t: Test, args: string[], label: string) => {
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', ...args]);
    t.equal(result.code, 0, `${label}: exit 0 ${result.stderr}`);
    const picks = reported(result.stdout);
    t.same(
      picks.map(([monitor, path]) => [monitor, orientationOf(path)]),
      [
        ['Virtual-0', 'landscape'],
        ['Virtual-1', 'portrait'],
      ],
      `${label}: landscape on Virtual-0, portrait on the rotated Virtual-1`,
    );
    const colours = picks.map(([, path]) => library.fixtureOf(path)?.colour ?? '#000000');
    const screen = await waitForScreen(desktop, capturedPart(places), colours, 8000);
    t.ok(screen.ok, `${label}: the screen shows ${colours.join(', ')} (seen ${screen.seen.join(', ')})`);
    return picks;
  };

  t.test('random --set: each output shows what was reported, of its own orientation', async (t) => {
    // kscreen-doctor's rotation takes a moment to reach the outputs.
    const portrait = await eventually(async () => {
      const listed = await wallpaperIn(desktop, library.home, ['monitors', '--json']);
      places = listed.code === 0 ? JSON.parse(listed.stdout) : [];
      return places.some((place) => place.name === 'Virtual-1' && place.height > place.width);
    }, 10_000);
    t.ok(portrait, `Virtual-1 is portrait: ${JSON.stringify(places)}`);
    for (let run = 1; run <= 2; run++) await setAndLook(t, [], `set ${run}`);
  });

  t.test('--appearance light: one call never sets a wallpaper twice', async (t) => {
    for (let run = 1; run <= 2; run++) {
      const picks = await setAndLook(t, ['--appearance', 'light'], `light ${run}`);
      t.not(picks[0]?.[1], picks[1]?.[1], `light ${run}: two different wallpapers`);
    }
  });

  // current (read back through plasmashell), back and hide current, by screenshot.
  onScreenProofs(t, desktop, () => capturedPart(places), library, {
    showUnknown: async (file) => void (await promisify(execFile)('plasma-apply-wallpaperimage', [file], { env: desktop.env })),
  });

  t.test('Breeze Dark without a portal: --appearance auto picks dark', async (t) => {
    await applyColorScheme(desktop, 'BreezeDark');
    const picks = await setAndLook(t, ['--appearance', 'auto'], 'auto');
    const dark = [...LANDSCAPE_DARK, ...PORTRAIT_DARK];
    t.ok(
      picks.every(([, path]) => dark.includes(library.fixtureOf(path)?.colour ?? '')),
      `only dark picks: ${picks.map(([, path]) => library.fixtureOf(path)?.name).join(', ')}`,
    );
  });

  // The tray in the system tray of Plasma's default panel, along the bottom of the primary output.
  trayOnHostCases(t, desktop, library, {
    host: "Plasma's panel",
    monitors: () => capturedPart(places),
    panel: { name: 'panel', x: 0, y: 1080 - 42, width: 1920, height: 42 },
    setArgs: ['--same'],
  });

  // The lock screen (--target), kept in test/helpers/desktops/lock-screen.ts.
  lockScreenCases(t, desktop, LOCK_READ_BACK.kde);
  failedBothOnPlasma(t, desktop, () => capturedPart(places));

  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, () => capturedPart(places));
}
