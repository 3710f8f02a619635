// Cinnamon, for real (cinnamon-session on Xorg's dummy driver, two outputs): one wallpaper
// for all monitors, a pick that fits the primary one, shown on every monitor; `--span` shows each
// monitor its own reported pick.
import t from 'tap';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { startCinnamon } from '../helpers/desktops/cinnamon.js';
import { oneForAllCases } from '../helpers/desktops/one-for-all.js';
import { onScreenProofs } from '../helpers/desktops/on-screen-proofs.js';
import { MIXED, makeLibrary } from '../helpers/desktops/screen.js';
import { startOrSkip } from '../helpers/desktops/suite.js';

const desktop = await startOrSkip(t, 'Cinnamon', startCinnamon);
if (desktop) {
  const library = await makeLibrary(desktop.dir, MIXED);
  oneForAllCases(t, desktop, desktop.places, library);
  // current (read back with gsettings), back and hide current, by screenshot.
  onScreenProofs(t, desktop, () => desktop.places, library);
  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, desktop.places);
}
