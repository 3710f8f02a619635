// The curation part of the Library facade: favourite and hidden marks, user tags, the
// tag list, near-duplicate groups (cached per index version: grouping reads every fingerprint) and
// "not duplicates" marks. Wallpapers are named by id or by the path of one of their files.
import { resolve as resolvePath } from 'node:path';
import { VersionedCache } from '../common/index.js';
import { WallpaperError } from '../errors.js';
import type { Store } from '../store/index.js';
import type { Curation, DuplicateGroup, DuplicateGroupRecords, Mark, Wallpaper } from '../types.js';
import { groupDuplicates } from './duplicates.js';
import { parseTag } from '../query/index.js';

export type { Curation, DuplicateGroup, DuplicateGroupRecords, Mark };

/** A shortened id, as git allows: 4 to 15 hex characters (16 is a whole id). */
const ID_PREFIX = /^[0-9a-f]{4,15}$/i;
/** Hex too short to be a prefix: said so, rather than "no wallpaper" (docs/cli.md#curating-a-big-library-near-duplicates-favourites-hidden-tags). */
const SHORT_PREFIX = /^[0-9a-f]{1,3}$/i;
/** Candidates an ambiguous prefix lists. */
const SHOWN_CANDIDATES = 5;

/** User tags a wallpaper may carry. */
export const MAX_USER_TAGS = 32;

/** Why a folder (or source) tag cannot be removed: the folders decide it, so a removal by hand
 * would come back at the next scan; the way to change it is to rename or move the folder. */
function folderTagKept(id: string, tag: string): WallpaperError {
  const source = /^source:(.+)$/.exec(tag)?.[1];
  const why = source
    ? `it marks the wallpapers fetched by the source ${source}`
    : 'it is a folder tag (a folder its file is in has that name); rename or move the folder to change it';
  return new WallpaperError('folder_tag', `cannot remove tag ${JSON.stringify(tag)} from ${id}: ${why}`);
}

export function createCuration(store: Store, get: (id: string) => Wallpaper | undefined): Curation {
  const groups = new VersionedCache<DuplicateGroupRecords[]>({ maxEntries: 1 });

  const validTags = (tags: unknown): string[] => {
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) {
      throw new WallpaperError('invalid_param', 'invalid tags: expected a JSON array of tag names (strings)');
    }
    const normal = tags.map((tag: string) => parseTag(tag));
    const unique = [...new Set(normal)];
    if (unique.length > MAX_USER_TAGS)
      throw new WallpaperError('invalid_param', `invalid tags: ${unique.length} given, at most ${MAX_USER_TAGS}`);
    return unique;
  };

  const curation: Curation = {
    resolveWallpaper(idOrPath) {
      if (get(idOrPath)) return idOrPath;
      const byPath = store.idOfPath(resolvePath(idOrPath));
      if (!byPath && SHORT_PREFIX.test(idOrPath))
        throw new WallpaperError(
          'invalid_param',
          `invalid id ${JSON.stringify(idOrPath)}: an id prefix needs at least 4 hex characters (a whole id has 16)`,
        );
      if (byPath || !ID_PREFIX.test(idOrPath)) return byPath;
      const matches = store.idsStartingWith(idOrPath.toLowerCase(), SHOWN_CANDIDATES + 1);
      if (matches.length <= 1) return matches[0];
      const shown = matches.slice(0, SHOWN_CANDIDATES).join(', ');
      throw new WallpaperError(
        'invalid_param',
        `ambiguous id ${JSON.stringify(idOrPath)}: it begins ${matches.length > SHOWN_CANDIDATES ? `${shown} and more` : shown}; give more of the id`,
      );
    },
    setMark(id, mark, on) {
      return store.setMark(id, mark, on) ? get(id) : undefined;
    },
    setTags(id, tags) {
      const valid = validTags(tags);
      if (!get(id)) return undefined;
      store.setUserTags(id, valid);
      return get(id);
    },
    editTags(id, add, remove) {
      if (!get(id)) return undefined;
      const removed = new Set(validTags([...remove]));
      const fromFolders = new Set(store.folderTagsOf(id));
      const fixed = [...removed].find((tag) => fromFolders.has(tag));
      if (fixed !== undefined) throw folderTagKept(id, fixed);
      // setTags validates what is added.
      return curation.setTags(id, [...store.userTags(id).filter((tag) => !removed.has(tag)), ...add]);
    },
    tags: () => store.tagCounts(),
    duplicates() {
      const version = store.version();
      const cached = groups.get(version, 'all');
      if (cached) return cached;
      const found = groupDuplicates(store.candidates(), store.distinctPairs(), (ids) => store.grids(ids)).map((group) => ({
        ...group,
        wallpapers: group.ids.flatMap((id) => get(id) ?? []),
      }));
      groups.set(version, 'all', found);
      return found;
    },
    markDistinct(ids) {
      const unknown = ids.find((id) => !get(id));
      if (unknown !== undefined) throw new WallpaperError('not_found', `no wallpaper with id ${JSON.stringify(unknown.slice(0, 64))}`);
      if (new Set(ids).size < 2) throw new WallpaperError('invalid_param', 'invalid ids: give at least two different wallpapers');
      store.markDistinct([...new Set(ids)]);
    },
  };
  return curation;
}
