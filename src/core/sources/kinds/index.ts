// The kinds of source by name (docs/design.md#sources), each in its own file.
import type { SourceKind, SourceSetting } from '../../types/sources.js';
import { APOD_BASE, apod } from './apod.js';
import { BING_BASE, bing } from './bing.js';
import { json } from './json.js';
import type { ListCandidates } from './kind.js';
import { REDDIT_BASE, reddit } from './reddit.js';
import { rss } from './rss.js';
import { UNSPLASH_BASE, unsplash } from './unsplash.js';
import { WALLHAVEN_BASE, wallhaven } from './wallhaven.js';
import { wallpaper } from './wallpaper.js';

export type { Candidate } from './kind.js';

export const KINDS: Record<SourceKind, ListCandidates> = { wallhaven, unsplash, reddit, bing, apod, rss, wallpaper, json };

const DEFAULT_BASES: Partial<Record<SourceKind, string>> = {
  wallhaven: WALLHAVEN_BASE,
  unsplash: UNSPLASH_BASE,
  reddit: REDDIT_BASE,
  bing: BING_BASE,
  apod: APOD_BASE,
};

/** The source's own URL: --url, else its service's API (rss, wallpaper and json always have a --url). */
export const ownUrl = (source: SourceSetting): string => source.url ?? DEFAULT_BASES[source.kind]!;
