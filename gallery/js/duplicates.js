// @ts-check
// The near-duplicates panel: every group side by side (thumbnail, size, file size, format, path),
// the one to keep outlined, and two ways to resolve a group: move the others to the trash, or mark
// them as not duplicates (kept for good on the server).

import { deleteWallpaper } from './api.js';
import { listDuplicates, markNotDuplicates } from './curate-api.js';
import { byId, formatBytes, h } from './dom.js';

/** @typedef {import('./curate-api.js').DuplicateGroup} DuplicateGroup */

export class DuplicatesPanel {
  /**
   * @param {{ notify: (message: string, kind?: 'info' | 'error') => void, onResolved: () => void }} options
   */
  constructor(options) {
    this.options = options;
    this.dialog = byId('duplicates', HTMLDialogElement);
    this.list = byId('duplicates-list');
    this.summary = byId('duplicates-summary');
    byId('duplicates-close').addEventListener('click', () => this.dialog.close());
    this.changed = false;
    this.dialog.addEventListener('close', () => {
      if (this.changed) options.onResolved();
      this.changed = false;
    });
  }

  async open() {
    this.summary.textContent = 'Looking for near-duplicates…';
    this.list.replaceChildren();
    if (!this.dialog.open) this.dialog.showModal();
    try {
      const groups = await listDuplicates();
      this.list.replaceChildren(...groups.map((group) => this.groupView(group)));
      this.count(groups.length);
    } catch (error) {
      this.summary.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  /** @param {number} groups */
  count(groups) {
    this.summary.textContent =
      groups === 0
        ? 'No near-duplicates: every picture in the library is one of a kind.'
        : `${groups} ${groups === 1 ? 'group' : 'groups'} of the same picture in other sizes, formats or crops. The outlined one is the best copy (most pixels, least compressed).`;
  }

  /** @param {DuplicateGroup} group */
  groupView(group) {
    const others = group.wallpapers.filter((w) => w.id !== group.keep);
    const ordered = [...group.wallpapers].sort((a, b) => Number(b.id === group.keep) - Number(a.id === group.keep));
    const members = ordered.map((w) =>
      h(
        'figure',
        { class: `dup-member${w.id === group.keep ? ' keep' : ''}`, dataset: { id: w.id } },
        h('img', { src: w.thumbnail_url, alt: w.title ?? w.filename, loading: 'lazy' }),
        h(
          'figcaption',
          {},
          h('strong', { text: w.id === group.keep ? `Keep: ${w.filename}` : w.filename }),
          h('div', {
            class: 'muted',
            text: `${w.width} × ${w.height} · ${formatBytes(w.size_bytes)} · ${w.content_type.replace('image/', '')}`,
          }),
          h('code', { class: 'muted', text: w.path }),
        ),
      ),
    );
    const trash = /** @type {HTMLButtonElement} */ (
      h('button', { type: 'button', class: 'btn btn-danger', text: `Keep the outlined one, move ${others.length} to the trash` })
    );
    const distinct = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'btn', text: 'Not duplicates' }));
    const view = h(
      'section',
      { class: 'dup-group', dataset: { keep: group.keep } },
      h('div', { class: 'dup-members' }, ...members),
      h('div', { class: 'dup-actions' }, trash, distinct),
    );
    const resolve = async (/** @type {() => Promise<void>} */ work, /** @type {string} */ done) => {
      trash.disabled = distinct.disabled = true;
      try {
        await work();
        view.remove();
        this.changed = true;
        this.count(this.list.children.length);
        this.options.notify(done);
      } catch (error) {
        this.options.notify(error instanceof Error ? error.message : String(error), 'error');
        trash.disabled = distinct.disabled = false;
      }
    };
    trash.addEventListener('click', () =>
      resolve(async () => {
        for (const w of others) await deleteWallpaper(w.id);
      }, `Moved ${others.length} to the trash.`),
    );
    distinct.addEventListener('click', () => resolve(() => markNotDuplicates(group.ids), 'Marked as not duplicates.'));
    return view;
  }
}
