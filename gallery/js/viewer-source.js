// @ts-check
// A fetched wallpaper's attribution in the viewer (docs/design.md#sources): the author linked to their
// page, the picture's page at the service, the licence. Only http(s) links are made: the values
// come from a web service, and a javascript: URL must never become a link.

import { h } from './dom.js';

/** @typedef {import('./api.js').SourceCredit} SourceCredit */

/** @param {string | null} url */
const safe = (url) => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
};

/** @param {string} text @param {string | null} url */
const link = (text, url) => {
  const href = safe(url);
  return href ? h('a', { href, target: '_blank', rel: 'noopener noreferrer', text }) : h('span', { text });
};

/** "Photo by AUTHOR on NAME (kind) · LICENSE", each part linked where the service gave a page.
 * @param {SourceCredit} source */
export function credit(source) {
  const parts = /** @type {(Node | string)[]} */ ([]);
  if (source.author) parts.push('by ', link(source.author, source.author_url), ' ');
  parts.push('from ', link(`${source.name} (${source.kind})`, source.page_url));
  if (source.license) parts.push(` · ${source.license}`);
  return h('span', { class: 'source-credit' }, ...parts);
}
