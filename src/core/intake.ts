// Uploaded files into the library: decode to decide the type (never the client's name or type),
// place under a sanitised name with the detected extension, index. All or nothing.
import { readFile, rm, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { placeWithoutClobber } from './files.js';
import type { Store } from './store.js';
import type { ThumbnailCache } from './thumbnails.js';
import type { Settings, UploadedFile, Wallpaper } from './types.js';

const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
/** Long names are cut: file systems allow 255 bytes, and a name is for people to read. */
const MAX_STEM_LENGTH = 100;

/** A safe base name from an untrusted client name: no folders, no leading dots, no odd characters. */
export function sanitiseStem(originalName: string): string {
  const base = basename(originalName.replaceAll('\\', '/'));
  const stem = base.slice(0, base.length - extname(base).length) || base;
  const clean = stem
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+,=@-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, MAX_STEM_LENGTH)
    .trim();
  return clean || 'upload';
}

export async function intake(
  files: readonly UploadedFile[],
  context: { store: Store; thumbnails: ThumbnailCache; settings: Settings },
): Promise<Wallpaper[]> {
  const { store, thumbnails, settings } = context;
  const placed: string[] = [];
  try {
    const { analyzeImage } = await import('./analyze.js');
    // Decode every file before placing any, so a refused file leaves nothing behind.
    const analysed = [];
    for (const file of files) {
      const bytes = await readFile(file.tempPath);
      analysed.push({ file, ...(await analyzeImage(bytes, settings.thumbnail_size)) });
    }
    const results: Wallpaper[] = [];
    for (const { file, analysis, thumbnail } of analysed) {
      const existing = store.get(analysis.id);
      if (existing) {
        await rm(file.tempPath, { force: true });
        results.push(existing);
        continue;
      }
      const name = `${sanitiseStem(file.originalName)}.${EXTENSIONS[analysis.format]}`;
      const path = await placeWithoutClobber(file.tempPath, settings.upload_folder, name);
      placed.push(path);
      await thumbnails.write(analysis.id, settings.thumbnail_size, thumbnail);
      const info = await stat(path);
      store.writeFiles([{ path, state: { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) }, analysis }], new Date().toISOString());
      results.push(store.get(analysis.id)!);
    }
    return results;
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
    store.removeFiles(placed);
    await Promise.all(placed.map((path) => rm(path, { force: true })));
    throw error;
  }
}
