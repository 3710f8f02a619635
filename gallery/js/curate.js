// @ts-check
// Favourites and hidden wallpapers in the gallery: the heart and hide buttons of every tile and of
// the viewer, the Favourites view (favorite=true in the filters and the URL), and keeping the grid
// true to the filters after a mark changes (a hidden wallpaper leaves a normal view at once).

import { byId } from './dom.js';
import { setMark } from './curate-api.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */
/** @typedef {import('./api.js').FilterValues} FilterValues */

export class Marks {
  /**
   * @param {{
   *   grid: import('./grid.js').Grid,
   *   removed: (id: string) => void,
   *   viewer: import('./viewer.js').Viewer,
   *   filters: () => FilterValues,
   *   notify: (message: string, kind?: 'info' | 'error') => void,
   * }} options
   */
  constructor(options) {
    this.options = options;
    this.heart = byId('viewer-favorite', HTMLButtonElement);
    this.hide = byId('viewer-hide', HTMLButtonElement);
    this.heart.addEventListener('click', () => options.viewer.current && void this.toggle(options.viewer.current, 'favorite'));
    this.hide.addEventListener('click', () => options.viewer.current && void this.toggle(options.viewer.current, 'hide'));
  }

  /** Flip a wallpaper's favourite or hidden mark on the server, then everywhere it shows.
   * @param {Wallpaper} w @param {'favorite' | 'hide'} action */
  async toggle(w, action) {
    const { grid, viewer, filters, notify, removed } = this.options;
    const mark = action === 'favorite' ? 'favorite' : 'hidden';
    const on = !w[mark];
    try {
      await setMark(w.id, mark, on);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error');
      return;
    }
    const next = { ...w, [mark]: on };
    if (viewer.current?.id === w.id) {
      viewer.current = next;
      this.show(next);
    }
    const applied = filters();
    const leaves =
      mark === 'favorite' ? applied.favorite === 'true' && !on : applied.hidden !== 'any' && on !== (applied.hidden === 'true');
    if (leaves) removed(w.id);
    else grid.update(next);
    if (mark === 'favorite') notify(on ? `“${w.filename}” is a favourite.` : `“${w.filename}” is no longer a favourite.`);
    else
      notify(
        on ? `“${w.filename}” is hidden from lists and random picks (More filters › Hidden ones too shows it).` : `“${w.filename}” shows again.`,
      );
  }

  /** The viewer's buttons for the wallpaper it shows. @param {Wallpaper} w */
  show(w) {
    this.heart.setAttribute('aria-pressed', String(Boolean(w.favorite)));
    this.heart.textContent = w.favorite ? '♥ Favourite' : '♡ Favourite';
    this.hide.textContent = w.hidden ? 'Show again' : 'Hide';
  }
}
