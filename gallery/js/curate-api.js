// @ts-check
// The curation calls of the API (docs/design.md#beyond-the-specification): favourite and hidden marks, tags, near-duplicate
// groups and "not duplicates" marks. Mutations carry the token like every other change (api.js).

import { check, mutate, parseJson, raw } from './api.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */
/** @typedef {{ ids: string[], keep: string, wallpapers: Wallpaper[] }} DuplicateGroup */

/** Set or clear a mark. @param {string} id @param {'favorite' | 'hidden'} mark @param {boolean} on */
export async function setMark(id, mark, on) {
  const path = `/api/wallpapers/${encodeURIComponent(id)}/${mark}`;
  check(await mutate((headers) => raw(path, { method: on ? 'PUT' : 'DELETE', headers })), [204]);
}

/** Every tag with its count. @returns {Promise<{ name: string, count: number }[]>} */
export async function listTags() {
  return parseJson(check(await raw('/api/tags', { cache: 'no-store' }), [200])).tags ?? [];
}

/** @returns {Promise<DuplicateGroup[]>} */
export async function listDuplicates() {
  return parseJson(check(await raw('/api/duplicates', { cache: 'no-store' }), [200])).groups ?? [];
}

/** Mark wallpapers as not duplicates of each other. @param {string[]} ids */
export async function markNotDuplicates(ids) {
  const body = JSON.stringify({ ids });
  const send = (/** @type {Record<string, string>} */ headers) =>
    raw('/api/duplicates/not', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body });
  check(await mutate(send), [204]);
}
