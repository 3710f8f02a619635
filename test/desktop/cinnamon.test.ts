// Cinnamon, for real (cinnamon-session on Xorg's dummy driver, two outputs): one wallpaper
// for all monitors, a pick that fits the primary one, shown on every monitor; `--span` shows each
// monitor its own reported pick; `wallpaper tray` registers with XApp's StatusNotifierWatcher and
// its menu's Next (the dbusmenu Event) changes the screen.
import { existsSync } from 'node:fs';
import t from 'tap';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { startCinnamon } from '../helpers/desktops/cinnamon.js';
import { oneForAllCases } from '../helpers/desktops/one-for-all.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { MIXED, makeLibrary } from '../helpers/desktops/screen.js';
import { startOrSkip } from '../helpers/desktops/suite.js';
import { trayOnHostCases } from '../helpers/desktops/tray-hosts.js';

const desktop = await startOrSkip(t, 'Cinnamon', startCinnamon);
if (desktop) {
  const library = await makeLibrary(desktop.dir, MIXED);
  oneForAllCases(t, desktop, desktop.places, library);
  // current (read back with gsettings), back and hide current, by screenshot.
  onScreenProofs(t, desktop, () => desktop.places, library);
  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, desktop.places);
  // The tray through XApp's StatusNotifierWatcher (xapp-sn-watcher, which the session starts):
  // registered, and the menu's Next changes the screen.
  if (existsSync('/usr/libexec/xapps/sn-watcher/xapp-sn-watcher') || process.env.CI)
    trayOnHostCases(t, desktop, library, { host: "Cinnamon's xapp-sn-watcher", monitors: () => desktop.places });
  else t.test('the tray on Cinnamon', (t) => t.plan(0, 'xapp-sn-watcher is not installed'));
}
