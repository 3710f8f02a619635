// The on-disk variant cache: <cache home>/variants/<first two hex>/<id>-<key>.<ext>, kept within a
// byte budget (the `variant_cache_bytes` setting), least recently used out first, through the one
// LRU library the project uses (lru-cache; its dispose removes the file). A variant is made once:
// concurrent requests for the same one share one render; one larger than the whole budget is served
// from memory and not kept. The budget's bookkeeping is rebuilt from the folder on first use, oldest
// first, so a restart keeps what was made.
import { createHash } from 'node:crypto';
import { type FileHandle, open, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { writeFileAtomic } from '../common/index.js';
import type { VariantBody } from '../types.js';

/** A variant ready to send: an open descriptor of the cached file, or bytes that were not kept. */
export type { VariantBody };

/** Moved when the same query makes other bytes (2: AVIF at the size asked and crops chosen
 * on a reduced picture), so a variant made before is neither served from the cache folder nor
 * named by the same strong ETag; the old files leave as the least recently used. */
const RENDER_VERSION = 2;

/** A short hash of a variant's canonical query: its file name and the tail of its ETag. */
export const variantKey = (query: string): string => createHash('sha256').update(`${query}#${RENDER_VERSION}`).digest('hex').slice(0, 16);

export class VariantCache {
  private lru: LRUCache<string, number> | undefined;
  private loading: Promise<LRUCache<string, number>> | undefined;
  private readonly pending = new Map<string, Promise<VariantBody>>();
  /** Renders done by this process (tests count them). */
  rendered = 0;

  constructor(
    private readonly cacheHome: string,
    private readonly budget: () => number,
  ) {}

  private get root(): string {
    return join(this.cacheHome, 'variants');
  }

  /** The file of a variant: named by the id and the key of its canonical query. */
  pathOf(id: string, query: string, extension: string): string {
    return join(this.root, id.slice(0, 2), `${id}-${variantKey(query)}.${extension}`);
  }

  /** The cached variant, or one made by `make` (once, however many ask at the same time). */
  async get(id: string, query: string, extension: string, make: () => Promise<Buffer>): Promise<VariantBody> {
    const path = this.pathOf(id, query, extension);
    const lru = await this.bookkeeping();
    const cached = await openCached(path);
    if (cached) {
      if (!lru.has(path)) lru.set(path, cached.size);
      lru.get(path); // most recently used
      void utimes(path, new Date(), new Date(cached.mtimeMs)).catch(() => undefined); // survives a restart
      return cached;
    }
    const running = this.pending.get(path);
    if (running) {
      // A request that waited for another's render gets a descriptor of its own (or, if the file
      // was evicted meanwhile, asks again); bytes that were not kept are shared, read-only.
      const body = await running;
      return 'bytes' in body ? body : ((await openCached(path)) ?? this.get(id, query, extension, make));
    }
    const job = this.make(path, make, lru).finally(() => this.pending.delete(path));
    this.pending.set(path, job);
    return job;
  }

  private async make(path: string, make: () => Promise<Buffer>, lru: LRUCache<string, number>): Promise<VariantBody> {
    const bytes = await make();
    this.rendered++;
    const now = Date.now();
    if (bytes.length > this.budget()) return { bytes, size: bytes.length, mtimeMs: now };
    await writeFileAtomic(path, bytes);
    lru.set(path, bytes.length); // may dispose older ones, never this one
    return (await openCached(path)) ?? { bytes, size: bytes.length, mtimeMs: now };
  }

  /** The LRU of the files on disk, made once from the folder (oldest access first). */
  private async bookkeeping(): Promise<LRUCache<string, number>> {
    const budget = Math.max(1, this.budget());
    if (this.lru && this.lru.maxSize === budget) return this.lru;
    this.loading ??= (async () => {
      const lru = new LRUCache<string, number>({
        maxSize: budget,
        sizeCalculation: (size) => Math.max(1, size),
        dispose: (_size, path, reason) => {
          if (reason === 'evict' || reason === 'delete') void rm(path, { force: true });
        },
      });
      const known = this.lru ? ([...this.lru.rentries()] as [string, number][]) : await this.filesOnDisk();
      for (const [path, size] of known) lru.set(path, size);
      // One larger than the whole budget is never stored (and so never disposed): remove it here.
      await Promise.all(known.filter(([path]) => !lru.has(path)).map(([path]) => rm(path, { force: true })));
      this.lru = lru;
      return lru;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async filesOnDisk(): Promise<[string, number][]> {
    const files: [string, number, number][] = [];
    for (const prefix of await readdir(this.root).catch(() => [] as string[])) {
      for (const name of await readdir(join(this.root, prefix)).catch(() => [] as string[])) {
        if (name.startsWith('.')) continue;
        const info = await stat(join(this.root, prefix, name)).catch(() => undefined);
        if (info?.isFile()) files.push([join(this.root, prefix, name), info.size, info.atimeMs]);
      }
    }
    return files.sort((a, b) => a[2] - b[2]).map(([path, size]) => [path, size]);
  }

  /** Mark a warm variant's file used: in the LRU at once, on disk (its atime, read after a restart)
   * when `onDisk`. False when the budget changed since the bookkeeping was made: then the caller
   * goes through get(), which makes it again (and evicts what no longer fits). */
  touch(path: string, mtimeMs: number, onDisk: boolean): boolean {
    if (this.lru?.maxSize !== Math.max(1, this.budget())) return false;
    this.lru.get(path);
    if (onDisk) void utimes(path, new Date(), new Date(mtimeMs)).catch(() => undefined);
    return true;
  }

  /** Forget and remove every variant of these ids (their wallpapers left the library). */
  async drop(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const lru = await this.bookkeeping();
    const gone = [...lru.keys()].filter((path) => ids.some((id) => path.includes(`/${id}-`)));
    for (const path of gone) lru.delete(path);
    await Promise.all(gone.map((path) => rm(path, { force: true })));
  }

  /** What the cache holds now. */
  async stats(): Promise<{ entries: number; bytes: number; rendered: number }> {
    const lru = await this.bookkeeping();
    return { entries: lru.size, bytes: lru.calculatedSize, rendered: this.rendered };
  }
}

/** The cached file at `path` opened, with its size and mtime from the descriptor, or undefined. */
export async function openCached(path: string): Promise<{ handle: FileHandle; size: number; mtimeMs: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined; // not made yet, or evicted a moment ago
  }
  const info = await handle.stat();
  return { handle, size: info.size, mtimeMs: info.mtimeMs };
}
