// @ts-check
// The gallery's entry point: the filters (from the URL), the views drawn from the loaded pages
// (pages.js) and the library's status (watch.js: indexing progress, changes), and the wiring of the
// filter bar, grid, viewer (its wallpaper in the URL), uploads, rescan, settings and token prompt.

import { deleteWallpaper, getWallpaper, randomWallpaper, setAsWallpaper, setTokenPrompt } from './api.js';
import { byId, formatCount } from './dom.js';
import { FilterBar, appliedCount, filtersFromSearch, matchesFilters, sameFilters, searchFromFilters } from './filters.js';
import { FilterFold } from './filter-fold.js';
import { curationControls } from './curate-controls.js';
import { Marks } from './curate.js';
import { Grid } from './grid.js';
import { hideStatus, showStatus } from './status-line.js';
import { askToken, notify } from './notify.js';
import { Pages } from './pages.js';
import { Rescan } from './rescan.js';
import { SettingsPanel } from './settings.js';
import { SourcesPanel } from './sources.js';
import { Uploader } from './upload.js';
import { Viewer } from './viewer.js';
import { clearFromUrl, showInUrl, viewedId } from './viewer-url.js';
import { LibraryWatch } from './watch.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */
/** @typedef {import('./api.js').FilterValues} FilterValues */

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

/** @type {{ filters: FilterValues }} */
const state = { filters: filtersFromSearch(location.search) };

setTokenPrompt(askToken);

const watch = new LibraryWatch({
  onStatus: () => updateViews(),
  onChange: () => void pages.refresh(),
});

const grid = new Grid(
  el.grid,
  (id) => {
    const w = grid.get(id);
    if (w) viewer.open(w);
  },
  (id, action) => {
    const w = grid.get(id);
    if (w) void marks.toggle(w, action);
  },
);

const pages = new Pages({
  grid,
  gridElement: el.grid,
  sentinel: el.sentinel,
  loading: el.loading,
  filters: () => state.filters,
  onUpdate: () => updateViews(),
  onError: (message) =>
    message === null ? hideStatus(el.status) : showStatus(el.status, message, appliedCount(state.filters) > 0, clearFilters, reload),
});

const filterBar = new FilterBar(
  el.filtersForm,
  (filters) => {
    if (sameFilters(filters, state.filters)) return updateFilterUi();
    state.filters = filters;
    history.pushState(null, '', `${location.pathname}${searchFromFilters(filters)}${location.hash}`);
    void reload();
  },
  // Words typed but not applied yet can already be cleared.
  (shown) => {
    el.clearFilters.disabled = appliedCount(shown) === 0 && appliedCount(state.filters) === 0;
  },
);
const fold = new FilterFold(el.filtersForm, el.filtersToggle, el.filtersBadge);

const viewer = new Viewer({
  list: () => grid.items,
  hasMore: () => !pages.done,
  loadMore: () => pages.loadNext(),
  onDelete: async (w) => {
    await deleteWallpaper(w.id);
    pages.removed(w.id);
  },
  onSet: (w, target) => setAsWallpaper(w.id, target),
  onShown: (w) => {
    showInUrl(w.id);
    marks.show(w);
  },
  onClosed: (w) => {
    clearFromUrl();
    if (w && grid.has(w.id)) grid.focus(w.id);
  },
  onAnother: () => void surprise(),
  notify,
});

const marks = new Marks({ grid, removed: (id) => pages.removed(id), viewer, filters: () => state.filters, notify });
const curation = curationControls({ filterBar, filters: () => state.filters, notify, onResolved: () => void reload() });

const uploader = new Uploader({
  onUploaded: (wallpapers) => {
    let added = 0;
    for (const w of wallpapers) {
      if (grid.has(w.id)) {
        grid.flash(w.id);
      } else if (matchesFilters(w, state.filters)) {
        grid.prepend([w]);
        added += 1;
        if (pages.total !== null) pages.total += 1;
      } else {
        added += 1; // new in the library, just not in this filtered view
      }
    }
    updateViews();
    return { added };
  },
  onBatchDone: () => void pages.recount(),
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

// A fetch that added or removed wallpapers changes the grid.
const sources = new SourcesPanel({ notify, onFetched: (s) => void (s.added || s.removed ? reload() : null) });

/** Start over with the current filters: the first page, then more as the user scrolls. */
function reload() {
  filterBar.set(state.filters);
  updateFilterUi();
  return pages.reload();
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

async function surprise() {
  el.surprise.disabled = true;
  try {
    const w = await randomWallpaper(state.filters);
    if (w) viewer.open(w, { random: true });
    else notify(appliedCount(state.filters) ? 'Nothing matches the current filters.' : 'The library is empty: add some wallpapers first.');
  } catch (error) {
    notify(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    el.surprise.disabled = false;
  }
}

/** The count, the empty states and the end-of-list line, from the state. */
function updateViews() {
  const filtered = appliedCount(state.filters) > 0;
  const total = pages.total;
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
  const empty = total === 0 && grid.size === 0 && !pages.failed;
  // During a first scan the library is not empty, only not indexed yet: say "empty" only once the
  // status has answered that no scan runs and the index holds nothing (the grid may lag behind it).
  const settled = watch.last !== null && !scanning && watch.last.total === 0;
  el.emptyLibrary.hidden = !(empty && !filtered && settled);
  el.emptyFilters.hidden = !(empty && filtered);
  el.end.hidden = !(pages.done && grid.size > 0 && pages.page > 1 && !scanning);
  document.body.classList.toggle('is-empty', empty && settled);
}

function updateFilterUi() {
  curation.update(state.filters);
  el.clearFilters.disabled = appliedCount(state.filters) === 0 && appliedCount(filterBar.get()) === 0;
  fold.update(state.filters);
}

function clearFilters() {
  filterBar.set({});
  filterBar.emit();
}

// Buttons and page-wide wiring.
el.surprise.addEventListener('click', () => void surprise());
byId('upload-button').addEventListener('click', () => uploader.pick());
byId('settings-button').addEventListener('click', () => void settings.open());
byId('sources-button').addEventListener('click', () => void sources.open());
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

void reload();
void watch.check();
void followUrl();
