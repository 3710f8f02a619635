// Uploaded files into the library: decode to decide the type (never the client's name or type),
// place under a sanitised name with the detected extension, index. All or nothing.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { placeWithoutClobber } from './files.js';
import type { Store } from './store/index.js';
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

/** Upload temp files: hidden (scans skip dot files), unguessable, and named after the process that
 * writes them, so a later start can tell the leftovers of a killed server from live uploads. */
const UPLOAD_TEMP = /^\.upload-(?:(\d+)-)?[0-9a-f]+\.part$/;

export const uploadTempName = (): string => `.upload-${process.pid}-${randomBytes(12).toString('hex')}.part`;

/** True while a process with this pid exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove upload temp files left in `folder` by a server that died mid-upload (SIGKILL, power cut):
 * those of a process that no longer exists, and any older than `maxAgeMs` (a live upload writes more
 * often than its idle timeout, so an older one is abandoned whoever wrote it). Returns the names
 * removed. A missing folder has nothing to sweep.
 */
export async function sweepStaleUploads(folder: string, maxAgeMs: number): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  const now = Date.now();
  for (const name of names) {
    const match = UPLOAD_TEMP.exec(name);
    if (!match) continue;
    const path = join(folder, name);
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    const orphaned = pid !== undefined && pid !== process.pid && !isAlive(pid);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (orphaned || now - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed.push(name);
    }
  }
  return removed;
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
