// MATE, for real (caja drawing the desktop on Xorg's dummy driver, two outputs): one wallpaper
// for all monitors, a pick that fits the primary one, shown on every monitor; `--span` shows each
// monitor its own reported pick; `wallpaper tray` registers with mate-panel's notification area and
// its menu's Next (the dbusmenu Event) changes the screen.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { LOCK_READ_BACK, lockScreenCases } from '../helpers/desktops/lock-screen.js';
import { startMate } from '../helpers/desktops/mate.js';
import { lockToolsHere } from '../helpers/settings-session.js';
import { oneForAllCases } from '../helpers/desktops/one-for-all.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { MIXED, makeLibrary } from '../helpers/desktops/screen.js';
import { startGroup } from '../helpers/desktops/session.js';
import { startOrSkip } from '../helpers/desktops/suite.js';
import { trayOnHostCases } from '../helpers/desktops/tray-hosts.js';

const desktop = await startOrSkip(t, 'MATE', startMate);
if (desktop) {
  const library = await makeLibrary(desktop.dir, MIXED);
  // mate-panel, whose notification area hosts the tray (started first: its log stays open here).
  const panel = existsSync('/usr/bin/mate-panel') || process.env.CI;
  if (panel) startGroup(t, 'mate-panel', [], desktop.env, join(desktop.dir, 'panel.log'));
  oneForAllCases(t, desktop, desktop.places, library);
  // current (read back with gsettings), back and hide current, by screenshot.
  onScreenProofs(t, desktop, () => desktop.places, library);
  // The lock screen (--target), kept in test/helpers/desktops/lock-screen.ts.
  const here = lockToolsHere('MATE');
  lockScreenCases(t, desktop, LOCK_READ_BACK.mate, here === true ? undefined : here);
  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, desktop.places);
  // The tray in mate-panel's notification area: registered, and the menu's Next changes the screen.
  if (panel) trayOnHostCases(t, desktop, library, { host: "mate-panel's notification area", monitors: () => desktop.places });
  else t.test('the tray on mate-panel', (t) => t.plan(0, 'mate-panel is not installed'));
}
