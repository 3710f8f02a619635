// A wallpaper as the API serves it: the index's record with the URLs of the spec, in its order, and
// the additions of docs/design.md#beyond-the-specification after them.
import type { StoredWallpaper } from './sql.js';
import type { Wallpaper } from '../types.js';

/** The record as the API serves it: the index's fields with the URLs of the spec, in its order. */
export function withUrls(stored: StoredWallpaper): Wallpaper {
  const { id, filename, path, palette, favorite, hidden, tags, pair_id, title, source, dynamic, ...rest } = stored;
  const url = `/api/wallpapers/${id}/image`;
  const thumbnail_url = `/api/wallpapers/${id}/thumbnail`;
  // After the spec's fields (docs/design.md#beyond-the-specification): a last segment that names the file, for clients that
  // name or block downloads by it.
  const download_url = `/api/wallpapers/${id}/download/${encodeURIComponent(filename)}`;
  return {
    id,
    filename,
    path,
    url,
    thumbnail_url,
    ...rest,
    download_url,
    palette,
    favorite,
    hidden,
    tags,
    pair_id: pair_id ?? null,
    title,
    source: source ?? null,
    dynamic: dynamic ?? null,
  };
}
