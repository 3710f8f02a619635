// Warm variants answered as cheaply as an image (frames and phones fetch the same few
// variants all day). The first answer of a variant leaves an entry per wallpaper and spec for the
// index version: the answer itself (type, name, ETag, box), the source file it was checked against
// (its path, size and mtime) and, for a small variant, its bytes. The next request then costs one
// stat of the source (the contract's check: a source changed behind the index is not found, cached
// variant or not; no byte of it is sent, so its path's state is enough) and no open, hash, fstat or
// write of the cached file: its bytes are in memory, or it is opened once to be streamed.
import { stat } from 'node:fs/promises';
import { VersionedCache } from '../common/index.js';

/** Variants of at most this many bytes are kept in memory: a phone's or a screen's WebP or JPEG. */
export const WARM_BYTES_EACH = 512 * 1024;
/** Memory held by warm variants' bytes, all together. */
export const WARM_BYTES = 32 * 1024 * 1024;
/** Entries kept (a few hundred bytes each without bytes). */
const WARM_ENTRIES = 4096;
/** How often a warm variant's file is marked used on disk (its atime orders the cache after a
 * restart; in memory the LRU is told on every request). */
const TOUCH_EVERY_MS = 60_000;

/** The source file a variant was made from, as it was when last checked. */
export interface CheckedSource {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface WarmEntry<F> {
  /** The answer, its body the bytes when they are kept (one object, so the HTTP face can keep its
   * prepared headers beside it), else the file's to be opened. */
  answer: F;
  source: CheckedSource;
  /** The cached file of the variant. */
  path: string;
  size: number;
  mtimeMs: number;
  bytes: Buffer | undefined;
  touchedAt: number;
}

export class WarmVariants<F> {
  /** Moved by clear(): part of every key's version, so what was kept before is never found. */
  private generation = 0;
  private readonly entries = new VersionedCache<WarmEntry<F>>({
    maxEntries: WARM_ENTRIES,
    maxSize: WARM_BYTES,
    sizeOf: (entry) => entry.bytes?.length ?? 0,
  });

  /** The entry of `key` at `version` when its source is still as checked, else undefined (and the
   * caller takes the slow path, which finds what changed). */
  async get(version: string, key: string): Promise<WarmEntry<F> | undefined> {
    const entry = this.entries.get(`${version}/${this.generation}`, key);
    if (!entry) return undefined;
    const info = await stat(entry.source.path).catch(() => undefined);
    if (info?.isFile() && info.size === entry.source.size && Math.trunc(info.mtimeMs) === Math.trunc(entry.source.mtimeMs)) return entry;
    this.entries.delete(key);
    return undefined;
  }

  set(version: string, key: string, entry: WarmEntry<F>): void {
    this.entries.set(`${version}/${this.generation}`, key, entry);
  }

  /** Whether the entry's file is due to be marked used on disk (and note that it is now). */
  due(entry: WarmEntry<F>, now = Date.now()): boolean {
    if (now - entry.touchedAt < TOUCH_EVERY_MS) return false;
    entry.touchedAt = now;
    return true;
  }

  /** Forget every entry (variants were dropped). */
  clear(): void {
    this.generation++;
  }
}
