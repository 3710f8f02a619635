// @ts-check
// The thumbnail grid: a justified layout done by CSS alone (each card's flex-grow and basis follow its
// aspect ratio, so every row is flush and no image is cropped), cards appended or prepended in
// batches and never re-rendered, one delegated click listener for any number of cards. Each card is a
// link to the image itself (middle-click opens it); a plain click opens the viewer.

import { h } from './dom.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */

/** Centre hue (degrees) of each dominant_hue class, for the placeholder colour shown while loading. */
const HUE_DEGREES = /** @type {Record<string, number>} */ ({ red: 0, warm: 32, green: 130, cool: 175, blue: 220 });

/** A placeholder colour close to the picture's: its hue class at its measured luminance. @param {Wallpaper} w */
export function placeholderColour(w) {
  const lightness = Math.round(12 + (Number(w.luminance) || 0.3) * 76);
  const hue = HUE_DEGREES[w.dominant_hue];
  return hue === undefined ? `hsl(0 0% ${lightness}%)` : `hsl(${hue} 45% ${lightness}%)`;
}

/** The wallpaper's aspect ratio, guarded against zero or missing sizes. @param {Wallpaper} w */
function ratio(w) {
  const r = w.width / w.height;
  return Number.isFinite(r) && r > 0 ? Math.min(Math.max(r, 0.2), 6) : 1;
}

export class Grid {
  /**
   * @param {HTMLElement} container
   * @param {(id: string) => void} onOpen
   * @param {(id: string, action: 'favorite' | 'hide') => void} [onAction]  a card's heart or hide button
   */
  constructor(container, onOpen, onAction = () => {}) {
    this.container = container;
    /** Wallpapers in display order; the viewer walks this list. @type {Wallpaper[]} */
    this.items = [];
    /** @type {Map<string, HTMLElement>} */
    this.cards = new Map();
    container.addEventListener('click', (event) => {
      if (!(event.target instanceof Element)) return;
      const action = event.target.closest('button[data-action]');
      if (action instanceof HTMLButtonElement && action.dataset.id) {
        onAction(action.dataset.id, action.dataset.action === 'hide' ? 'hide' : 'favorite');
        return;
      }
      const card = event.target.closest('a.card');
      if (!(card instanceof HTMLAnchorElement) || !card.dataset.id) return;
      // Modified clicks keep the link's own meaning: open the image in a new tab or window.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onOpen(card.dataset.id);
    });
  }

  get size() {
    return this.items.length;
  }

  /** @param {string} id */
  has(id) {
    return this.cards.has(id);
  }

  /** @param {string} id */
  get(id) {
    return this.items.find((w) => w.id === id);
  }

  /** @param {string} id */
  indexOf(id) {
    return this.items.findIndex((w) => w.id === id);
  }

  clear() {
    this.items = [];
    this.cards.clear();
    this.container.replaceChildren();
  }

  /** Add cards after the existing ones, skipping wallpapers already shown. @param {Wallpaper[]} wallpapers */
  append(wallpapers) {
    const fresh = wallpapers.filter((w) => !this.cards.has(w.id));
    const fragment = document.createDocumentFragment();
    for (const w of fresh) fragment.append(this.card(w));
    this.container.append(fragment);
    this.items.push(...fresh);
    return fresh.length;
  }

  /** Add cards before the existing ones (newest first), skipping those already shown. @param {Wallpaper[]} wallpapers */
  prepend(wallpapers) {
    const fresh = wallpapers.filter((w) => !this.cards.has(w.id));
    const fragment = document.createDocumentFragment();
    for (const w of fresh) fragment.append(this.card(w));
    this.container.prepend(fragment);
    this.items.unshift(...fresh);
    return fresh.length;
  }

  /** Show exactly `wallpapers` (duplicates dropped), in their order, keeping the cards already on the
   * page so their images are not loaded again. @param {Wallpaper[]} wallpapers */
  replace(wallpapers) {
    const seen = new Set();
    const list = wallpapers.filter((w) => !seen.has(w.id) && seen.add(w.id));
    const kept = new Map(this.cards);
    this.cards.clear();
    const nodes = list.map((w) => {
      const card = kept.get(w.id);
      if (!card) return this.card(w);
      this.cards.set(w.id, card);
      return card;
    });
    this.container.replaceChildren(...nodes);
    this.items = list;
  }

  /** @param {string} id */
  remove(id) {
    this.cards.get(id)?.remove();
    this.cards.delete(id);
    this.items = this.items.filter((w) => w.id !== id);
  }

  /** Bring a card into view and give it the keyboard focus. @param {string} id */
  focus(id) {
    const card = this.cards.get(id)?.querySelector('a.card');
    if (!(card instanceof HTMLElement)) return;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'nearest' });
  }

  /** Briefly highlight a card (e.g. an upload that was already in the library). @param {string} id */
  flash(id) {
    const card = this.cards.get(id)?.querySelector('a.card');
    if (!(card instanceof HTMLElement)) return;
    card.classList.remove('flash');
    void card.offsetWidth; // restart the animation
    card.classList.add('flash');
  }

  /** Show a wallpaper's favourite mark on its card. @param {Wallpaper} w */
  update(w) {
    const index = this.indexOf(w.id);
    if (index >= 0) this.items[index] = w;
    const heart = this.cards.get(w.id)?.querySelector('button[data-action="favorite"]');
    if (heart) heart.setAttribute('aria-pressed', String(Boolean(w.favorite)));
  }

  /** A tile: the card (a link to the image that opens the viewer) and its heart and hide buttons
   * beside it, not inside it (a link may not hold buttons). @param {Wallpaper} w @returns {HTMLElement} */
  card(w) {
    const dims = `${w.width} × ${w.height}`;
    const img = h('img', {
      src: w.thumbnail_url,
      alt: w.title ?? w.filename,
      width: w.width,
      height: w.height,
      loading: 'lazy',
      decoding: 'async',
      draggable: 'false',
    });
    img.addEventListener('load', () => img.classList.add('loaded'), { once: true });
    img.addEventListener('error', () => card.classList.add('broken'), { once: true });
    const card = h(
      'a',
      { class: 'card', href: w.url, dataset: { id: w.id } },
      img,
      h(
        'span',
        { class: 'card-caption', 'aria-hidden': 'true' },
        h('span', { class: 'card-name', text: w.title ?? w.filename, title: w.filename }),
        h('span', { class: 'card-dims', text: dims }),
      ),
    );
    const tile = h(
      'div',
      { class: 'tile' },
      card,
      h(
        'div',
        { class: 'tile-actions' },
        h('button', {
          type: 'button',
          class: 'tile-btn tile-heart',
          dataset: { action: 'favorite', id: w.id },
          'aria-pressed': String(Boolean(w.favorite)),
          'aria-label': `Favourite: ${w.title ?? w.filename}`,
          title: 'Favourite',
          text: '♥',
        }),
        h('button', {
          type: 'button',
          class: 'tile-btn tile-hide',
          dataset: { action: 'hide', id: w.id },
          'aria-label': `${w.hidden ? 'Show' : 'Hide'}: ${w.title ?? w.filename}`,
          title: w.hidden ? 'Show again' : 'Hide from lists and random picks',
          text: w.hidden ? '◉' : '⊘',
        }),
      ),
    );
    tile.style.setProperty('--ar', String(ratio(w)));
    tile.style.setProperty('--ph', placeholderColour(w));
    this.cards.set(w.id, tile);
    return tile;
  }
}
