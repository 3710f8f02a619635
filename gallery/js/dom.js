// @ts-check
// Tiny DOM helpers shared by the gallery's modules. Data only ever enters the page as text nodes or
// attribute values (never innerHTML), so a file named `<img src=x onerror=...>.jpg` stays text.

/**
 * Create an element. `props`: `class`, `text` (textContent), `dataset` (object), any other key is set
 * with setAttribute (`false`/`null`/`undefined` skip it, `true` sets it empty). Children: nodes or
 * strings (strings become text nodes).
 * @param {string} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = String(value);
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/**
 * The element with this id; throws early (at start-up) when the page markup lacks it.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} [type]
 * @returns {T}
 */
export function byId(id, type) {
  const el = document.getElementById(id);
  if (!el || (type && !(el instanceof type))) throw new Error(`gallery markup is missing #${id}`);
  return /** @type {T} */ (el);
}

/** @param {number} n */
export function formatCount(n) {
  return new Intl.NumberFormat().format(n);
}

/**
 * Human size, e.g. "2.4 MB"; binary units ("50 MiB") for limits, which are set in powers of two.
 * @param {number} bytes @param {{ binary?: boolean }} [options]
 */
export function formatBytes(bytes, options = {}) {
  if (!Number.isFinite(bytes)) return String(bytes);
  const step = options.binary ? 1024 : 1000;
  const units = options.binary ? ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'] : ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= step && unit < units.length - 1) {
    value /= step;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Swap an element's visibility through the `hidden` attribute. @param {HTMLElement} el @param {boolean} shown */
export function show(el, shown) {
  el.hidden = !shown;
}
