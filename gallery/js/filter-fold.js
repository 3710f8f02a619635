// @ts-check
// The fold of the filter panel: the daily filters (brightness, orientation, colour, search) stay in
// view and "More filters" shows or hides the rest, remembered in this browser. A phone folds more
// (all but search) with the same toggle, by CSS alone. While folded, the toggle counts the active
// filters it hides, so a filter out of sight never leaves the grid mysteriously short.

/** @typedef {import('./api.js').FilterValues} FilterValues */

/** Where the open/folded choice is kept ("true" when unfolded). */
const STORAGE_KEY = 'wallpaper.moreFilters';
/** The width under which the daily filters fold too (style.css, the phone layout). */
const PHONE_QUERY = '(max-width: 899px)';

export class FilterFold {
  /**
   * @param {HTMLFormElement} form  the filter form; its class `folded` hides what folds
   * @param {HTMLButtonElement} toggle  "More filters"
   * @param {HTMLElement} badge  the count of active filters out of sight, in the toggle
   */
  constructor(form, toggle, badge) {
    this.form = form;
    this.toggle = toggle;
    this.badge = badge;
    /** @type {FilterValues} */
    this.filters = {};
    this.label = toggle.textContent?.trim() ?? 'More filters';
    this.setOpen(read() === 'true');
    toggle.addEventListener('click', () => {
      this.setOpen(!this.isOpen);
      write(String(this.isOpen));
    });
    // A window crossing the phone width folds or shows the daily filters: count again.
    matchMedia(PHONE_QUERY).addEventListener('change', () => this.update(this.filters));
  }

  get isOpen() {
    return !this.form.classList.contains('folded');
  }

  /** @param {boolean} open */
  setOpen(open) {
    this.form.classList.toggle('folded', !open);
    this.toggle.setAttribute('aria-expanded', String(open));
    this.update(this.filters);
  }

  /** Count the applied filters whose controls are out of sight. @param {FilterValues} filters */
  update(filters) {
    this.filters = filters;
    const hidden = Object.keys(filters).filter((key) => {
      const control = this.control(key);
      // No boxes: a folded ancestor has display: none (getClientRects, not checkVisibility(), which
      // Safari before 17.4 lacks).
      return control !== null && control.getClientRects().length === 0;
    }).length;
    this.badge.hidden = hidden === 0;
    this.badge.textContent = hidden === 0 ? '' : String(hidden);
    if (hidden === 0) this.toggle.removeAttribute('aria-label');
    else this.toggle.setAttribute('aria-label', `${this.label} (${hidden} active ${hidden === 1 ? 'filter' : 'filters'} hidden here)`);
    this.toggle.classList.toggle('has-hidden', hidden > 0);
  }

  /** The element that shows a filter (the first radio of a group). @param {string} key */
  control(key) {
    const named = this.form.elements.namedItem(key);
    const element = named instanceof RadioNodeList ? named[0] : named;
    return element instanceof HTMLElement ? element : null;
  }
}

/** localStorage may be off (a private window's policy): the fold then starts folded every time. */
function read() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** @param {string} value */
function write(value) {
  try {
    localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Not remembered: the choice still holds for this page.
  }
}
