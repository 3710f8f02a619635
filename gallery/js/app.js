// @ts-check
// The gallery's entry point: holds the page state (filters from the URL, pages loaded, total), loads
// pages of GET /api/wallpapers as the end of the grid comes into view, brings the loaded pages up to
// date whenever the index changes (a first scan fills the library while the page is open), and wires
// the filter bar, grid, viewer (its wallpaper in the URL), uploads, rescan, settings and token prompt.

import { ApiError, getWallpaper, listWallpapers, randomWallpaper, deleteWallpaper, setTokenPrompt } from './api.js';
import { byId, formatCount } from './dom.js';
import { FilterBar, filtersFromSearch, matchesFilters, sameFilters, searchFromFilters } from './filters.js';
import { Grid } from './grid.js';
import { askToken, notify } from './notify.js';
import { Rescan } from './rescan.js';
import { SettingsPanel } from './settings.js';
import { Uploader } from './upload.js';
import { Viewer } from './viewer.js';
import { clearFromUrl, showInUrl, viewedId } from './viewer-url.js';
import { LibraryWatch } from './watch.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */
/** @typedef {import('./api.js').FilterValues} FilterValues */

/** Wallpapers per request: 48 fills whole rows at most widths and stays a quick response. */
const PAGE_LIMIT = 48;
/** Start loading the next page this far before the end of the grid scrolls into view. */
const PREFETCH_MARGIN = '1000px 0px';

const el = {
  count: byId('count', HTMLOutputElement),
  status: byId('status'),
  indexing: byId('indexing'),
  emptyLibrary: byId('empty-library'),
  emptyFilters: byId('empty-filters'),
  grid: byId('grid'),
  sentinel: byId('sentinel'),
  loading: byId('loading'),
  end: byId('end'),
  filtersForm: byId('filters', HTMLFormElement),
  filtersToggle: byId('filters-toggle', HTMLButtonElement),
  filtersBadge: byId('filters-badge'),
  clearFilters: byId('clear-filters', HTMLButtonElement),
  surprise: byId('surprise', HTMLButtonElement),
};

const state = {
  /** @type {FilterValues} */
  filters: filtersFromSearch(location.search),
  /** Last page loaded (0: none yet). */
  page: 0,
  /** @type {number | null} matching wallpapers on the server, null until the first page arrives */
  total: null,
  done: false,
  /** @type {Promise<void> | null} */
  loading: null,
  /** Cards deleted since the first page: the server's pages have shifted left by this many. */
  deleted: 0,
  /** Bumped by every reload so answers for earlier filters are dropped. */
  generation: 0,
  /** @type {AbortController | null} */
  abort: null,
  failed: false,
  /** A refresh of the loaded pages is running, and whether another change came in meanwhile. */
  refreshing: false,
  refreshAgain: false,
};

setTokenPrompt(askToken);

const watch = new LibraryWatch({
  onStatus: () => updateViews(),
  onChange: () => void refreshLoaded(),
});

const grid = new Grid(el.grid, (id) => {
  const w = grid.get(id);
  if (w) viewer.open(w);
});

const filterBar = new FilterBar(el.filtersForm, (filters) => {
  if (sameFilters(filters, state.filters)) return;
  state.filters = filters;
  history.pushState(null, '', `${location.pathname}${searchFromFilters(filters)}${location.hash}`);
  void reload();
});

const viewer = new Viewer({
  list: () => grid.items,
  hasMore: () => !state.done,
  loadMore: () => loadNext(),
  onDelete: async (w) => {
    await deleteWallpaper(w.id);
    removeCard(w.id);
  },
  onShown: (w) => showInUrl(w.id),
  onClosed: (w) => {
    clearFromUrl();
    if (w && grid.has(w.id)) grid.focus(w.id);
  },
  onAnother: () => void surprise(),
  notify,
});

const uploader = new Uploader({
  onUploaded: (wallpapers) => {
    let added = 0;
    for (const w of wallpapers) {
      if (grid.has(w.id)) {
        grid.flash(w.id);
      } else if (matchesFilters(w, state.filters)) {
        grid.prepend([w]);
        added += 1;
        if (state.total !== null) state.total += 1;
      } else {
        added += 1; // new in the library, just not in this filtered view
      }
    }
    updateViews();
    return { added };
  },
  onBatchDone: () => void recount(),
});

const rescan = new Rescan({ onDone: () => void reload(), notify });

const settings = new SettingsPanel({
  notify,
  onSaved: (_settings, changed) => {
    notify('Settings saved.');
    // Changed folders start a rescan on the server; a refresh waits for it and brings its summary.
    if (changed.includes('folders')) void rescan.run();
  },
});

// Endless scrolling: a sentinel after the grid; re-observing it after each page makes the observer
// report again when the sentinel is still in view (a short page on a tall screen).
const observer = new IntersectionObserver(
  (entries) => {
    if (entries.some((entry) => entry.isIntersecting)) void loadNext();
  },
  { rootMargin: PREFETCH_MARGIN },
);

/** Start over with the current filters: the first page, then more as the user scrolls. */
async function reload() {
  state.generation += 1;
  state.abort?.abort();
  state.abort = null;
  state.loading = null;
  state.page = 0;
  state.total = null;
  state.done = false;
  state.deleted = 0;
  state.failed = false;
  grid.clear();
  el.grid.setAttribute('aria-busy', 'true');
  filterBar.set(state.filters);
  updateFilterUi();
  updateViews();
  await loadNext();
}

/** Load the next page (shared while one is in flight). */
function loadNext() {
  if (state.done || state.failed) return Promise.resolve();
  if (!state.loading) {
    const loading = fetchNext().finally(() => {
      if (state.loading !== loading) return; // a reload started another one meanwhile
      state.loading = null;
      if (!state.done && !state.failed) {
        observer.unobserve(el.sentinel);
        observer.observe(el.sentinel);
      }
    });
    state.loading = loading;
  }
  return state.loading;
}

async function fetchNext() {
  const generation = state.generation;
  const abort = new AbortController();
  state.abort = abort;
  el.loading.hidden = false;
  el.grid.setAttribute('aria-busy', 'true');
  try {
    // After deletions the server's pages moved left: fetch the last page again so nothing is skipped.
    const back = state.deleted > 0 && state.page > 0 ? Math.ceil(state.deleted / PAGE_LIMIT) : 0;
    const target = state.page + 1;
    for (let page = Math.max(1, target - back); page <= target; page += 1) {
      const response = await listWallpapers(state.filters, page, PAGE_LIMIT, abort.signal);
      if (generation !== state.generation) return;
      grid.append(response.wallpapers);
      state.total = response.pagination.total;
      if (page === target) {
        state.page = page;
        state.deleted = 0;
        state.done = page >= response.pagination.total_pages || response.wallpapers.length === 0;
      }
    }
    hideStatus();
  } catch (error) {
    if (generation !== state.generation || (error instanceof DOMException && error.name === 'AbortError')) return;
    state.failed = true;
    showStatus(error instanceof ApiError ? error.message : String(error));
  } finally {
    if (generation === state.generation) {
      el.loading.hidden = true;
      el.grid.setAttribute('aria-busy', 'false');
      updateViews();
    }
  }
}

/**
 * The index changed (a scan added wallpapers, another client deleted one): fetch again the pages
 * already loaded and show them in the server's order, keeping the cards already on the page, so
 * nothing is skipped or shown twice while newest-first pages shift underneath.
 */
async function refreshLoaded() {
  if (state.refreshing) {
    state.refreshAgain = true;
    return;
  }
  state.refreshing = true;
  const generation = state.generation;
  try {
    const pages = Math.max(1, state.page);
    /** @type {Wallpaper[]} */
    const items = [];
    let totalPages = 0;
    for (let page = 1; page <= pages; page += 1) {
      const response = await listWallpapers(state.filters, page, PAGE_LIMIT);
      if (generation !== state.generation) return;
      items.push(...response.wallpapers);
      state.total = response.pagination.total;
      totalPages = response.pagination.total_pages;
    }
    grid.replace(items);
    state.page = pages;
    state.deleted = 0;
    state.done = pages >= totalPages;
    state.failed = false;
    hideStatus();
    if (!state.done) {
      observer.unobserve(el.sentinel);
      observer.observe(el.sentinel);
    }
  } catch {
    // The server is briefly away: the next change or scroll tries again.
  } finally {
    state.refreshing = false;
    updateViews();
    if (state.refreshAgain) {
      state.refreshAgain = false;
      void refreshLoaded();
    }
  }
}

/** Open the wallpaper named in the URL (a shared link, Back or Forward); close the viewer when none is. */
async function followUrl() {
  const id = viewedId();
  if (!id) {
    if (viewer.isOpen) viewer.dialog.close();
    return;
  }
  if (viewer.isOpen && viewer.current?.id === id) return;
  try {
    const w = grid.get(id) ?? (await getWallpaper(id));
    if (w) viewer.open(w);
    else {
      notify('That wallpaper is no longer in the library.');
      clearFromUrl();
    }
  } catch (error) {
    notify(error instanceof Error ? error.message : String(error), 'error');
  }
}

/** Refresh the total (after uploads) without reloading the grid. */
async function recount() {
  try {
    const response = await listWallpapers(state.filters, 1, 1);
    state.total = response.pagination.total;
    updateViews();
  } catch {
    // The count stays as it was; the next reload corrects it.
  }
}

/** @param {string} id */
function removeCard(id) {
  if (!grid.has(id)) return;
  grid.remove(id);
  state.deleted += 1;
  if (state.total !== null) state.total = Math.max(0, state.total - 1);
  updateViews();
}

async function surprise() {
  el.surprise.disabled = true;
  try {
    const w = await randomWallpaper(state.filters);
    if (w) viewer.open(w, { random: true });
    else
      notify(
        Object.keys(state.filters).length ? 'Nothing matches the current filters.' : 'The library is empty: add some wallpapers first.',
      );
  } catch (error) {
    notify(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    el.surprise.disabled = false;
  }
}

/** The count, the empty states and the end-of-list line, from the state. */
function updateViews() {
  const filtered = Object.keys(state.filters).length > 0;
  const total = state.total;
  if (total === null) el.count.textContent = '';
  else if (filtered) el.count.textContent = `${formatCount(total)} ${total === 1 ? 'match' : 'matches'}`;
  else el.count.textContent = `${formatCount(total)} ${total === 1 ? 'wallpaper' : 'wallpapers'}`;

  const scanning = watch.scanning;
  const progress = watch.last?.progress;
  el.indexing.hidden = !scanning;
  if (scanning) {
    el.indexing.textContent =
      progress && progress.to_read > 0
        ? `Indexing the library: ${formatCount(progress.read)} of ${formatCount(progress.to_read)} files read…`
        : 'Indexing the library…';
  }
  const empty = total === 0 && grid.size === 0 && !state.failed;
  // During a first scan the library is not empty, only not indexed yet: say "empty" only once the
  // status has answered that no scan runs and the index holds nothing (the grid may lag behind it).
  const settled = watch.last !== null && !scanning && watch.last.total === 0;
  el.emptyLibrary.hidden = !(empty && !filtered && settled);
  el.emptyFilters.hidden = !(empty && filtered);
  el.end.hidden = !(state.done && grid.size > 0 && state.page > 1 && !scanning);
  document.body.classList.toggle('is-empty', empty && settled);
}

function updateFilterUi() {
  const applied = Object.keys(state.filters).length;
  el.clearFilters.disabled = applied === 0;
  el.filtersBadge.hidden = applied === 0;
  el.filtersBadge.textContent = String(applied);
}

/** @param {string} message */
function showStatus(message) {
  el.status.replaceChildren(message);
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'btn btn-ghost';
  retry.textContent = Object.keys(state.filters).length ? 'Clear filters' : 'Try again';
  retry.addEventListener('click', () => (Object.keys(state.filters).length ? clearFilters() : void reload()));
  el.status.append(' ', retry);
  el.status.classList.add('error');
  el.status.hidden = false;
}

function hideStatus() {
  el.status.hidden = true;
  el.status.classList.remove('error');
}

function clearFilters() {
  filterBar.set({});
  filterBar.emit();
}

// Buttons and page-wide wiring.
el.surprise.addEventListener('click', () => void surprise());
byId('upload-button').addEventListener('click', () => uploader.pick());
byId('settings-button').addEventListener('click', () => void settings.open());
el.filtersToggle.addEventListener('click', () => {
  const open = el.filtersForm.classList.toggle('open');
  el.filtersToggle.setAttribute('aria-expanded', String(open));
});
for (const button of document.querySelectorAll('[data-action]')) {
  button.addEventListener('click', () => {
    const action = button.getAttribute('data-action');
    if (action === 'upload') uploader.pick();
    else if (action === 'settings') void settings.open();
    else if (action === 'clear-filters') clearFilters();
  });
}
window.addEventListener('popstate', () => {
  const filters = filtersFromSearch(location.search);
  if (!sameFilters(filters, state.filters)) {
    state.filters = filters;
    if (viewer.isOpen) viewer.dialog.close();
    void reload();
  }
  void followUrl();
});

observer.observe(el.sentinel);
void reload();
void watch.check();
void followUrl();
