// @ts-check
// How the frame dresses its pictures (docs/frame.md#layouts-and-motion): the fill behind a picture
// that does not cover its place (a small variant of it, darkened and stretched by the browser into a
// blur, or its dominant colour), the slow pan and zoom (a CSS animation over the interval: no
// per-frame script; where it goes: frame-focus.js), and the burn-in shift of the whole frame.
// Styles are set through the CSSOM, which the page's Content-Security-Policy allows. ES2018 only
// (see frame-params.js).

/** The fill's variant: so small that stretching it is a blur, and cached like every variant. */
const FILL_QUERY = 'w=32&h=32&fit=inside&as=jpeg';
/** The fill's darkening, over the stretched picture. */
const DARKEN = 'linear-gradient(rgba(0, 0, 0, 0.45), rgba(0, 0, 0, 0.45))';
/** How often the whole frame moves (shift=on), and the places it visits in turn (px). */
export const SHIFT_MS = 3 * 60 * 1000;
const SHIFTS = [
  [0, 0],
  [4, 3],
  [-3, 4],
  [-4, -3],
  [3, -4],
];

/** The URL of a wallpaper's fill. @param {{ url: string }} wallpaper */
export const fillUrl = (wallpaper) => `${wallpaper.url}?${FILL_QUERY}`;

/** Resolves once the fill at `url` is loaded (it is then in the browser's cache for the slide's
 * background), or failed: a fill is never worth holding a picture back. @param {string} url */
function loaded(url) {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(undefined);
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

/**
 * Dress `slide` for `entry`: two pictures side by side or stacked, and what is behind them;
 * resolves once the fill is loaded.
 * @param {HTMLElement} slide @param {import('./frame-stage.js').Entry} entry @param {'blur' | 'color' | 'black'} fill
 * @returns {Promise<unknown>}
 */
export function dress(slide, entry, fill) {
  const stacked = Boolean(entry.stacked);
  slide.classList.toggle('stacked', stacked);
  const n = entry.wallpapers.length;
  // Where each picture's fill goes: the whole slide, its left and right halves, or top and bottom.
  const places = entry.wallpapers.map((_w, i) =>
    n === 1 ? 'center' : stacked ? (i === 0 ? 'top' : 'bottom') : i === 0 ? 'left' : 'right',
  );
  const size = n === 1 ? '100% 100%' : stacked ? '100% 50%' : '50% 100%';
  const style = slide.style;
  if (fill === 'blur') {
    style.backgroundColor = '';
    style.backgroundImage = [DARKEN].concat(entry.wallpapers.map((w) => `url("${fillUrl(w)}")`)).join(', ');
    style.backgroundPosition = ['center'].concat(places).join(', ');
    style.backgroundSize = ['100% 100%'].concat(places.map(() => size)).join(', ');
    style.backgroundRepeat = 'no-repeat';
    return Promise.all(entry.wallpapers.map((w) => loaded(fillUrl(w))));
  }
  if (fill === 'color') {
    const colours = entry.wallpapers.map((w) => {
      const palette = /** @type {any} */ (w).palette;
      return palette && palette.length > 0 ? `#${palette[0].color}` : '#000';
    });
    style.backgroundImage = n === 1 ? '' : `linear-gradient(${stacked ? 'to bottom' : 'to right'}, ${colours[0]} 50%, ${colours[1]} 50%)`;
    style.backgroundColor = colours[0];
  }
  return Promise.resolve();
}

/** Turn on the slow pan and zoom: each slide's animation lasts its interval (and the fade). @param {HTMLElement} root @param {number} seconds */
export function startPan(root, seconds) {
  root.classList.add('pan');
  root.style.setProperty('--pan-seconds', `${seconds}s`);
}

/** Move the whole frame, clock included, to the next place every SHIFT_MS (burn-in care). */
export function startShift() {
  let at = 0;
  setInterval(() => {
    at = (at + 1) % SHIFTS.length;
    document.body.style.transform = `translate(${SHIFTS[at][0]}px, ${SHIFTS[at][1]}px)`;
  }, SHIFT_MS);
}
