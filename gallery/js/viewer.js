// @ts-check
// The viewer: a modal <dialog> with the full image (its thumbnail shown blurred until the image
// arrives), every metadata field, the direct image URL to copy, download, delete with confirmation,
// and previous/next with the arrow keys or a swipe. Esc closes (the dialog's own behaviour).

import { copyField } from './copy-field.js';
import { DeviceLinks } from './device-link.js';
import { byId } from './dom.js';
import { viewableUrl } from './formats.js';
import { ViewerColors } from './viewer-colors.js';
import { metadata } from './viewer-meta.js';
import { SetTarget } from './set-target.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */

/** A swipe shorter than this (CSS pixels) is a tap, not a request for the next picture. */
const SWIPE_MIN_PX = 50;

/**
 * @typedef {object} ViewerOptions
 * @property {() => Wallpaper[]} list  the wallpapers in grid order, for previous/next
 * @property {() => boolean} hasMore  whether the grid can load more pages
 * @property {() => Promise<void>} loadMore  load the grid's next page
 * @property {(w: Wallpaper) => Promise<void>} onDelete  delete on the server and drop from the grid; throws with the server's message
 * @property {(w: Wallpaper, target: import('./set-target.js').Target) => Promise<void>} onSet  set it as the server's desktop (or lock screen) wallpaper; throws with the server's message
 * @property {(w: Wallpaper) => void} onShown  the viewer now shows w (opened, or stepped to it)
 * @property {(w: Wallpaper | null) => void} onClosed  the viewer closed while showing w
 * @property {() => void} onAnother  show another random pick ("Surprise me" again)
 * @property {(message: string, kind?: 'info' | 'error') => void} notify
 */

export class Viewer {
  /** @param {ViewerOptions} options */
  constructor(options) {
    this.options = options;
    this.dialog = byId('viewer', HTMLDialogElement);
    this.image = byId('viewer-image', HTMLImageElement);
    this.thumb = byId('viewer-thumb', HTMLImageElement);
    this.title = byId('viewer-title');
    this.urlInput = byId('viewer-url', HTMLInputElement);
    this.download = byId('viewer-download', HTMLAnchorElement);
    this.openLink = byId('viewer-open', HTMLAnchorElement);
    this.meta = byId('viewer-meta');
    this.prevButton = byId('viewer-prev', HTMLButtonElement);
    this.nextButton = byId('viewer-next', HTMLButtonElement);
    this.againButton = byId('viewer-again', HTMLButtonElement);
    this.deleteButton = byId('viewer-delete', HTMLButtonElement);
    this.setButton = byId('viewer-set', HTMLButtonElement);
    this.setTarget = new SetTarget();
    this.confirm = byId('viewer-confirm');
    this.confirmText = byId('viewer-confirm-text');
    this.confirmDelete = byId('viewer-confirm-delete', HTMLButtonElement);
    this.confirmCancel = byId('viewer-confirm-cancel', HTMLButtonElement);
    /** @type {Wallpaper | null} */
    this.current = null;
    /** Bumped on every picture change, so a late `load` of an earlier picture is ignored. */
    this.sequence = 0;
    this.random = false;
    this.devices = new DeviceLinks(options.notify);
    this.colors = new ViewerColors(options.notify);

    byId('viewer-close').addEventListener('click', () => this.dialog.close());
    byId('viewer-copy').addEventListener('click', () => this.copyUrl());
    this.prevButton.addEventListener('click', () => this.step(-1));
    this.nextButton.addEventListener('click', () => this.step(1));
    this.againButton.addEventListener('click', () => options.onAnother());
    this.deleteButton.addEventListener('click', () => this.askDelete());
    this.setButton.addEventListener('click', () => void this.setCurrent());
    this.confirmCancel.addEventListener('click', () => this.hideConfirm(true));
    this.confirmDelete.addEventListener('click', () => this.deleteCurrent());
    this.image.addEventListener('load', () => {
      if (this.image.dataset.sequence === String(this.sequence)) this.image.classList.add('loaded');
    });
    this.image.addEventListener('error', () => {
      if (this.image.dataset.sequence === String(this.sequence)) options.notify('The image could not be loaded.', 'error');
    });
    this.dialog.addEventListener('keydown', (event) => this.onKey(event));
    this.dialog.addEventListener('cancel', (event) => {
      // Esc first dismisses an open delete confirmation, then the viewer.
      if (!this.confirm.hidden) {
        event.preventDefault();
        this.hideConfirm(true);
      }
    });
    this.dialog.addEventListener('close', () => {
      const shown = this.current;
      this.image.removeAttribute('src'); // stop downloading a large original nobody looks at
      this.current = null;
      options.onClosed(shown);
    });
    this.listenForSwipes();
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** @param {Wallpaper} w @param {{ random?: boolean }} [how] */
  open(w, how = {}) {
    this.random = Boolean(how.random);
    this.show(w);
    void this.setTarget.offer();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** @param {Wallpaper} w */
  show(w) {
    this.current = w;
    this.options.onShown(w);
    this.sequence += 1;
    this.hideConfirm(false);
    this.title.textContent = w.title ?? w.filename;
    this.thumb.src = w.thumbnail_url;
    this.image.classList.remove('loaded');
    this.image.dataset.sequence = String(this.sequence);
    this.image.alt = w.title ?? w.filename;
    // A JPEG XL, HEIC or TIFF is shown through a variant: the browser may not decode its own bytes.
    this.image.src = viewableUrl(w);
    const absolute = new URL(w.url, location.origin).href;
    this.urlInput.value = absolute;
    this.download.href = w.download_url ?? w.url;
    this.download.setAttribute('download', w.filename);
    this.openLink.href = w.url;
    this.devices.show(w);
    this.colors.show(w);
    this.againButton.hidden = !this.random;
    this.meta.replaceChildren(...metadata(w));
    this.updateNav();
    this.preloadNext();
  }

  updateNav() {
    const list = this.options.list();
    const index = this.current ? list.findIndex((w) => w.id === this.current?.id) : -1;
    this.prevButton.disabled = index <= 0;
    this.nextButton.disabled = index < 0 || (index >= list.length - 1 && !this.options.hasMore());
  }

  /** Move by one picture in grid order, loading the grid's next page at the end. @param {1 | -1} delta */
  async step(delta) {
    if (!this.current) return;
    let list = this.options.list();
    const index = list.findIndex((w) => w.id === this.current?.id);
    if (index < 0) return;
    if (delta > 0 && index === list.length - 1 && this.options.hasMore()) {
      await this.options.loadMore();
      list = this.options.list();
    }
    const target = list[index + delta];
    if (target) {
      this.random = false;
      this.show(target);
    }
  }

  preloadNext() {
    const list = this.options.list();
    const index = list.findIndex((w) => w.id === this.current?.id);
    const next = list[index + 1];
    if (index >= 0 && next) new Image().src = viewableUrl(next);
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      void this.step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      void this.step(1);
    }
  }

  listenForSwipes() {
    const stage = /** @type {HTMLElement} */ (this.image.parentElement);
    let startX = 0;
    let startY = 0;
    stage.addEventListener('pointerdown', (event) => {
      startX = event.clientX;
      startY = event.clientY;
    });
    stage.addEventListener('pointerup', (event) => {
      if (event.pointerType === 'mouse') return;
      const dx = event.clientX - startX;
      if (Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(event.clientY - startY)) void this.step(dx < 0 ? 1 : -1);
    });
  }

  async copyUrl() {
    const copied = await copyField(this.urlInput);
    this.options.notify(copied ? 'Image URL copied.' : 'The URL is selected: press Ctrl+C (⌘C) to copy it.');
  }

  askDelete() {
    if (!this.current) return;
    this.confirmText.textContent = `Delete “${this.current.filename}”? The file is moved to the server’s trash folder.`;
    this.confirm.hidden = false;
    this.deleteButton.hidden = true;
    this.confirmCancel.focus();
  }

  /** @param {boolean} refocus */
  hideConfirm(refocus) {
    this.confirm.hidden = true;
    this.deleteButton.hidden = false;
    this.confirmDelete.disabled = false;
    if (refocus) this.deleteButton.focus();
  }

  /** "Set as wallpaper": the server's desktop (or its lock screen) shows the current picture (a phone
   * as its remote). */
  async setCurrent() {
    const w = this.current;
    if (!w) return;
    this.setButton.disabled = true;
    const target = this.setTarget.value;
    try {
      await this.options.onSet(w, target);
      this.options.notify(`${w.filename} is now ${this.setTarget.words(target)}.`);
    } catch (error) {
      this.options.notify(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      this.setButton.disabled = false;
    }
  }

  async deleteCurrent() {
    const doomed = this.current;
    if (!doomed) return;
    const before = this.options.list();
    const index = before.findIndex((w) => w.id === doomed.id);
    this.confirmDelete.disabled = true;
    try {
      await this.options.onDelete(doomed);
    } catch (error) {
      this.confirmDelete.disabled = false;
      this.options.notify(error instanceof Error ? error.message : String(error), 'error');
      return;
    }
    this.options.notify(`“${doomed.filename}” was moved to the trash.`);
    const after = this.options.list();
    const next = index >= 0 ? (after[index] ?? after[index - 1]) : undefined;
    if (next && !this.random) this.show(next);
    else this.dialog.close();
  }
}
