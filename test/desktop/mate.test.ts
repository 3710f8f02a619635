// MATE, for real (caja drawing the desktop on Xorg's dummy driver, two outputs): one wallpaper
// for all monitors, a pick that fits the primary one, shown on every monitor; `--span` shows each
// monitor its own reported pick.
import t from 'tap';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { startMate } from '../helpers/desktops/mate.js';
import { oneForAllCases } from '../helpers/desktops/one-for-all.js';
import { MIXED, makeLibrary } from '../helpers/desktops/screen.js';
import { startOrSkip } from '../helpers/desktops/suite.js';

const desktop = await startOrSkip(t, 'MATE', startMate);
if (desktop) {
  oneForAllCases(t, desktop, desktop.places, await makeLibrary(desktop.dir, MIXED));
  // Issue 30: a JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, desktop.places);
}
