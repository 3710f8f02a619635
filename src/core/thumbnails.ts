// The on-disk thumbnail cache: <home>/thumbnails/<size>/<first two hex>/<id>.webp. Keyed by size so a
// changed thumbnail_size never serves a stale thumbnail; a missing one is made on demand, once, even
// under concurrent requests for it.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './files.js';

export class ThumbnailCache {
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly home: string) {}

  pathOf(id: string, size: number): string {
    return join(this.home, 'thumbnails', String(size), id.slice(0, 2), `${id}.webp`);
  }

  async write(id: string, size: number, data: Uint8Array): Promise<void> {
    await writeFileAtomic(this.pathOf(id, size), data);
  }

  /** Drop the ids' thumbnails at every cached size. */
  async drop(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const sizes = await readdir(join(this.home, 'thumbnails')).catch(() => [] as string[]);
    await Promise.all(ids.flatMap((id) => sizes.map((size) => rm(this.pathOf(id, Number(size)), { force: true }))));
  }

  /**
   * The path of the thumbnail, making it from `source` with `make` if it is not cached.
   * Concurrent calls for the same thumbnail share one make.
   */
  async ensure(id: string, size: number, source: string, make: (bytes: Buffer) => Promise<Uint8Array>): Promise<string> {
    const path = this.pathOf(id, size);
    if (await exists(path)) return path;
    const key = `${size}/${id}`;
    let job = this.pending.get(key);
    if (!job) {
      job = (async () => {
        await this.write(id, size, await make(await readFile(source)));
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
