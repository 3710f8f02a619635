// @ts-check
// The curation controls around the filters: the Favourites view button, forgetting a picked colour,
// the tag suggestions (GET /api/tags, loaded when the tag field is first used) and the
// Duplicates button with its panel.

import { listTags } from './curate-api.js';
import { byId, h } from './dom.js';
import { DuplicatesPanel } from './duplicates.js';

/** @typedef {import('./api.js').FilterValues} FilterValues */

/**
 * @param {{
 *   filterBar: import('./filters.js').FilterBar,
 *   filters: () => FilterValues,
 *   notify: (message: string, kind?: 'info' | 'error') => void,
 *   onResolved: () => void,
 * }} options
 * @returns {{ update: (filters: FilterValues) => void }}
 */
export function curationControls({ filterBar, filters, notify, onResolved }) {
  const favorites = byId('favorites-view', HTMLButtonElement);
  const colorClear = byId('f-color-clear', HTMLButtonElement);
  const apply = (/** @type {FilterValues} */ next) => {
    filterBar.set(next);
    filterBar.emit();
  };
  favorites.addEventListener('click', () => {
    const next = { ...filters() };
    if (next.favorite === 'true') delete next.favorite;
    else next.favorite = 'true';
    apply(next);
  });
  colorClear.addEventListener('click', () => {
    const next = { ...filters() };
    delete next.color;
    if (next.sort === 'color') delete next.sort;
    apply(next);
  });

  const tagList = byId('tag-list');
  let tagsLoaded = false;
  byId('f-tag').addEventListener('focus', async () => {
    if (tagsLoaded) return;
    tagsLoaded = true;
    try {
      const tags = await listTags();
      tagList.replaceChildren(...tags.map((tag) => h('option', { value: tag.name, label: `${tag.name} (${tag.count})` })));
    } catch {
      tagsLoaded = false; // asked again on the next visit
    }
  });

  const panel = new DuplicatesPanel({ notify, onResolved });
  byId('duplicates-button').addEventListener('click', () => void panel.open());

  return {
    update(applied) {
      favorites.setAttribute('aria-pressed', String(applied.favorite === 'true'));
      colorClear.hidden = !applied.color;
    },
  };
}
