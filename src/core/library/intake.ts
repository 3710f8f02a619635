// Uploaded files into the library: decode to decide the type (never the client's name or type),
// place under a sanitised name with the detected extension, index. All or nothing.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlive, placeWithoutClobber, sanitiseStem } from '../common/index.js';
import type { Store, StoredWallpaper } from '../store/index.js';
import { extensionOf } from '../formats/index.js';
import type { ThumbnailCache } from './thumbnails.js';
import type { Settings, UploadedFile } from '../types.js';
import { type Analyzer, loadAnalyzer } from '../analysis/index.js';

/** Long names are cut: a name is for people to read. (The file system's 255 bytes, suffix and
 * extension included, are placeWithoutClobber's to keep.) */

/** Upload temp files: hidden (scans skip dot files), unguessable, and named after the process that
 * writes them, so a later start can tell the leftovers of a killed server from live uploads. */
const UPLOAD_TEMP = /^\.upload-(?:(\d+)-)?[0-9a-f]+\.part$/;

export const uploadTempName = (): string => `.upload-${process.pid}-${randomBytes(12).toString('hex')}.part`;

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

/** What intake needs of the library: the index, the thumbnail cache, the settings, and `exclusive`,
 * which runs placing steps one at a time (uploads of the same bytes at once write one file). */
export interface IntakeContext {
  store: Store;
  thumbnails: ThumbnailCache;
  settings: Settings;
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
}

export async function intake(files: readonly UploadedFile[], context: IntakeContext): Promise<StoredWallpaper[]> {
  const { settings } = context;
  try {
    const { analyzeImage } = await loadAnalyzer();
    // Decode every file before placing any (decodes of different requests run side by side), so a
    // refused file leaves nothing behind.
    const analysed: Analysed[] = [];
    for (const file of files) {
      const bytes = await readFile(file.tempPath);
      analysed.push({ file, ...(await analyzeImage(bytes, settings.thumbnail_size)) });
    }
    // Checking for the bytes and placing them is one step per request: ten concurrent uploads of one
    // image each found it absent and wrote a file of their own, and a request that fails half-way
    // must not have lent its files to another's answer.
    return await context.exclusive(() => place(analysed, context));
  } finally {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
  }
}

type Analysed = { file: UploadedFile } & Awaited<ReturnType<Analyzer['analyzeImage']>>;

/** Place and index analysed uploads, all or nothing. */
async function place(analysed: readonly Analysed[], { store, thumbnails, settings }: IntakeContext): Promise<StoredWallpaper[]> {
  const placed: string[] = [];
  try {
    const results: StoredWallpaper[] = [];
    for (const { file, analysis, thumbnail } of analysed) {
      const existing = store.get(analysis.id);
      if (existing) {
        results.push(existing);
        continue;
      }
      const name = `${sanitiseStem(file.originalName)}.${extensionOf(analysis.format)}`;
      const path = await placeWithoutClobber(file.tempPath, settings.upload_folder, name);
      placed.push(path);
      await thumbnails.write(analysis.id, settings.thumbnail_size, thumbnail);
      const info = await stat(path);
      store.writeFiles([{ path, state: { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) }, analysis }], new Date().toISOString());
      results.push(store.get(analysis.id)!);
    }
    return results;
  } catch (error) {
    store.removeFiles(placed);
    await Promise.all(placed.map((path) => rm(path, { force: true })));
    throw error;
  }
}
