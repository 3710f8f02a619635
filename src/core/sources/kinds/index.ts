// The kinds of source by name (CONTRACT.md 7.3), each in its own file.
import type { SourceKind } from '../../types/sources.js';
import { apod } from './apod.js';
import { bing } from './bing.js';
import { json } from './json.js';
import type { ListCandidates } from './kind.js';
import { reddit } from './reddit.js';
import { rss } from './rss.js';
import { unsplash } from './unsplash.js';
import { wallhaven } from './wallhaven.js';
import { wallpaper } from './wallpaper.js';

export type { Candidate } from './kind.js';

export const KINDS: Record<SourceKind, ListCandidates> = { wallhaven, unsplash, reddit, bing, apod, rss, wallpaper, json };
