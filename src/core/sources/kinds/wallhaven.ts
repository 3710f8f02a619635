// Wallhaven (https://wallhaven.cc/help/api): GET /search with q, sorting=random and a seed (a new
// random page each fetch), purity 100 (sfw) unless --nsfw, atleast from the largest monitor,
// apikey only when one was given. Each of data[] has id, url (its page), path (the image), purity
// and category; a search result has no name, so its title is `ID (category)`.
import { randomBytes } from 'node:crypto';
import { type Candidate, type KindContext, expectArray, resolved, under } from './kind.js';

export const WALLHAVEN_BASE = 'https://wallhaven.cc/api/v1';

/** Wallhaven's seeds are 6 of [a-zA-Z0-9]. */
const seed = (): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(6)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

export async function wallhaven({ source, http, monitor }: KindContext): Promise<Candidate[]> {
  const base = source.url ?? WALLHAVEN_BASE;
  const url = under(base, '/search');
  if (source.query) url.searchParams.set('q', source.query);
  url.searchParams.set('sorting', 'random');
  url.searchParams.set('seed', seed());
  // sfw only; --nsfw adds sketchy, and nsfw itself where the key allows it.
  url.searchParams.set('purity', source.nsfw ? (source.key ? '111' : '110') : '100');
  if (monitor) url.searchParams.set('atleast', `${monitor.width}x${monitor.height}`);
  if (source.key) url.searchParams.set('apikey', source.key);
  const answer = (await http.json(url.href)) as { data?: unknown };
  return expectArray(answer?.data, 'data').flatMap((item): Candidate[] => {
    const entry = item as { id?: unknown; url?: unknown; path?: unknown; purity?: unknown; category?: unknown };
    const image = resolved(entry.path, url);
    if (!image || typeof entry.id !== 'string') return [];
    if (!source.nsfw && entry.purity !== 'sfw') return [];
    const title = typeof entry.category === 'string' && entry.category !== '' ? `${entry.id} (${entry.category})` : entry.id;
    return [{ remote: entry.id, image, title, page_url: resolved(entry.url, url), author: null, author_url: null, license: null }];
  });
}
