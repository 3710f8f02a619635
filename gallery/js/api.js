// @ts-check
// The gallery's only door to the server: the public HTTP API (docs/api.md, docs/design.md#http-rules).
// Errors come back as plain text and are surfaced as ApiError messages. Mutations go through
// auth.js, which adds the token and asks for one when the server wants it.

import { withToken } from './auth.js';

export { setTokenPrompt, storedToken } from './auth.js';

/**
 * @typedef {object} Wallpaper
 * @property {string} id
 * @property {string} filename
 * @property {string} path
 * @property {string} url
 * @property {string} thumbnail_url
 * @property {number} width
 * @property {number} height
 * @property {number} size_bytes
 * @property {string} added_at
 * @property {string} content_type
 * @property {string} brightness
 * @property {string} aspect_ratio
 * @property {string} orientation
 * @property {number} luminance
 * @property {string} dominant_hue
 * @property {string} [download_url]  the same bytes under the file's name (servers before 0.2 lack it)
 * @property {PaletteColor[]} [palette]  up to 5 colours and their share of the image
 * @property {boolean} [favorite]  marked as a favourite
 * @property {boolean} [hidden]  left out of lists and random picks unless asked
 * @property {string[]} [tags]  folder and user tags, sorted
 * @property {string | null} [pair_id]  its designer light/dark counterpart's id, or null
 * @property {string} [title]  the name its package gives it, else the file name without its extension (servers before titles lack it)
 * @property {SourceCredit | null} [source]  where a fetched wallpaper came from and whom to credit, or null
 * @property {DynamicInfo | null} [dynamic]  a wallpaper that changes with the time of day, or null
 *
 * @typedef {{ name: string, kind: string, page_url: string | null, author: string | null, author_url: string | null, license: string | null }} SourceCredit
 * @typedef {{ color: string, share: number }} PaletteColor
 * @typedef {{ kind: 'timed' | 'solar' | 'light-dark', frames: number }} DynamicInfo
 * @typedef {{ wallpapers: Wallpaper[], pagination: { total: number, page: number, limit: number, total_pages: number } }} ListResponse
 * @typedef {{ folders: string[], upload_folder: string, thumbnail_size: number, max_upload_bytes: number, set_command: string | null, variant_cache_bytes: number }} Settings
 * @typedef {{ added: number, updated: number, removed: number, unchanged: number, duplicates: { path: string, duplicate_of: string }[], failed: { path: string, error: string }[], total: number, duration_ms: number, skipped: { path: string, reason: string }[], unavailable: number, ignored: number, small?: number }} ScanSummary
 * @typedef {Record<string, string>} FilterValues  only the applied filters, as query strings
 */

/** A busy server (503, too many uploads at once) is asked again this many times, after Retry-After. */
const BUSY_RETRIES = 3;

export class ApiError extends Error {
  /** @param {number} status 0 when the server could not be reached @param {string} message */
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** @param {FilterValues} filters @param {Record<string, string | number>} [extra] */
export function query(filters, extra = {}) {
  const params = new URLSearchParams(filters);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A one-line message from a plain-text error response. @param {number} status @param {string} body */
function errorMessage(status, body) {
  const text = body.trim().split('\n')[0]?.trim() ?? '';
  if (text) return text;
  return status === 0 ? 'The server could not be reached.' : `The server answered ${status}.`;
}

/**
 * @typedef {{ status: number, text: string, retryAfter?: string }} RawResponse
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<RawResponse>}
 */
export async function raw(path, init = {}) {
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Is `wallpaper serve` still running?');
  }
  return { status: response.status, text: await response.text() };
}

/** @param {RawResponse} res */
export function parseJson(res) {
  try {
    return JSON.parse(res.text);
  } catch {
    throw new ApiError(res.status, `The server sent a response that is not JSON (status ${res.status}).`);
  }
}

/**
 * Run a mutation with the token, asking for one on 401/403 (auth.js).
 * @param {(headers: Record<string, string>) => Promise<RawResponse>} send
 */
export const mutate = (send) => withToken(send, (res) => errorMessage(res.status, res.text));

/** @param {RawResponse} res @param {number[]} ok */
export function check(res, ok) {
  if (!ok.includes(res.status)) throw new ApiError(res.status, errorMessage(res.status, res.text));
  return res;
}

/**
 * One page of wallpapers matching the filters.
 * @param {FilterValues} filters @param {number} page @param {number} limit @param {AbortSignal} [signal]
 * @returns {Promise<ListResponse>}
 */
export async function listWallpapers(filters, page, limit, signal) {
  const res = await raw(`/api/wallpapers${query(filters, { page, limit })}`, { signal });
  return parseJson(check(res, [200]));
}

/**
 * A random wallpaper among the filter's matches, or null when nothing matches (404).
 * @param {FilterValues} filters @returns {Promise<Wallpaper | null>}
 */
export async function randomWallpaper(filters) {
  const res = await raw(`/api/wallpapers/random${query(filters)}`, { cache: 'no-store' });
  if (res.status === 404) return null;
  return parseJson(check(res, [200]));
}

/** @param {string} id @returns {Promise<void>} */
export async function deleteWallpaper(id) {
  const path = `/api/wallpapers/${encodeURIComponent(id)}`;
  check(await mutate((headers) => raw(path, { method: 'DELETE', headers })), [204, 200]);
}

/**
 * Set it as the wallpaper of the desktop the server runs in (every monitor), of its lock screen, or
 * both. A 409 says no desktop session can be set from the server, or that its desktop has no lock
 * screen of its own, in the server's words.
 * @param {string} id @param {'desktop' | 'lock' | 'both'} [target] @returns {Promise<void>}
 */
export async function setAsWallpaper(id, target = 'desktop') {
  const path = `/api/wallpapers/${encodeURIComponent(id)}/set`;
  const body = target === 'desktop' ? {} : { body: JSON.stringify({ target }) };
  const send = (/** @type {Record<string, string>} */ headers) =>
    raw(path, { method: 'POST', headers: target === 'desktop' ? headers : { ...headers, 'content-type': 'application/json' }, ...body });
  check(await mutate(send), [204]);
}

/** Rescan the library's folders; resolves when the scan is done. @returns {Promise<ScanSummary>} */
export async function refresh() {
  return parseJson(check(await mutate((headers) => raw('/api/refresh', { method: 'POST', headers })), [200]));
}

/**
 * @typedef {object} LibraryStatus
 * @property {boolean} scanning
 * @property {{ to_read: number, read: number, failed: number } | null} progress
 * @property {number} total
 * @property {string} version  changes whenever the index does
 * @property {{ urls: string[], loopback_only: boolean }} [lan]  where other devices reach the server
 * @property {('desktop' | 'lock' | 'both')[]} [set_targets]  where POST .../set can put a wallpaper here
 */

/** Whether a scan runs, how far it is, and the index's version. @returns {Promise<LibraryStatus>} */
export async function getStatus() {
  return parseJson(check(await raw('/api/status', { cache: 'no-store' }), [200]));
}

/** One wallpaper by id, or null when the library has none with it. @param {string} id @returns {Promise<Wallpaper | null>} */
export async function getWallpaper(id) {
  const res = await raw(`/api/wallpapers/${encodeURIComponent(id)}`);
  if (res.status === 404) return null;
  return parseJson(check(res, [200]));
}

/** @returns {Promise<Settings>} */
export async function getSettings() {
  return parseJson(check(await raw('/api/settings', { cache: 'no-store' }), [200]));
}

/** @param {Partial<Settings>} patch @returns {Promise<Settings>} */
export async function updateSettings(patch) {
  const body = JSON.stringify(patch);
  const res = await mutate((headers) =>
    raw('/api/settings', { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body }),
  );
  return parseJson(check(res, [200]));
}

/**
 * Upload one file (multipart field `file`) with progress; resolves to the wallpapers the server
 * answered with (201 `{"wallpapers": [...]}`).
 * @param {File} file
 * @param {(fraction: number) => void} onProgress
 * @returns {Promise<Wallpaper[]>}
 */
export async function uploadFile(file, onProgress) {
  let res = await mutate((headers) => sendUpload(file, headers, onProgress));
  // 503: the server is taking as many uploads as it allows at once (other tabs, other users).
  for (let attempt = 1; res.status === 503 && attempt <= BUSY_RETRIES; attempt += 1) {
    const seconds = Math.min(Math.max(Number(res.retryAfter) || 2, 1), 30);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    res = await mutate((headers) => sendUpload(file, headers, onProgress));
  }
  const body = parseJson(check(res, [201, 200]));
  if (!body || !Array.isArray(body.wallpapers)) throw new ApiError(res.status, 'The server accepted the file but sent no wallpaper back.');
  return body.wallpapers;
}

/**
 * XMLHttpRequest rather than fetch: only XHR reports upload progress.
 * @param {File} file @param {Record<string, string>} headers @param {(fraction: number) => void} onProgress
 * @returns {Promise<RawResponse>}
 */
function sendUpload(file, headers, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () =>
      resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('Retry-After') ?? undefined }),
    );
    xhr.addEventListener('error', () => reject(new ApiError(0, 'The upload failed: the connection to the server was lost.')));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'The upload was cancelled.')));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
