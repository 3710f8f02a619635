// @ts-check
// The viewer's colours (docs/colors.md): the shown wallpaper's colour scheme as swatches (background,
// foreground and the 16 terminal colours, from GET /api/wallpapers/{id}/colors), and a copy button
// per format (json, pywal, base16, kitty, alacritty, ...) that copies that format's text. Asked for
// only while its section is open, so stepping through the viewer costs no request.

import { copyField } from './copy-field.js';
import { byId, h } from './dom.js';

/** The formats of `wallpaper colors --as`, in its order. */
export const COLOR_FORMATS = ['json', 'pywal', 'base16', 'material', 'css', 'xresources', 'kitty', 'alacritty', 'foot', 'ghostty'];

/** @typedef {{ background: string, foreground: string, cursor: string, colors: string[] }} Scheme */

/** One swatch, painted through the CSSOM: the page's Content-Security-Policy refuses style attributes.
 * @param {string} name @param {string} color */
function swatch(name, color) {
  const element = h('span', { class: 'color-swatch', title: `${name} ${color}`, dataset: { name, color } });
  element.style.backgroundColor = color;
  return element;
}

export class ViewerColors {
  /** @param {(message: string, kind?: 'info' | 'error') => void} notify */
  constructor(notify) {
    this.notify = notify;
    this.box = byId('viewer-colors', HTMLDetailsElement);
    this.swatches = byId('colors-swatches');
    this.text = byId('colors-text', HTMLTextAreaElement);
    /** @type {string | null} */
    this.id = null;
    /** @type {string | null} the id whose swatches are shown */
    this.loaded = null;
    const buttons = byId('colors-copy');
    for (const format of COLOR_FORMATS) {
      const button = h('button', { type: 'button', class: 'btn', text: format, dataset: { format }, title: `Copy the ${format} format` });
      button.addEventListener('click', () => void this.copy(format));
      buttons.append(button);
    }
    this.box.addEventListener('toggle', () => {
      if (this.box.open) void this.load();
    });
  }

  /** The viewer now shows `w`. @param {{ id: string }} w */
  show(w) {
    this.id = w.id;
    if (this.loaded !== w.id) {
      this.swatches.replaceChildren();
      this.text.value = '';
      this.loaded = null;
    }
    if (this.box.open) void this.load();
  }

  /** @param {string} format @returns {Promise<string>} */
  async fetchFormat(format) {
    const response = await fetch(`/api/wallpapers/${encodeURIComponent(this.id ?? '')}/colors?as=${format}`);
    if (!response.ok) throw new Error((await response.text()) || `HTTP ${response.status}`);
    return response.text();
  }

  async load() {
    const id = this.id;
    if (!id || this.loaded === id) return;
    try {
      /** @type {Scheme} */
      const scheme = JSON.parse(await this.fetchFormat('json'));
      if (this.id !== id) return;
      this.swatches.replaceChildren(
        swatch('background', scheme.background),
        swatch('foreground', scheme.foreground),
        ...scheme.colors.map((color, i) => swatch(`color${i}`, color)),
      );
      this.loaded = id;
    } catch (error) {
      this.notify(`The colours could not be loaded: ${error instanceof Error ? error.message : String(error)}`, 'error');
    }
  }

  /** Put `format`'s text in the field and copy it. @param {string} format */
  async copy(format) {
    try {
      this.text.value = await this.fetchFormat(format);
    } catch (error) {
      this.notify(`The ${format} colours could not be loaded: ${error instanceof Error ? error.message : String(error)}`, 'error');
      return;
    }
    const copied = await copyField(this.text);
    this.notify(copied ? `${format} colours copied.` : 'The colours are selected: press Ctrl+C (⌘C) to copy them.');
  }
}
