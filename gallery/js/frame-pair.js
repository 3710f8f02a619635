// @ts-check
// The frame's pairs (layout=pair, docs/frame.md#layouts-and-motion): a picture whose shape is not
// the screen's (a portrait on a landscape screen, a landscape on a portrait one) goes with a second
// of its shape, side by side or stacked, each asked for at its half's size. The second is the match
// of that shape whose palette is closest to the first's, never one this page has shown before
// until every such match has been. ES2018 only (see frame-params.js).
import { fetchJson } from './frame-fetch.js';
import { devicePixels, imageUrl, pickUrl } from './frame-params.js';

/** @typedef {import('./frame-params.js').FrameOptions} FrameOptions */
/** @typedef {import('./api.js').Wallpaper} Wallpaper */

/** How many matches of the shape a second is chosen among (the list's largest page). */
const CANDIDATES = 100;
/** Picks asked again when the server's walk offers one this page showed as a second. */
const RETRIES = 4;

/** The share-weighted mean colour of a wallpaper's palette, [r, g, b]. @param {any} wallpaper */
export function meanColour(wallpaper) {
  const mean = [0, 0, 0];
  let total = 0;
  for (const entry of wallpaper.palette || []) {
    const hex = String(entry.color);
    for (let c = 0; c < 3; c += 1) mean[c] += Number.parseInt(hex.slice(c * 2, c * 2 + 2), 16) * entry.share;
    total += entry.share;
  }
  return total > 0 ? mean.map((v) => v / total) : mean;
}

/** @param {number[]} a @param {number[]} b */
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export class Pairs {
  /** @param {FrameOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {Set<string>} ids shown in this walk */
    this.shown = new Set();
  }

  /**
   * A fresh pick for `layout=pair`: one wallpaper of any shape; when it does not fit the screen's
   * shape, a second of its own shape goes with it.
   * @param {{ portrait: boolean, dark: boolean, prefersDark: boolean }} now
   * @returns {Promise<import('./frame-stage.js').Entry>}
   */
  async pick(now) {
    const landscape = window.innerWidth >= window.innerHeight;
    const whole = { w: devicePixels(window.innerWidth), h: devicePixels(window.innerHeight) };
    /** @type {any} */
    let first = await fetchJson(pickUrl(this.options, null, now));
    for (let retry = 0; retry < RETRIES && this.shown.has(first.id); retry += 1) first = await fetchJson(pickUrl(this.options, null, now));
    this.shown.add(first.id);
    const partner = first.width >= first.height === landscape ? null : await this.partnerOf(first, now);
    if (!partner) return { wallpapers: [first], urls: [imageUrl(this.options, whole, first)] };
    this.shown.add(partner.id);
    const half = landscape
      ? { w: devicePixels(window.innerWidth / 2), h: whole.h }
      : { w: whole.w, h: devicePixels(window.innerHeight / 2) };
    return {
      wallpapers: [first, partner],
      urls: [imageUrl(this.options, half, first), imageUrl(this.options, half, partner)],
      stacked: !landscape,
    };
  }

  /** The match of `first`'s shape with the closest palette not shown in this walk, or null.
   * @param {any} first @param {{ portrait: boolean, dark: boolean, prefersDark: boolean }} now */
  async partnerOf(first, now) {
    const params = new URLSearchParams(pickUrl(this.options, null, now).split('?')[1]);
    params.delete('client');
    params.set('orientation', first.width >= first.height ? 'landscape' : 'portrait');
    params.set('sort', 'random');
    params.set('seed', this.options.client);
    params.set('limit', String(CANDIDATES));
    /** @type {any} */
    const page = await fetchJson(`/api/wallpapers?${params}`);
    const others = (page.wallpapers || []).filter((/** @type {any} */ w) => w.id !== first.id);
    let fresh = others.filter((/** @type {any} */ w) => !this.shown.has(w.id));
    if (fresh.length === 0 && others.length > 0) {
      // Every one was shown: a new walk begins.
      this.shown = new Set([first.id]);
      fresh = others;
    }
    const colour = meanColour(first);
    let best = null;
    for (const w of fresh) if (!best || distance(meanColour(w), colour) < distance(meanColour(best), colour)) best = w;
    return best;
  }
}
