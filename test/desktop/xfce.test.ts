// Xfce 4.18, for real (xfdesktop on Xorg's dummy driver, two real outputs: 1920x1080 and a 1080x1920
// portrait mode). The screenshot shows on each monitor what `random --set` reported, of its own
// orientation; a set naming a monitor that has no `last-image` property fails (exit 1) and leaves
// every monitor as it was: all or nothing.
// How it waits: screen checks poll screenshots until the expected colours show (a generous limit);
// "nothing changed" is proved by an event: `xfconf-query -m` reports a marker property written after
// the run, and no last-image before it (test/helpers/desktops/settings-marker.ts).
import t from 'tap';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { wallpaperIn } from '../helpers/desktops/cli.js';
import { noLockScreenCases } from '../helpers/desktops/lock-screen.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { startOrSkip } from '../helpers/desktops/suite.js';
import { MIXED, makeLibrary, reported, screenColours, waitForScreen } from '../helpers/desktops/screen.js';
import { startXfce } from '../helpers/desktops/xfce.js';
import { changesDuring, XFCONF_MARKER } from '../helpers/desktops/settings-marker.js';
import { XFCE_STORE, stockShortcutCases } from '../helpers/desktops/shortcut-proofs.js';
import { xfceTrayProofs } from '../helpers/desktops/tray-proofs.js';
import { DUMMY_MONITORS } from '../helpers/desktops/xserver.js';

const desktop = await startOrSkip(t, 'Xfce', startXfce);
if (desktop) {
  const library = await makeLibrary(desktop.dir, MIXED);
  const orientationOf = (path: string) => {
    const fixture = library.fixtureOf(path);
    return fixture && (fixture.width > fixture.height ? 'landscape' : 'portrait');
  };

  t.test('random --set: each output shows what was reported, of its own orientation', async (t) => {
    for (let run = 1; run <= 2; run++) {
      const result = await wallpaperIn(desktop, library.home, ['random', '--set']);
      t.equal(result.code, 0, `set ${run}: exit 0 ${result.stderr}`);
      const picks = reported(result.stdout);
      t.same(
        picks.map(([monitor, path]) => [monitor, orientationOf(path)]),
        [
          ['DUMMY0', 'landscape'],
          ['DUMMY1', 'portrait'],
        ],
        `set ${run}: landscape on DUMMY0, portrait on DUMMY1`,
      );
      const colours = picks.map(([, path]) => library.fixtureOf(path)?.colour ?? '#000000');
      const screen = await waitForScreen(desktop, DUMMY_MONITORS, colours);
      t.ok(screen.ok, `set ${run}: the screen shows ${colours.join(', ')} (seen ${screen.seen.join(', ')})`);
    }
  });

  // current (read back from each monitor's last-image), back and hide current, by screenshot.
  onScreenProofs(t, desktop, () => DUMMY_MONITORS, library);

  t.test('a monitor without its last-image property: exit 1, every monitor unchanged', async (t) => {
    const before = await screenColours(desktop, DUMMY_MONITORS);
    const monitors = 'DUMMY0=1920x1080,DUMMY1=1080x1920,GHOST-1=1920x1080';
    let result = { code: null as number | null, stderr: '' };
    const changed = await changesDuring(t, desktop.env, XFCONF_MARKER, async () => {
      result = await wallpaperIn(desktop, library.home, ['random', '--set', '--monitors', monitors]);
    });
    t.equal(result.code, 1, 'exit 1');
    t.match(result.stderr, /GHOST-1/, `the error names the monitor: ${result.stderr.trim()}`);
    t.notMatch(changed, /last-image/, 'no last-image changed before the marker written after the run');
    t.same(await screenColours(desktop, DUMMY_MONITORS), before, 'both outputs still show what they showed');
  });

  // The lock screen (--target), kept in test/helpers/desktops/lock-screen.ts.
  noLockScreenCases(t, desktop, /Xfce has no lock-screen wallpaper of its own/);

  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, DUMMY_MONITORS);

  // Keyboard shortcuts on the desktop as shipped: the first free key set, read back with its own tool.
  stockShortcutCases(t, desktop, library.home, XFCE_STORE);
  // The tray on xfce4-panel's Status Tray (docs/desktops.md#the-tray): last, as its panel stays up.
  xfceTrayProofs(t, desktop, () => DUMMY_MONITORS, library);
}
