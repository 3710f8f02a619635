// @ts-check
// The viewer's device links: "Download for this screen", this wallpaper sized to the
// device's screen (screen size x devicePixelRatio, never upscaled by the server), and "Link for a
// device": the one URL a phone, a smart display or a second machine should use, a random wallpaper
// sized for it (presets or this screen), with a brightness, a client name (so it never repeats) and
// a format, ready to copy; and the frame page for it with its QR code (device-frame.js).

import { DeviceFrame, frameUrl, galleryFilters } from './device-frame.js';
import { byId } from './dom.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */

/** The server's largest side for a variant. */
const MAX_SIDE = 5000;

/** Device presets: name -> [width, height] in device pixels; `screen` is computed. */
export const PRESETS = /** @type {const} */ ({
  screen: null,
  phone: [1170, 2532],
  '1080p': [1920, 1080],
  '1440p': [2560, 1440],
  '4k': [3840, 2160],
  ultrawide: [3440, 1440],
});

/** This device's screen in device pixels, each side within the server's limit. @returns {[number, number]} */
export function screenSize() {
  const ratio = window.devicePixelRatio || 1;
  const side = (/** @type {number} */ css) => Math.min(MAX_SIDE, Math.max(1, Math.round(css * ratio)));
  return [side(window.screen.width), side(window.screen.height)];
}

/** A device name as the API's `client` accepts it (1..64 of A-Za-z0-9._-). @param {string | undefined} name */
const cleanClient = (name) =>
  (name ?? '')
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 64);

/**
 * The random-image URL for a device.
 * @param {string} origin @param {[number, number]} size
 * @param {{ brightness?: string, client?: string, as?: string }} choices
 */
export function deviceUrl(origin, [w, h], choices) {
  const params = new URLSearchParams({ w: String(w), h: String(h) });
  if (choices.brightness) params.set('brightness', choices.brightness);
  if (choices.as) params.set('as', choices.as);
  const client = cleanClient(choices.client);
  if (client) params.set('client', client);
  return `${origin}/api/wallpapers/random/image?${params}`;
}

export class DeviceLinks {
  /** @param {(message: string, kind?: 'info' | 'error') => void} notify */
  constructor(notify) {
    this.notify = notify;
    this.screenLink = byId('viewer-screen', HTMLAnchorElement);
    this.preset = byId('device-preset', HTMLSelectElement);
    this.brightness = byId('device-brightness', HTMLSelectElement);
    this.client = byId('device-client', HTMLInputElement);
    this.format = byId('device-format', HTMLSelectElement);
    this.output = byId('device-url', HTMLTextAreaElement);
    this.frameLink = byId('viewer-frame', HTMLAnchorElement);
    this.frame = new DeviceFrame(() => this.update());
    for (const input of [this.preset, this.brightness, this.client, this.format]) input.addEventListener('input', () => this.update());
    byId('device-copy').addEventListener('click', () => this.copy(this.output));
    byId('device-frame-copy').addEventListener('click', () => this.copy(this.frame.output));
    this.update();
  }

  /** Point "Download for this screen" at the wallpaper `w`, sized for this screen. @param {Wallpaper} w */
  show(w) {
    const [width, height] = screenSize();
    this.screenLink.href = `${w.url}?w=${width}&h=${height}`;
    this.screenLink.setAttribute('download', `${w.filename.replace(/\.[^.]+$/, '')}-${width}x${height}`);
    this.screenLink.title = `${width} x ${height} pixels, cropped to fill this screen`;
    this.frameLink.href = frameUrl('', { filters: galleryFilters() });
  }

  update() {
    const preset = /** @type {keyof typeof PRESETS} */ (this.preset.value);
    const fixed = PRESETS[preset];
    /** @type {[number, number]} */
    const size = fixed ? [fixed[0], fixed[1]] : screenSize();
    this.output.value = deviceUrl(this.frame.origin, size, {
      brightness: this.brightness.value,
      client: this.client.value,
      as: this.format.value,
    });
    this.frame.update({ brightness: this.brightness.value, client: cleanClient(this.client.value) });
  }

  /** @param {HTMLTextAreaElement} field */
  async copy(field) {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      this.notify('Link copied: open it on the device, or give it to its wallpaper app.');
    } catch {
      this.notify('Select the link and copy it by hand.', 'error');
    }
  }
}
