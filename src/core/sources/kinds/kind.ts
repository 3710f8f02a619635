// What every kind of source answers: a page of candidate pictures, each with the id the service
// gives it (or its image URL), where to download it, the title its maker gave it, and whom to credit.
import type { SourceHttp } from '../http.js';
import type { SourceSetting } from '../../types/sources.js';

export interface Candidate {
  /** The service's id of the picture, else its image URL: what is remembered as fetched. */
  remote: string;
  /** Absolute http(s) URL of the image. */
  image: string;
  /** The picture's title at the service (docs/design.md#titles): the wallpaper's title; null: its file name. */
  title: string | null;
  page_url: string | null;
  author: string | null;
  author_url: string | null;
  license: string | null;
  /** Headers the image request needs (a key). */
  headers?: Record<string, string>;
  /** Called once the picture was kept (Unsplash counts downloads this way). */
  kept?: () => Promise<void>;
}

export interface KindContext {
  source: SourceSetting;
  http: SourceHttp;
  /** This library's client name (the `wallpaper` kind asks another server's random with it). */
  client: string;
  /** How many pictures the fetch can take at most. */
  limit: number;
  monitor?: { width: number; height: number };
}

export type ListCandidates = (ctx: KindContext) => Promise<Candidate[]>;

/** `path` under the base URL, keeping the base's own path (a mirror under /proxy/). */
export function under(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

/** A URL from an answer: used as given when absolute, else resolved against the base. */
export function resolved(value: unknown, base: string | URL): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

export const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null;

/** A title is one line of at most this many characters (as a package's, titles.ts). */
const MAX_TITLE = 200;

/** A title from an answer: markup dropped (feeds put HTML in titles), one line, or null. */
export function titleOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const line = value
    .replace(/<[^>]*>/g, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  return line === '' ? null : line.slice(0, MAX_TITLE);
}

/** The answer's shape was not what the service documents: a failure naming what was missing. */
export function expectArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`unexpected answer: no ${what} array`);
  return value;
}
