// The on-disk thumbnail cache: <home>/thumbnails/<size>/<first two hex>/<id>.webp. Keyed by size so a
// changed thumbnail_size never serves a stale thumbnail; a missing one is made on demand, once, even
// under concurrent requests for it.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/index.js';

export class ThumbnailCache {
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly cacheHome: string) {}

  pathOf(id: string, size: number): string {
    return join(this.cacheHome, 'thumbnails', String(size), id.slice(0, 2), `${id}.webp`);
  }

  async write(id: string, size: number, data: Uint8Array): Promise<void> {
    await writeFileAtomic(this.pathOf(id, size), data);
  }

  /** Drop the ids' thumbnails at every cached size. */
  async drop(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const sizes = await readdir(join(this.cacheHome, 'thumbnails')).catch(() => [] as string[]);
    await Promise.all(ids.flatMap((id) => sizes.map((size) => rm(this.pathOf(id, Number(size)), { force: true }))));
  }

  /**
   * The path of the thumbnail, making it from the bytes `read` gives with `make` if it is not cached.
   * Concurrent calls for the same thumbnail share one make.
   */
  async ensure(id: string, size: number, read: () => Promise<Buffer>, make: (bytes: Buffer) => Promise<Uint8Array>): Promise<string> {
    const path = this.pathOf(id, size);
    if (await exists(path)) return path;
    const key = `${size}/${id}`;
    let job = this.pending.get(key);
    if (!job) {
      job = (async () => {
        await this.write(id, size, await make(await read()));
        return path;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Temp files of writeFileAtomic: `.<name>.<hex>.tmp`. */
const TEMP_FILE = /^\..+\.[0-9a-f]+\.tmp$/;

/**
 * Remove the temp files a process killed in the middle of writing a thumbnail left in the cache of
 * `home` (nothing else ever removes them: they are hidden, and the cache is never scanned), when
 * older than `maxAgeMs`: a live write lasts milliseconds, and another process (a cron scan) may be
 * writing one right now. Returns how many were removed.
 */
export async function sweepThumbnailTemps(home: string, maxAgeMs: number): Promise<number> {
  const root = join(home, 'thumbnails');
  const now = Date.now();
  let removed = 0;
  for (const size of await readdir(root).catch(() => [] as string[])) {
    for (const prefix of await readdir(join(root, size)).catch(() => [] as string[])) {
      const dir = join(root, size, prefix);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!TEMP_FILE.test(name)) continue;
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile() && now - info.mtimeMs > maxAgeMs) {
          await rm(join(dir, name), { force: true });
          removed++;
        }
      }
    }
  }
  return removed;
}
