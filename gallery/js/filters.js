// @ts-check
// The filter bar and its twin, the page URL: every filter of spec section 4.1 maps one-to-one onto a
// query parameter of both the page (`/?brightness=dark&min_width=1920`) and the API, so a filtered
// view can be shared and the back button walks through earlier filters.

/** @typedef {import('./api.js').FilterValues} FilterValues */
/** @typedef {import('./api.js').Wallpaper} Wallpaper */

export const CATEGORY_KEYS = ['brightness', 'orientation', 'dominant_hue', 'aspect_ratio', 'format'];
export const NUMBER_KEYS = ['min_width', 'max_width', 'min_height', 'max_height'];
/** Curation (docs/design.md#beyond-the-specification): one colour and one tag here (the API takes more), search words, the
 * Favourites view, hidden ones, and the list order. */
export const CURATION_KEYS = ['color', 'tag', 'q', 'favorite', 'hidden', 'sort'];
export const FILTER_KEYS = [...CATEGORY_KEYS, ...NUMBER_KEYS, ...CURATION_KEYS];
/** Values kept as typed apart from case (`hidden=any` is a value, not "no filter"). */
const LOWERCASE_KEYS = [...CATEGORY_KEYS, 'favorite', 'hidden', 'sort', 'tag', 'q'];

/** Number inputs and the search words apply this long after the last keystroke (or at once on Enter
 * or leaving the field): long enough not to fetch a page per letter, short enough to feel live. */
const TYPING_PAUSE_MS = 450;
/** Fields applied as the user types. The tag field is not: a tag matches whole, so a half-typed one
 * would empty the grid at every pause; it applies when picked from its list, on Enter or on leaving. */
const TYPED_KEYS = [...NUMBER_KEYS, 'q'];

/**
 * The applied filters in a query string. Empty values and `any` disable a filter (spec 4.1 rule 2);
 * category values are lowercased like the server compares them. Anything else passes through as
 * typed, so an invalid value in a shared link gets the server's own error message.
 * @param {string} search
 * @returns {FilterValues}
 */
export function filtersFromSearch(search) {
  const params = new URLSearchParams(search);
  /** @type {FilterValues} */
  const filters = {};
  for (const key of FILTER_KEYS) {
    let value = (params.get(key) ?? '').trim();
    if (value === '' || (value.toLowerCase() === 'any' && key !== 'hidden')) continue;
    if (key === 'color') value = value.replace(/^#/, '');
    filters[key] = LOWERCASE_KEYS.includes(key) ? value.toLowerCase() : value;
  }
  return filters;
}

/** The page URL's query for these filters, in a fixed order so equal filters give equal URLs. */
export function searchFromFilters(/** @type {FilterValues} */ filters) {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** @param {FilterValues} a @param {FilterValues} b */
export function sameFilters(a, b) {
  return searchFromFilters(a) === searchFromFilters(b);
}

/**
 * Whether a wallpaper satisfies the filters, by the rules of spec section 4.1. Used to decide if a
 * freshly uploaded wallpaper belongs in the grid that is on screen.
 * @param {Wallpaper} w @param {FilterValues} filters
 */
export function matchesFilters(w, filters) {
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'sort' || (key === 'hidden' && value === 'any') || (key === 'favorite' && value === 'false')) continue;
    if (key === 'color' || key === 'tag' || key === 'favorite' || key === 'hidden') return false; // a new upload has none
    if (key === 'q') {
      const text = `${w.filename} ${w.title ?? ''}`.toLowerCase();
      if (!value.split(/\s+/).every((word) => text.includes(word))) return false;
    } else if (key === 'format') {
      const ext = w.filename.slice(w.filename.lastIndexOf('.') + 1).toLowerCase();
      if (ext !== value) return false;
    } else if (NUMBER_KEYS.includes(key)) {
      const bound = Number(value);
      const actual = key.endsWith('width') ? w.width : w.height;
      if (key.startsWith('min') ? actual < bound : actual > bound) return false;
    } else if (String(/** @type {Record<string, unknown>} */ (w)[key]).toLowerCase() !== value) {
      return false;
    }
  }
  return true;
}

export class FilterBar {
  /**
   * @param {HTMLFormElement} form  the filter form: radios, selects and number inputs named like the parameters
   * @param {(filters: FilterValues) => void} onChange  called when the user changes a filter
   * @param {(filters: FilterValues) => void} [onTyping]  called on every keystroke with what the
   *   controls show, before it applies (so "Clear filters" can wake with the first letter)
   */
  constructor(form, onChange, onTyping = () => {}) {
    this.form = form;
    this.onChange = onChange;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.typing = undefined;
    form.addEventListener('change', (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'color') event.target.dataset.picked = 'true';
      this.emit();
    });
    form.addEventListener('input', (event) => {
      if (event.target instanceof HTMLInputElement && TYPED_KEYS.includes(event.target.name)) {
        clearTimeout(this.typing);
        this.typing = setTimeout(() => this.emit(), TYPING_PAUSE_MS);
        onTyping(this.get());
      }
    });
    // Enter in a field applies it at once: browsers fire `change` on Enter in a text or number field.
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.emit();
    });
    form.addEventListener('reset', (event) => {
      event.preventDefault();
      this.set({});
      this.emit();
    });
  }

  emit() {
    clearTimeout(this.typing);
    this.onChange(this.get());
  }

  /** The filters the controls show. @returns {FilterValues} */
  get() {
    /** @type {FilterValues} */
    const filters = {};
    const data = new FormData(this.form);
    for (const key of FILTER_KEYS) {
      const value = String(data.get(key) ?? '').trim();
      if (value !== '') filters[key] = LOWERCASE_KEYS.includes(key) ? value.toLowerCase() : value;
    }
    // A colour input always holds a colour: it filters only once one was picked.
    const picker = this.form.elements.namedItem('color');
    if (picker instanceof HTMLInputElement && picker.dataset.picked === 'true')
      filters.color = picker.value.replace(/^#/, '').toLowerCase();
    else delete filters.color;
    return filters;
  }

  /**
   * Show these filters in the controls, without emitting a change. A value no control can show (an
   * invalid one from a hand-edited link) leaves the control at "Any": the server's error message
   * explains it, and the user's next change drops it.
   * @param {FilterValues} filters
   */
  set(filters) {
    for (const key of FILTER_KEYS) {
      const value = filters[key] ?? '';
      const controls = this.form.elements.namedItem(key);
      if (controls instanceof RadioNodeList) {
        const radios = [...controls].filter((r) => r instanceof HTMLInputElement);
        const match = radios.find((r) => r.value === value) ?? radios.find((r) => r.value === '');
        for (const radio of radios) radio.checked = radio === match;
      } else if (controls instanceof HTMLSelectElement) {
        controls.value = value;
        if (controls.value !== value) controls.value = '';
      } else if (controls instanceof HTMLInputElement && controls.type === 'checkbox') {
        controls.checked = value !== '' && value === controls.value;
      } else if (controls instanceof HTMLInputElement && controls.type === 'color') {
        controls.dataset.picked = String(/^[0-9a-f]{6}$/.test(value));
        if (/^[0-9a-f]{6}$/.test(value)) controls.value = `#${value}`;
      } else if (controls instanceof HTMLInputElement) {
        // What the user is typing stays as typed when it means the same ("Lake " applied as "lake"):
        // rewriting it would eat a space typed just before a pause, or move the caret.
        const shown = LOWERCASE_KEYS.includes(key) ? controls.value.trim().toLowerCase() : controls.value.trim();
        if (shown !== value) controls.value = value;
      }
    }
  }
}

/** How many filters narrow the view (the order is not one). @param {FilterValues} filters */
export function appliedCount(filters) {
  return Object.keys(filters).filter((key) => key !== 'sort').length;
}
