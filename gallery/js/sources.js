// @ts-check
// The Sources panel (docs/design.md#sources): GET /api/sources lists each source with its count, last fetch
// and last error; "Fetch now" sends POST /api/sources/{name}/fetch (a mutation: the token as for any
// change) and shows its summary; a new source is added to the settings key `sources` with PUT
// /api/settings (existing keys come back as "***", which the server reads as "keep the key").

import { check, getSettings, mutate, parseJson, raw, updateSettings } from './api.js';
import { byId, formatCount, h } from './dom.js';

/**
 * @typedef {{ name: string, kind: string, query: string | null, keep: number, count: number, last_fetch: string | null, last_error: string | null }} SourceEntry
 * @typedef {{ name: string, added: number, skipped: number, removed: number, failed: number, error?: string | null }} FetchSummary
 * @typedef {{ name: string, kind: string, query?: string | null, url?: string | null, key?: string | null, keep?: number, image_path?: string | null, nsfw?: boolean }} SourceSetting
 */

/** @returns {Promise<SourceEntry[]>} */
async function listSources() {
  return parseJson(check(await raw('/api/sources', { cache: 'no-store' }), [200])).sources;
}

/** @param {string} name @returns {Promise<FetchSummary>} */
async function fetchSource(name) {
  const path = `/api/sources/${encodeURIComponent(name)}/fetch`;
  return parseJson(check(await mutate((headers) => raw(path, { method: 'POST', headers })), [200]));
}

/** The name the CLI would give: KIND, then KIND-2, ... @param {string} kind @param {string[]} taken */
function freeName(kind, taken) {
  if (!taken.includes(kind)) return kind;
  for (let n = 2; ; n++) if (!taken.includes(`${kind}-${n}`)) return `${kind}-${n}`;
}

export class SourcesPanel {
  /**
   * @param {{ onFetched: (summary: FetchSummary) => void, notify: (message: string, kind?: 'info' | 'error') => void }} options
   */
  constructor(options) {
    this.options = options;
    this.dialog = byId('sources', HTMLDialogElement);
    this.list = byId('sources-list');
    this.result = byId('sources-result');
    this.form = byId('sources-form', HTMLFormElement);
    this.error = byId('sources-error');
    for (const button of this.dialog.querySelectorAll('[data-close]')) {
      button.addEventListener('click', () => this.dialog.close());
    }
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.add();
    });
  }

  async open() {
    this.result.hidden = true;
    this.error.hidden = true;
    if (!(await this.refresh())) return;
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Fill the list from the server; false when it could not be read. */
  async refresh() {
    let sources;
    try {
      sources = await listSources();
    } catch (error) {
      this.options.notify(`Sources could not be read: ${error instanceof Error ? error.message : error}`, 'error');
      return false;
    }
    if (sources.length === 0) {
      this.list.replaceChildren(h('p', { class: 'hint', text: 'No sources yet: add one below.' }));
      return true;
    }
    this.list.replaceChildren(...sources.map((source) => this.row(source)));
    return true;
  }

  /** @param {SourceEntry} source */
  row(source) {
    const button = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'btn', text: 'Fetch now' }));
    button.addEventListener('click', () => void this.fetchNow(source.name, button));
    const last = source.last_fetch ? new Date(source.last_fetch).toLocaleString() : 'never';
    return h(
      'li',
      { class: 'source-row', dataset: { source: source.name } },
      h(
        'div',
        { class: 'source-info' },
        h('strong', { class: 'source-name', text: source.name }),
        h('span', { class: 'muted', text: ` ${source.kind}${source.query ? ` · ${source.query}` : ''}` }),
        h('div', { class: 'source-stats' }, `${formatCount(source.count)} of ${formatCount(source.keep)} kept · last fetch ${last}`),
        source.last_error ? h('div', { class: 'form-error source-error', role: 'alert', text: source.last_error }) : null,
      ),
      button,
    );
  }

  /** @param {string} name @param {HTMLButtonElement} button */
  async fetchNow(name, button) {
    this.error.hidden = true;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = 'Fetching…';
    try {
      const summary = await fetchSource(name);
      this.showSummary(summary);
      this.options.onFetched(summary);
    } catch (error) {
      this.showSummary(null, `${name}: ${error instanceof Error ? error.message : error}`);
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.textContent = 'Fetch now';
    }
    await this.refresh();
  }

  /** @param {FetchSummary | null} summary @param {string} [failure] */
  showSummary(summary, failure) {
    const parts = [];
    if (summary) {
      parts.push(
        h('p', { class: 'summary-line', text: `Fetched ${summary.name}` }),
        h(
          'dl',
          { class: 'stats' },
          ...['added', 'skipped', 'removed', 'failed'].map((key) => {
            const value = Number(summary[/** @type {'added'} */ (key)]) || 0;
            return h(
              'div',
              { class: `stat${value ? '' : ' zero'}`, dataset: { stat: key } },
              h('dt', { text: key[0]?.toUpperCase() + key.slice(1) }),
              h('dd', { text: formatCount(value) }),
            );
          }),
        ),
      );
    }
    const error = failure ?? summary?.error;
    if (error) parts.push(h('p', { class: 'form-error', role: 'alert', text: error }));
    this.result.replaceChildren(...parts);
    this.result.hidden = false;
  }

  /** Append the form's source to the settings key `sources`; the server checks it and names what is wrong. */
  async add() {
    const data = new FormData(this.form);
    const field = (/** @type {string} */ name) => String(data.get(name) ?? '').trim() || null;
    this.error.hidden = true;
    try {
      const settings = /** @type {{ sources?: SourceSetting[] }} */ (await getSettings());
      const sources = settings.sources ?? [];
      const kind = field('kind') ?? 'wallhaven';
      /** @type {SourceSetting} */
      const entry = {
        name:
          field('name') ??
          freeName(
            kind,
            sources.map((s) => s.name),
          ),
        kind,
        query: field('query'),
        url: field('url'),
        key: field('key'),
      };
      const keep = field('keep');
      if (keep !== null) entry.keep = /^\d+$/.test(keep) ? Number(keep) : /** @type {any} */ (keep);
      await updateSettings(/** @type {any} */ ({ sources: [...sources, entry] }));
      this.form.reset();
      this.options.notify(`Source ${entry.name} added.`);
      await this.refresh();
    } catch (error) {
      this.error.textContent = error instanceof Error ? error.message : String(error);
      this.error.hidden = false;
    }
  }
}
