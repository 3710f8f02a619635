// @ts-check
// The frame's stage: two slides of two <img> each, reused for every change (the element count stays
// flat for weeks). The back slide is loaded and decoded while the front one is on screen; reveal()
// then fades it in over the front one, which stays opaque beneath until the fade has ended, so no
// frame is ever blank or black. ES2018 only (see frame-params.js).
import { aimPan } from './frame-focus.js';
import { dress } from './frame-looks.js';

/**
 * What one change shows: one wallpaper, or two portrait ones side by side.
 * @typedef {object} Entry
 * @property {import('./api.js').Wallpaper[]} wallpapers
 * @property {string[]} urls the immutable `{id}` variant URLs, one per wallpaper
 * @property {boolean} [stacked] two landscape pictures one above the other (layout=pair, portrait screen)
 */

const FADE_MS = 1000;

/** Resolves once `img` is decoded (or loaded, where decode() is missing). @param {HTMLImageElement} img */
function decoded(img) {
  if (typeof img.decode === 'function') return img.decode();
  return new Promise((resolve, reject) => {
    if (img.complete && img.naturalWidth > 0) return resolve(undefined);
    img.onload = () => resolve(undefined);
    img.onerror = () => reject(new Error(`cannot load ${img.src}`));
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Stage {
  /**
   * @param {HTMLElement} root @param {boolean} fade @param {'blur' | 'color' | 'black'} [fill]
   * @param {'cover' | 'contain' | null} [pan] the fit of the pictures a slow zoom aims at (motion=pan), or none
   */
  constructor(root, fade, fill = 'black', pan = null) {
    this.fill = fill;
    this.pan = pan;
    const slides = root.querySelectorAll('.slide');
    /** @type {HTMLElement} */
    this.front = /** @type {HTMLElement} */ (slides[0]);
    /** @type {HTMLElement} */
    this.back = /** @type {HTMLElement} */ (slides[1]);
    this.fade = fade;
    /** @type {Entry | null} what the front slide shows */
    this.shown = null;
    /** @type {Entry | null} what the back slide holds, decoded */
    this.ready = null;
    root.classList.toggle('fade', fade);
  }

  /** Load and decode `entry` into the back slide; rejects when an image cannot be had. @param {Entry} entry */
  prepare(entry) {
    if (this.ready === entry) return Promise.resolve();
    this.ready = null;
    const images = this.back.querySelectorAll('img');
    /** @type {Promise<unknown>[]} */
    const loads = [dress(this.back, entry, this.fill)];
    if (this.pan) loads.push(aimPan(this.back, entry, this.pan));
    for (let i = 0; i < images.length; i += 1) {
      const img = images[i];
      if (i < entry.urls.length) {
        img.hidden = false;
        img.alt = entry.wallpapers[i].filename;
        if (img.getAttribute('src') !== entry.urls[i]) img.src = entry.urls[i];
        loads.push(decoded(img));
      } else {
        img.hidden = true;
      }
    }
    return Promise.all(loads).then(() => {
      this.ready = entry;
    });
  }

  /** Show the prepared back slide: a fade over the front one (or at once), then the two swap roles. */
  reveal() {
    const incoming = this.back;
    const outgoing = this.front;
    const fading = this.fade && this.shown !== null;
    incoming.classList.add('incoming');
    let done = Promise.resolve();
    if (fading) {
      void incoming.offsetWidth; // the start of the transition must be laid out before it runs
      incoming.classList.add('shown');
      done = sleep(FADE_MS + 50);
    }
    return done.then(() => {
      incoming.classList.add('front');
      incoming.classList.remove('incoming', 'shown');
      outgoing.classList.remove('front');
      this.front = incoming;
      this.back = outgoing;
      this.shown = this.ready;
      this.ready = null;
    });
  }
}
