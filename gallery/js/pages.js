// @ts-check
// The pages of GET /api/wallpapers the grid shows: the next one loaded as the end of the grid comes
// into view (a sentinel after it, watched by an IntersectionObserver), all of them fetched again
// when the index changes (pages are offsets into a newest-first list that may grow underneath, so
// re-reading them is what keeps the grid complete), and the state the page's views are drawn from.

import { ApiError, listWallpapers } from './api.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */
/** @typedef {import('./api.js').FilterValues} FilterValues */
/** @typedef {import('./grid.js').Grid} Grid */

/** Wallpapers per request: 48 fills whole rows at most widths and stays a quick response. */
const PAGE_LIMIT = 48;
/** Start loading the next page this far before the end of the grid scrolls into view. */
const PREFETCH_MARGIN = '1000px 0px';

/**
 * @typedef {object} PagesOptions
 * @property {Grid} grid
 * @property {HTMLElement} gridElement
 * @property {HTMLElement} sentinel  the element after the grid whose coming into view loads more
 * @property {HTMLElement} loading  shown while a page is on its way
 * @property {() => FilterValues} filters  the filters in force
 * @property {() => void} onUpdate  the state changed: redraw the views
 * @property {(message: string | null) => void} onError  a page failed (the message), or all is well again (null)
 */

export class Pages {
  /** @param {PagesOptions} options */
  constructor(options) {
    this.options = options;
    /** Last page loaded (0: none yet). */
    this.page = 0;
    /** @type {number | null} matching wallpapers on the server, null until the first page arrives */
    this.total = null;
    this.done = false;
    this.failed = false;
    /** @type {Promise<void> | null} */
    this.loading = null;
    /** Cards deleted since the first page: the server's pages have shifted left by this many. */
    this.deleted = 0;
    /** Bumped by every reload so answers for earlier filters are dropped. */
    this.generation = 0;
    /** @type {AbortController | null} */
    this.abort = null;
    /** A refresh of the loaded pages is running, and whether another change came in meanwhile. */
    this.refreshing = false;
    this.refreshAgain = false;
    // Re-observing the sentinel after each page makes the observer report again when it is still in
    // view (a short page on a tall screen).
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void this.loadNext();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    this.observer.observe(options.sentinel);
  }

  /** Start over with the current filters: the first page, then more as the user scrolls. */
  async reload() {
    this.generation += 1;
    this.abort?.abort();
    Object.assign(this, { abort: null, loading: null, page: 0, total: null, done: false, deleted: 0, failed: false });
    this.options.grid.clear();
    this.options.gridElement.setAttribute('aria-busy', 'true');
    this.options.onUpdate();
    await this.loadNext();
  }

  /** Load the next page (shared while one is in flight). */
  loadNext() {
    if (this.done || this.failed) return Promise.resolve();
    if (!this.loading) {
      const loading = this.fetchNext().finally(() => {
        if (this.loading !== loading) return; // a reload started another one meanwhile
        this.loading = null;
        if (!this.done && !this.failed) this.watchEnd();
      });
      this.loading = loading;
    }
    return this.loading;
  }

  async fetchNext() {
    const { grid, gridElement, loading, filters, onUpdate, onError } = this.options;
    const generation = this.generation;
    const abort = new AbortController();
    this.abort = abort;
    loading.hidden = false;
    gridElement.setAttribute('aria-busy', 'true');
    try {
      // After deletions the server's pages moved left: fetch the last page again so nothing is skipped.
      const back = this.deleted > 0 && this.page > 0 ? Math.ceil(this.deleted / PAGE_LIMIT) : 0;
      const target = this.page + 1;
      for (let page = Math.max(1, target - back); page <= target; page += 1) {
        const response = await listWallpapers(filters(), page, PAGE_LIMIT, abort.signal);
        if (generation !== this.generation) return;
        grid.append(response.wallpapers);
        this.total = response.pagination.total;
        if (page === target) {
          this.page = page;
          this.deleted = 0;
          this.done = page >= response.pagination.total_pages || response.wallpapers.length === 0;
        }
      }
      onError(null);
    } catch (error) {
      if (generation !== this.generation || (error instanceof DOMException && error.name === 'AbortError')) return;
      this.failed = true;
      onError(error instanceof ApiError ? error.message : String(error));
    } finally {
      if (generation === this.generation) {
        loading.hidden = true;
        gridElement.setAttribute('aria-busy', 'false');
        onUpdate();
      }
    }
  }

  /**
   * The index changed (a scan added wallpapers, another client deleted one): fetch again the pages
   * already loaded and show them in the server's order, keeping the cards already on the page, so
   * nothing is skipped or shown twice while newest-first pages shift underneath.
   */
  async refresh() {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    const generation = this.generation;
    try {
      const pages = Math.max(1, this.page);
      /** @type {Wallpaper[]} */
      const items = [];
      let totalPages = 0;
      for (let page = 1; page <= pages; page += 1) {
        const response = await listWallpapers(this.options.filters(), page, PAGE_LIMIT);
        if (generation !== this.generation) return;
        items.push(...response.wallpapers);
        this.total = response.pagination.total;
        totalPages = response.pagination.total_pages;
      }
      this.options.grid.replace(items);
      Object.assign(this, { page: pages, deleted: 0, done: pages >= totalPages, failed: false });
      this.options.onError(null);
      if (!this.done) this.watchEnd();
    } catch {
      // The server is briefly away: the next change or scroll tries again.
    } finally {
      this.refreshing = false;
      this.options.onUpdate();
      if (this.refreshAgain) {
        this.refreshAgain = false;
        void this.refresh();
      }
    }
  }

  /** Refresh the total (after uploads) without reloading the grid. */
  async recount() {
    try {
      const response = await listWallpapers(this.options.filters(), 1, 1);
      this.total = response.pagination.total;
      this.options.onUpdate();
    } catch {
      // The count stays as it was; the next reload corrects it.
    }
  }

  /** A card left the grid (deleted): the server's later pages moved left by one. @param {string} id */
  removed(id) {
    const { grid } = this.options;
    if (!grid.has(id)) return;
    grid.remove(id);
    this.deleted += 1;
    if (this.total !== null) this.total = Math.max(0, this.total - 1);
    this.options.onUpdate();
  }

  watchEnd() {
    this.observer.unobserve(this.options.sentinel);
    this.observer.observe(this.options.sentinel);
  }
}
