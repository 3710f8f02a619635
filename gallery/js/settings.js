// @ts-check
// The settings panel: GET /api/settings fills it; Save sends PUT /api/settings with only the keys the
// user changed (folders, thumbnail size) and shows the server's plain-text message when refused.

import { getSettings, updateSettings } from './api.js';
import { byId, formatBytes, h } from './dom.js';

/** @typedef {import('./api.js').Settings} Settings */

export class SettingsPanel {
  /**
   * @param {{ onSaved: (settings: Settings, changed: string[]) => void, notify: (message: string, kind?: 'info' | 'error') => void }} options
   */
  constructor(options) {
    this.options = options;
    this.dialog = byId('settings', HTMLDialogElement);
    this.form = byId('settings-form', HTMLFormElement);
    this.folders = byId('settings-folders');
    this.thumb = byId('settings-thumb', HTMLInputElement);
    this.readonly = byId('settings-readonly');
    this.error = byId('settings-error');
    this.save = byId('settings-save', HTMLButtonElement);
    /** @type {Settings | null} */
    this.loaded = null;

    for (const button of this.dialog.querySelectorAll('[data-close]')) {
      button.addEventListener('click', () => this.dialog.close());
    }
    byId('settings-add-folder').addEventListener('click', () => {
      const input = this.addFolderRow('');
      input.focus();
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
  }

  async open() {
    let settings;
    try {
      settings = await getSettings();
    } catch (error) {
      this.options.notify(`Settings could not be read: ${error instanceof Error ? error.message : error}`, 'error');
      return;
    }
    this.loaded = settings;
    this.error.hidden = true;
    this.folders.replaceChildren();
    for (const folder of settings.folders) this.addFolderRow(folder);
    if (settings.folders.length === 0) this.addFolderRow('');
    this.thumb.value = String(settings.thumbnail_size);
    this.readonly.replaceChildren(
      entry('Upload folder', h('code', { text: settings.upload_folder })),
      entry('Largest upload', formatBytes(settings.max_upload_bytes, { binary: true })),
      entry('Sized variants kept', formatBytes(settings.variant_cache_bytes, { binary: true })),
      entry('Set-wallpaper command', settings.set_command ? h('code', { text: settings.set_command }) : 'detected from the desktop'),
    );
    this.save.disabled = false;
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** @param {string} value @returns {HTMLInputElement} */
  addFolderRow(value) {
    const input = /** @type {HTMLInputElement} */ (
      h('input', {
        type: 'text',
        class: 'folder-input',
        value,
        placeholder: '/path/to/wallpapers',
        'aria-label': 'Folder path',
        spellcheck: 'false',
        autocomplete: 'off',
      })
    );
    const remove = h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Remove this folder', text: '×' });
    const row = h('li', { class: 'folder-row' }, input, remove);
    remove.addEventListener('click', () => {
      const next = row.nextElementSibling ?? row.previousElementSibling;
      row.remove();
      const focusable = next?.querySelector('input') ?? byId('settings-add-folder');
      focusable.focus();
    });
    this.folders.append(row);
    return input;
  }

  /** The changed keys only: sending unchanged folders would start a needless rescan. */
  patch() {
    /** @type {Partial<Settings>} */
    const patch = {};
    const loaded = this.loaded;
    if (!loaded) return patch;
    const folders = [...this.folders.querySelectorAll('input')].map((input) => input.value.trim()).filter((v) => v !== '');
    if (JSON.stringify(folders) !== JSON.stringify(loaded.folders)) patch.folders = folders;
    const size = this.thumb.value.trim();
    if (size !== String(loaded.thumbnail_size)) {
      // A non-number goes to the server as typed, so its message (naming the key) explains the rule.
      patch.thumbnail_size = /^\d+$/.test(size) ? Number(size) : /** @type {any} */ (size);
    }
    return patch;
  }

  async submit() {
    const patch = this.patch();
    const changed = Object.keys(patch);
    if (changed.length === 0) {
      this.dialog.close();
      return;
    }
    this.save.disabled = true;
    this.error.hidden = true;
    try {
      const settings = await updateSettings(patch);
      this.loaded = settings;
      this.dialog.close();
      this.options.onSaved(settings, changed);
    } catch (error) {
      this.error.textContent = error instanceof Error ? error.message : String(error);
      this.error.hidden = false;
    } finally {
      this.save.disabled = false;
    }
  }
}

/** @param {string} label @param {Node | string} value */
function entry(label, value) {
  return h('div', { class: 'meta-row' }, h('dt', { text: label }), h('dd', {}, value));
}
