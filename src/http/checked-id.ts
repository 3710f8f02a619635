// The one check of a wallpaper id in a URL, shared by every route that takes one: a malformed id is
// the spec's 404 before anything touches the index or the disk.
import { WallpaperError, isId } from '../core/index.js';

/** An id is checked before anything touches the index or the disk. */
export function checkedId(id: string | undefined): string {
  if (!isId(id ?? '')) throw new WallpaperError('not_found', 'no wallpaper with this id: an id is 16 lowercase hex characters');
  return id!;
}
