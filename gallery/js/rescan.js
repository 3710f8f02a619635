// @ts-check
// Rescan: POST /api/refresh (answers when the scan is done, or with the running scan's summary) and
// show what changed: counts, then the duplicates and failures with their paths. Files found to be no
// wallpaper (a background list, other XML) are counted as ignored, never as failed
// (docs/formats.md#xml-files); pictures under 320x200 that were indexed get the line that leaves them
// out (docs/cli.md#wallpaper-scan).

import { refresh } from './api.js';
import { byId, formatCount, h } from './dom.js';

/** @typedef {import('./api.js').ScanSummary} ScanSummary */

export class Rescan {
  /**
   * @param {{ onDone: (summary: ScanSummary) => void, notify: (message: string, kind?: 'info' | 'error') => void }} options
   */
  constructor(options) {
    this.options = options;
    this.button = byId('rescan', HTMLButtonElement);
    this.dialog = byId('rescan-result', HTMLDialogElement);
    this.body = byId('rescan-body');
    /** @type {Promise<void> | null} */
    this.running = null;
    this.button.addEventListener('click', () => void this.run());
  }

  /** Rescan now; a second call while one runs shares it. */
  run() {
    this.running ??= this.execute().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async execute() {
    const label = this.button.textContent;
    this.button.disabled = true;
    this.button.setAttribute('aria-busy', 'true');
    this.button.textContent = 'Rescanning…';
    try {
      const summary = await refresh();
      this.show(summary);
      this.options.onDone(summary);
    } catch (error) {
      this.options.notify(`Rescan failed: ${error instanceof Error ? error.message : error}`, 'error');
    } finally {
      this.button.disabled = false;
      this.button.removeAttribute('aria-busy');
      this.button.textContent = label;
    }
  }

  /** @param {ScanSummary} s */
  show(s) {
    const seconds = (Number(s.duration_ms) / 1000).toFixed(s.duration_ms < 10_000 ? 1 : 0);
    const stats = h(
      'dl',
      { class: 'stats' },
      stat('Added', s.added, 'added'),
      stat('Updated', s.updated, 'updated'),
      stat('Removed', s.removed, 'removed'),
      stat('Unchanged', s.unchanged, 'unchanged'),
      stat('Duplicates', s.duplicates?.length ?? 0, 'duplicates'),
      stat('Skipped', s.skipped?.length ?? 0, 'skipped'),
      stat('Failed', s.failed?.length ?? 0, 'failed'),
      stat('Ignored', s.ignored ?? 0, 'ignored', 'Files read and found to be no wallpaper, such as background lists'),
    );
    const parts = [
      h('p', { class: 'summary-line', text: `${formatCount(s.total)} wallpapers in the library · scanned in ${seconds} s` }),
      stats,
    ];
    if (s.small) {
      parts.push(
        h(
          'p',
          { class: 'muted', dataset: { hint: 'small' } },
          `${formatCount(s.small)} ${s.small === 1 ? 'picture' : 'pictures'} under 320x200 indexed (icons, sprites?); to leave them out: `,
          h('code', { text: 'wallpaper config set min_size 320x200' }),
        ),
      );
    }
    if (s.failed?.length) {
      parts.push(
        h('h3', { text: 'Could not be indexed' }),
        h(
          'ul',
          { class: 'problems' },
          ...s.failed.map((f) => h('li', {}, h('code', { text: f.path }), h('span', { class: 'muted', text: ` — ${f.error}` }))),
        ),
      );
    }
    if (s.duplicates?.length) {
      parts.push(
        h('h3', { text: 'Duplicates (same bytes, indexed once)' }),
        h(
          'ul',
          { class: 'problems' },
          ...s.duplicates.map((d) =>
            h(
              'li',
              {},
              h('code', { text: d.path }),
              h('span', { class: 'muted', text: ' is a copy of ' }),
              h('code', { text: d.duplicate_of }),
            ),
          ),
        ),
      );
    }
    this.body.replaceChildren(...parts);
    if (!this.dialog.open) this.dialog.showModal();
  }
}

/** @param {string} label @param {number} value @param {string} key @param {string} [title] */
function stat(label, value, key, title) {
  return h(
    'div',
    { class: `stat${value ? '' : ' zero'}`, dataset: { stat: key }, title },
    h('dt', { text: label }),
    h('dd', { text: formatCount(value) }),
  );
}
