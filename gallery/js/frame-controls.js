// @ts-check
// How a person and the device drive the frame (docs/frame.md): keys (space pauses, arrows move,
// i shows the information), a click on the left or right half, a screen turned (what was fetched
// ahead has the wrong shape), and the Wake Lock that keeps the screen on while the page is visible.
// ES2018 only (see frame-params.js).

/**
 * What the controls drive: the frame of frame.js.
 * @typedef {object} Driven
 * @property {() => Promise<unknown>} next
 * @property {() => Promise<unknown>} previous
 * @property {() => void} togglePause
 * @property {() => void} toggleInfo
 * @property {() => void} turned the screen changed between landscape and portrait
 */

/** Keep the screen on where the browser offers the Wake Lock API (it is released when hidden). */
export function keepAwake() {
  const wakeLock = /** @type {any} */ (navigator).wakeLock;
  if (!wakeLock || document.visibilityState !== 'visible') return;
  wakeLock.request('screen').catch(() => undefined);
}

/** @param {Driven} frame @param {KeyboardEvent} event */
function key(frame, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const name = event.key;
  if (name === ' ' || name === 'Spacebar') frame.togglePause();
  else if (name === 'ArrowRight' || name === 'Right') void frame.next();
  else if (name === 'ArrowLeft' || name === 'Left') void frame.previous();
  else if (name === 'i' || name === 'I') frame.toggleInfo();
  else return;
  event.preventDefault();
}

/** Listen for the keys, clicks, turns and visibility that drive `frame`. @param {Driven} frame */
export function bindControls(frame) {
  keepAwake();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') keepAwake();
  });
  document.addEventListener('keydown', (event) => key(frame, event));
  let landscape = window.innerWidth > window.innerHeight;
  window.addEventListener('resize', () => {
    if (landscape === window.innerWidth > window.innerHeight) return;
    landscape = !landscape;
    frame.turned();
  });
  document.addEventListener('click', (event) => {
    void (event.clientX < window.innerWidth / 2 ? frame.previous() : frame.next());
  });
}
