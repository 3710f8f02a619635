// @ts-check
// The device link's frame part: the URL of /frame for a tablet, a TV or a kiosk (an
// interval, a clock, pairs, what fills the rest, motion and burn-in shift (docs/frame.md#layouts-and-motion), the
// brightness and name chosen for the device link), its QR code to scan, and
// the server's address on the network: a link with 127.0.0.1 opens nothing on another device, so
// the links use the address /api/status reports, or say that `--host 0.0.0.0` is needed.

import { getStatus } from './api.js';
import { byId } from './dom.js';

/** Where the server serves qrcode-generator's ES module (src/http/app.ts). */
const QRCODE_MODULE = 'vendor/qrcode.mjs';

const isLoopbackHost = (/** @type {string} */ host) => host === 'localhost' || host === '[::1]' || host.startsWith('127.');

/**
 * The frame's URL for a device.
 * @param {string} origin
 * @param {{ interval?: string, clock?: string, layout?: string, fill?: string, motion?: string, shift?: boolean, brightness?: string, client?: string, filters?: string }} choices
 */
export function frameUrl(origin, choices) {
  const params = new URLSearchParams(choices.filters ?? '');
  if (choices.brightness) params.set('brightness', choices.brightness);
  if (choices.interval) params.set('interval', choices.interval);
  if (choices.clock) params.set('clock', choices.clock);
  if (choices.layout === 'pair') {
    params.set('layout', 'pair');
    params.set('fit', 'contain'); // whole pictures, over the default blurred fill
  }
  if (choices.fill) params.set('fill', choices.fill);
  if (choices.motion) params.set('motion', choices.motion);
  if (choices.shift) params.set('shift', 'on');
  if (choices.client) params.set('client', choices.client);
  const query = params.toString();
  return `${origin}/frame${query ? `?${query}` : ''}`;
}

/** The gallery's current filters as a query for the frame (its sort means nothing there). */
export function galleryFilters() {
  const params = new URLSearchParams(location.search);
  params.delete('sort');
  params.delete('seed');
  return params.toString();
}

export class DeviceFrame {
  /** @param {() => void} changed called once the network address is known */
  constructor(changed) {
    this.interval = byId('device-interval', HTMLSelectElement);
    this.clock = byId('device-clock', HTMLSelectElement);
    this.layout = byId('device-layout', HTMLSelectElement);
    this.fill = byId('device-fill', HTMLSelectElement);
    this.motion = byId('device-motion', HTMLSelectElement);
    this.shift = byId('device-shift', HTMLInputElement);
    this.output = byId('device-frame-url', HTMLTextAreaElement);
    this.qr = byId('device-qr', HTMLImageElement);
    this.note = byId('device-address', HTMLElement);
    /** The origin other devices use: this page's, unless it is loopback and the server has a network address. */
    this.origin = location.origin;
    for (const input of [this.interval, this.clock, this.layout, this.fill, this.motion, this.shift])
      input.addEventListener('input', () => changed());
    void this.findAddress(changed);
  }

  /** @param {() => void} changed */
  async findAddress(changed) {
    if (!isLoopbackHost(location.hostname)) {
      this.note.textContent = `Other devices on your network reach this server at ${location.origin}.`;
      return;
    }
    let lan;
    try {
      lan = (await getStatus()).lan;
    } catch {
      return;
    }
    if (!lan) return;
    if (lan.urls.length > 0) {
      this.origin = lan.urls[0] ?? location.origin;
      this.note.textContent = `Other devices on your network reach this server at ${lan.urls.join(' or ')}.`;
    } else if (lan.loopback_only) {
      this.note.textContent =
        'This server listens on this computer only: start it with `wallpaper serve --host 0.0.0.0` (and a --token) for a phone, a tablet or a TV to reach it.';
    } else {
      this.note.textContent = 'This computer has no network address other devices could reach.';
    }
    changed();
  }

  /** @param {{ brightness: string, client: string }} choices */
  update(choices) {
    const url = frameUrl(this.origin, {
      interval: this.interval.value,
      clock: this.clock.value,
      layout: this.layout.value,
      fill: this.fill.value,
      motion: this.motion.value,
      shift: this.shift.checked,
      brightness: choices.brightness,
      client: choices.client,
      filters: galleryFilters(),
    });
    this.output.value = url;
    void this.drawQr(url);
  }

  /** The QR code of `url`, drawn by qrcode-generator as an image (data: URL, allowed by the CSP). @param {string} url */
  async drawQr(url) {
    try {
      /** @type {string} */
      const module = new URL(QRCODE_MODULE, document.baseURI).href;
      const qrcode = (await import(module)).default;
      const code = qrcode(0, 'M');
      code.addData(url);
      code.make();
      if (this.output.value !== url) return; // a newer link was asked meanwhile
      this.qr.src = code.createDataURL(4, 4);
      this.qr.alt = `QR code of ${url}`;
      this.qr.hidden = false;
    } catch {
      this.qr.hidden = true;
    }
  }
}
