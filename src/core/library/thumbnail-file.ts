// A wallpaper's thumbnail as a file to send: the cached one described by one stat, else made once
// (thumbnails.ts) from a source file that is still what was indexed.
import { stat } from 'node:fs/promises';
import { goneFromDisk } from '../common/index.js';
import type { ThumbnailCache } from './thumbnails.js';
import type { ImageFile, OpenedFile, Wallpaper } from '../types.js';
import { readOpened } from './verify.js';
import { loadAnalyzer } from '../analysis/index.js';

export interface ThumbnailSource {
  get(id: string): Wallpaper | undefined;
  openFile(id: string): Promise<OpenedFile | undefined>;
  thumbnails: ThumbnailCache;
  /** The thumbnail_size setting. */
  size: number;
}

/** The thumbnail of wallpaper `id`; undefined for an unknown id. */
export async function thumbnailFile(id: string, { get, openFile, thumbnails, size }: ThumbnailSource): Promise<ImageFile | undefined> {
  const wallpaper = get(id);
  if (!wallpaper) return undefined;
  // The cached thumbnail is described by one stat; only a missing one goes through ensure().
  const path = thumbnails.pathOf(id, size);
  let info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info?.isFile()) {
    // Made from a source file that is still what was indexed; none left is not found, not a fault.
    const readSource = async () => {
      const opened = await openFile(id);
      if (!opened) throw goneFromDisk();
      try {
        return await readOpened(opened);
      } finally {
        await opened.handle.close();
      }
    };
    await thumbnails.ensure(id, size, readSource, async (bytes) => {
      const { makeThumbnail } = await loadAnalyzer();
      return makeThumbnail(bytes, size);
    });
    info = await stat(path);
  }
  const stem = wallpaper.filename.replace(/\.[^.]+$/, '');
  return { path, size: info.size, mtimeMs: info.mtimeMs, contentType: 'image/webp', filename: `${stem}-thumbnail.webp` };
}
