// @ts-check
// Where the slow zoom of motion=pan goes (docs/frame.md#layouts-and-motion): each picture's point of
// interest (GET /api/wallpapers/{id}/focus, fractions of the picture), placed where the picture is
// shown on the slide (a cover crop keeps the window around the point, as the server's attention crop
// does; contain letterboxes it), and made the slide's transform-origin: the CSS animation zooms in
// about it, so the view drifts toward it, on the compositor, with no script while it runs.
// ES2018 only (see frame-params.js).

/** @typedef {{ x: number, y: number }} Point */

/** @type {Point} */
const CENTRE = { x: 0.5, y: 0.5 };

/** The point of interest of `wallpaper`; the centre when the server has none to give. @param {{ id: string }} wallpaper
 * @returns {Promise<Point>} */
function focusOf(wallpaper) {
  return fetch(`/api/wallpapers/${wallpaper.id}/focus`)
    .then((response) => (response.ok ? response.json() : CENTRE))
    .then((point) => (typeof point.x === 'number' && typeof point.y === 'number' ? point : CENTRE))
    .catch(() => CENTRE);
}

/** @param {number} value @param {number} most */
const clamp = (value, most) => Math.min(most, Math.max(0, value));

/**
 * Where `point` (fractions of a picture of aspect `picture`, width over height) is shown in a box of
 * aspect `box`: with cover, the kept window is centred on the point as far as the edges allow.
 * @param {Point} point @param {number} picture @param {number} box @param {boolean} cover @returns {Point}
 */
export function shownPoint(point, picture, box, cover) {
  if (cover) {
    if (picture > box) {
      const kept = box / picture;
      return { x: (point.x - clamp(point.x - kept / 2, 1 - kept)) / kept, y: point.y };
    }
    const kept = picture / box;
    return { x: point.x, y: (point.y - clamp(point.y - kept / 2, 1 - kept)) / kept };
  }
  const width = Math.min(1, picture / box);
  const height = Math.min(1, box / picture);
  return { x: (1 - width) / 2 + point.x * width, y: (1 - height) / 2 + point.y * height };
}

/**
 * Aim `slide`'s zoom at the points of interest of `entry`'s pictures (for a pair, between the two).
 * @param {HTMLElement} slide @param {import('./frame-stage.js').Entry} entry @param {'cover' | 'contain'} fit
 * @returns {Promise<unknown>}
 */
export function aimPan(slide, entry, fit) {
  const n = entry.wallpapers.length;
  const stacked = Boolean(entry.stacked);
  const w = n > 1 && !stacked ? window.innerWidth / 2 : window.innerWidth;
  const h = n > 1 && stacked ? window.innerHeight / 2 : window.innerHeight;
  return Promise.all(entry.wallpapers.map(focusOf)).then((points) => {
    const onSlide = points.map((point, i) => {
      const wallpaper = entry.wallpapers[i];
      const shown = shownPoint(point, wallpaper.width / wallpaper.height, w / h, fit === 'cover');
      if (n === 1) return shown;
      return stacked ? { x: shown.x, y: (i + shown.y) / 2 } : { x: (i + shown.x) / 2, y: shown.y };
    });
    const mean = (/** @type {'x' | 'y'} */ axis) => onSlide.reduce((sum, p) => sum + p[axis], 0) / onSlide.length;
    slide.style.setProperty('--pan-x', `${(mean('x') * 100).toFixed(1)}%`);
    slide.style.setProperty('--pan-y', `${(mean('y') * 100).toFixed(1)}%`);
  });
}
