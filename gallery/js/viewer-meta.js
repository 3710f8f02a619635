// @ts-check
// The viewer's metadata list: every field of a wallpaper, the spec's known ones first with readable
// labels and values (sizes in bytes and KB, dates in the reader's locale, the hue as a swatch), any
// other field after them as it comes. A field that only says something when set (the light/dark
// pair) has no row without a value.

import { formatBytes, h } from './dom.js';
import { credit } from './viewer-source.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */

/** The Wallpaper fields in the order shown, with their labels (spec section 2.1). */
const FIELDS = /** @type {const} */ ([
  ['title', 'Title'],
  ['filename', 'File name'],
  ['source', 'Source'],
  ['width', 'Width'],
  ['height', 'Height'],
  ['size_bytes', 'File size'],
  ['content_type', 'Type'],
  ['added_at', 'Added'],
  ['brightness', 'Brightness'],
  ['pair_id', 'Light/dark pair'],
  ['luminance', 'Luminance'],
  ['dominant_hue', 'Dominant colour'],
  ['palette', 'Palette'],
  ['tags', 'Tags'],
  ['favorite', 'Favourite'],
  ['hidden', 'Hidden'],
  ['aspect_ratio', 'Aspect ratio'],
  ['orientation', 'Orientation'],
  ['id', 'ID'],
  ['path', 'Path on the server'],
  ['url', 'Image URL'],
  ['thumbnail_url', 'Thumbnail URL'],
  ['download_url', 'Download URL'],
]);
/** @type {Set<string>} */
const KNOWN = new Set(FIELDS.map(([key]) => key));
const HUES = new Set(['red', 'green', 'blue', 'warm', 'cool', 'neutral']);
/** Fields whose row is left out when they are null: "none" would be noise on most wallpapers. */
const ONLY_WHEN_SET = new Set(['pair_id']);

/** The metadata list items for a wallpaper: every field, known ones first in a readable form. @param {Wallpaper} w */
export function metadata(w) {
  /** @type {HTMLElement[]} */
  const items = [];
  const record = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (w));
  for (const [key, label] of FIELDS) {
    if (ONLY_WHEN_SET.has(key) && (record[key] === null || record[key] === undefined)) continue;
    items.push(row(key, label, describe(key, record[key])));
  }
  for (const [key, value] of Object.entries(record)) {
    if (!KNOWN.has(key)) items.push(row(key, key, describe(key, value)));
  }
  return items;
}

/** @param {string} key @param {string} label @param {Node | string} value */
function row(key, label, value) {
  return h('div', { class: 'meta-row', dataset: { field: key } }, h('dt', { text: label }), h('dd', {}, value));
}

/** @param {string} key @param {unknown} value @returns {Node | string} */
function describe(key, value) {
  if (value === null || value === undefined) return '—';
  switch (key) {
    case 'width':
    case 'height':
      return `${value} px`;
    case 'size_bytes': {
      const bytes = Number(value);
      return h('span', {}, formatBytes(bytes), h('span', { class: 'muted', text: ` (${new Intl.NumberFormat().format(bytes)} bytes)` }));
    }
    case 'added_at': {
      const date = new Date(String(value));
      const local = Number.isNaN(date.getTime())
        ? String(value)
        : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
      return h('time', { datetime: String(value), title: String(value) }, local);
    }
    case 'dominant_hue': {
      const hue = String(value);
      return h(
        'span',
        { class: 'hue' },
        h('span', { class: `hue-dot swatch-${HUES.has(hue) ? hue : 'neutral'}`, 'aria-hidden': 'true' }),
        hue,
      );
    }
    case 'palette':
      // Each colour links to the wallpapers that have it, closest first.
      return Array.isArray(value) && value.length ? h('span', { class: 'chips' }, ...value.map((entry) => paletteLink(entry))) : '—';
    case 'tags':
      return Array.isArray(value) && value.length
        ? h(
            'span',
            { class: 'chips' },
            ...value.map((tag) => h('a', { class: 'chip', href: `/?tag=${encodeURIComponent(String(tag))}`, text: String(tag) })),
          )
        : 'none (subfolders name tags; `wallpaper tag` adds your own)';
    case 'pair_id':
      // The viewer follows `#view=<id>` in the URL (viewer-url.js): the link opens the other half
      // in place, Back returns to this one, and a new tab opens it too.
      return h('a', { href: `#view=${encodeURIComponent(String(value))}`, text: 'Show the other one' });
    case 'source':
      return credit(/** @type {import('./viewer-source.js').SourceCredit} */ (value));
    case 'favorite':
    case 'hidden':
      return value ? 'yes' : 'no';
    case 'luminance':
      return typeof value === 'number' ? value.toFixed(4) : String(value);
    case 'path':
    case 'url':
    case 'thumbnail_url':
    case 'id':
      return h('code', { text: String(value) });
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A palette colour as a swatch and its share, linking to the wallpapers with that colour.
 * @param {unknown} entry */
function paletteLink(entry) {
  const { color, share } = /** @type {{ color: string, share: number }} */ (entry);
  const hex = String(color).replace(/^#/, '');
  const swatch = h('span', { class: 'palette-swatch', 'aria-hidden': 'true' });
  swatch.style.background = `#${hex}`;
  const percent = `${Math.round(Number(share) * 100)}%`;
  return h(
    'a',
    {
      class: 'chip',
      href: `/?color=${hex}&sort=color`,
      title: `Wallpapers with #${hex}`,
      'aria-label': `#${hex}, ${percent} of the picture`,
    },
    swatch,
    ` ${percent}`,
  );
}
