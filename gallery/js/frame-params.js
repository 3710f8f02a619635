// @ts-check
// The frame's query (docs/design.md#the-frame), read once at load: its own parameters (interval, transition,
// fit, split, clock, info, dark, client) checked here with the API's wording, everything else passed
// to /api/wallpapers/random for the server to validate. Also the URLs the frame asks for. Old tablets
// run this file: no syntax newer than ES2018 (no `?.`, `??`, class fields, bare `catch {}`).

/** The server's largest side for a variant. */
export const MAX_SIDE = 5000;
const STORAGE_KEY = 'wallpaper-frame-client';
/** Parameters of the frame itself; the page decides them, never the random endpoint. */
const OWN = [
  'interval',
  'transition',
  'fit',
  'split',
  'clock',
  'info',
  'dark',
  'client',
  'w',
  'h',
  'n',
  'redirect',
  'layout',
  'fill',
  'motion',
  'shift',
];
/** Variant parameters passed on to the image URL as given. */
const VARIANT = ['crop', 'as', 'quality'];

/**
 * @typedef {object} FrameOptions
 * @property {number} interval seconds a wallpaper stays
 * @property {boolean} fade
 * @property {'cover' | 'contain'} fit
 * @property {boolean} split
 * @property {'single' | 'pair'} layout pair: a picture of the other shape goes with a second one (docs/frame.md#layouts-and-motion)
 * @property {'blur' | 'color' | 'black'} fill behind a picture that does not cover its place
 * @property {'none' | 'pan'} motion
 * @property {boolean} shift the whole frame moves a few pixels every few minutes
 * @property {0 | 12 | 24} clock
 * @property {boolean} info
 * @property {{ from: number, to: number } | null} dark minutes since midnight, local time
 * @property {string} client
 * @property {string[][]} filters [name, value] pairs for the random endpoint
 * @property {string[][]} variant [name, value] pairs for the image URL (crop, as, quality)
 * @property {boolean} autoBrightness `brightness=auto`: follow the browser's colour scheme
 */

/** @param {string} name @param {string} value @param {string} expected */
const invalid = (name, value, expected) => new Error(`invalid ${name} ${JSON.stringify(value.slice(0, 64))}: expected ${expected}`);

/** `HH:MM` as minutes since midnight, or -1. @param {string} text */
function minutesOf(text) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return -1;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 24 && minutes <= 59 && hours * 60 + minutes <= 1440 ? hours * 60 + minutes : -1;
}

/** `HH:MM-HH:MM`, e.g. `22:00-07:00` (across midnight). @param {string} text */
export function parseDarkHours(text) {
  const parts = text.split('-');
  const from = parts.length === 2 ? minutesOf(parts[0].trim()) : -1;
  const to = parts.length === 2 ? minutesOf(parts[1].trim()) : -1;
  if (from < 0 || to < 0 || from === to) throw invalid('dark', text, 'two different local times HH:MM-HH:MM, e.g. 22:00-07:00');
  return { from, to };
}

/** Whether `date` (local time) is within the dark hours. @param {{ from: number, to: number }} hours @param {Date} date */
export function isDarkAt(hours, date) {
  const now = date.getHours() * 60 + date.getMinutes();
  return hours.from < hours.to ? now >= hours.from && now < hours.to : now >= hours.from || now < hours.to;
}

/** A name for this screen, made once and kept in the browser's storage. */
function storedClient() {
  let name = '';
  try {
    name = localStorage.getItem(STORAGE_KEY) || '';
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) {
      name = `frame-${Math.random().toString(36).slice(2, 10)}`;
      localStorage.setItem(STORAGE_KEY, name);
    }
  } catch (_error) {
    // No storage (a private window): a name for this visit only.
    if (!name) name = `frame-${Math.random().toString(36).slice(2, 10)}`;
  }
  return name;
}

/** @param {URLSearchParams} query @param {string} name */
function single(query, name) {
  const value = query.get(name);
  return value === null ? null : value.trim();
}

/** @param {string} name @param {string | null} value @param {string[]} allowed @param {string} expected */
function choice(name, value, allowed, expected) {
  if (value === null || value === '') return allowed[0];
  if (allowed.indexOf(value.toLowerCase()) < 0) throw invalid(name, value, expected);
  return value.toLowerCase();
}

/** The frame's options from its query string; throws an Error whose message is the one line to show. */
export function parseOptions(/** @type {string} */ search) {
  const query = new URLSearchParams(search);
  const intervalText = single(query, 'interval');
  let interval = 60;
  if (intervalText !== null && intervalText !== '') {
    interval = Number(intervalText);
    if (!/^\d+$/.test(intervalText) || interval < 5 || interval > 86400)
      throw invalid('interval', intervalText, 'a whole number of seconds from 5 to 86400');
  }
  const fade = choice('transition', single(query, 'transition'), ['fade', 'none'], 'fade or none') === 'fade';
  const fit = /** @type {'cover' | 'contain'} */ (choice('fit', single(query, 'fit'), ['cover', 'contain'], 'cover or contain'));
  const split = choice('split', single(query, 'split'), ['0', '1'], '1 (two portrait wallpapers side by side) or 0') === '1';
  const layout = /** @type {'single' | 'pair'} */ (choice('layout', single(query, 'layout'), ['single', 'pair'], 'single or pair'));
  const fill = /** @type {'blur' | 'color' | 'black'} */ (
    choice('fill', single(query, 'fill'), ['blur', 'color', 'black'], 'blur, color or black')
  );
  const motion = /** @type {'none' | 'pan'} */ (choice('motion', single(query, 'motion'), ['none', 'pan'], 'none or pan'));
  const shift =
    choice('shift', single(query, 'shift'), ['off', 'on'], 'on (move the whole frame a few pixels every few minutes) or off') === 'on';
  const clock = /** @type {0 | 12 | 24} */ (Number(choice('clock', single(query, 'clock'), ['0', '24', '12'], '12 or 24')));
  const info = choice('info', single(query, 'info'), ['0', '1'], '1 (title, tags and source over the wallpaper) or 0') === '1';
  const darkText = single(query, 'dark');
  const dark = darkText ? parseDarkHours(darkText) : null;
  const client = single(query, 'client') || storedClient();
  /** @type {string[][]} */
  const filters = [];
  /** @type {string[][]} */
  const variant = [];
  query.forEach((value, name) => {
    if (VARIANT.indexOf(name) >= 0) variant.push([name, value]);
    else if (OWN.indexOf(name) < 0) filters.push([name, value]);
  });
  const brightness = query.get('brightness');
  const autoBrightness = brightness !== null && brightness.trim().toLowerCase() === 'auto' && !query.has('prefers');
  /** @type {FrameOptions} */
  const options = { interval, fade, fit, split, layout, fill, motion, shift, clock, info, dark, client, filters, variant, autoBrightness };
  return options;
}

/** A side in device pixels for `css` CSS pixels on this screen. @param {number} css */
export function devicePixels(css) {
  return Math.min(MAX_SIDE, Math.max(1, Math.round(css * (window.devicePixelRatio || 1))));
}

/** The image format a variant keeps when `as` is not given. @param {string} contentType */
const formatOf = (contentType) => {
  const format = contentType.replace(/^image\//, '');
  return format === 'png' || format === 'webp' || format === 'jpeg' ? format : 'jpeg';
};

/**
 * The size-and-fit part of both URLs, in the server's canonical order (w, h, fit, crop, as, quality).
 * @param {FrameOptions} options @param {{ w: number, h: number }} size @param {string} [contentType]
 */
function variantQuery(options, size, contentType) {
  const params = new URLSearchParams();
  params.set('w', String(size.w));
  params.set('h', String(size.h));
  // contain over a fill: the picture alone (inside), letterboxed by the browser over the fill; the
  // server's contain would bake black bars into it.
  params.set('fit', options.fit === 'contain' && options.fill !== 'black' ? 'inside' : options.fit);
  const given = (/** @type {string} */ name) => {
    for (const pair of options.variant) if (pair[0] === name) return pair[1];
    return null;
  };
  if (options.fit === 'cover') params.set('crop', given('crop') || 'attention');
  const as = given('as');
  if (as || contentType) params.set('as', as || formatOf(contentType || ''));
  const quality = given('quality');
  if (quality) params.set('quality', quality);
  return params;
}

/**
 * The random pick's URL: the filters, this screen's client and size (none: any shape, for pairs).
 * @param {FrameOptions} options @param {{ w: number, h: number } | null} size
 * @param {{ portrait: boolean, dark: boolean, prefersDark: boolean }} now
 */
export function pickUrl(options, size, now) {
  const params = size ? variantQuery(options, size) : new URLSearchParams();
  params.set('client', options.client);
  for (const pair of options.filters) {
    if (now.portrait && pair[0] === 'orientation') continue;
    if (now.dark && pair[0] === 'brightness') continue;
    params.append(pair[0], pair[1]);
  }
  if (now.portrait) params.set('orientation', 'portrait');
  if (now.dark) params.set('brightness', 'dark');
  else if (options.autoBrightness) params.set('prefers', now.prefersDark ? 'dark' : 'light');
  return `/api/wallpapers/random?${params}`;
}

/**
 * The immutable `{id}` URL of a wallpaper at this size: the browser keeps it, so "previous" is free.
 * @param {FrameOptions} options @param {{ w: number, h: number }} size @param {{ url: string, content_type: string }} wallpaper
 */
export function imageUrl(options, size, wallpaper) {
  return `${wallpaper.url}?${variantQuery(options, size, wallpaper.content_type)}`;
}
