// The one bounded-cache primitive (on isaacs' lru-cache): least recently used out first, bounded by
// entries and, where values differ in weight, by a size budget. Every cache of the project is one of
// these, and every cache of answers that depend on the index is a VersionedCache: it belongs to one
// index version and empties itself when the version changes, so no cached answer outlives a commit
// by this process or another.
import { LRUCache } from 'lru-cache';

export interface CacheBounds<V> {
  /** Most entries kept. */
  maxEntries: number;
  /** Largest total size (in `sizeOf` units, e.g. bytes) kept; needs `sizeOf`. Default: unbounded. */
  maxSize?: number;
  /** The size of one value; a value larger than `maxSize` alone is not kept at all. */
  sizeOf?: (value: V, key: string) => number;
}

/** A bounded LRU map from string keys to values. */
export function boundedCache<V extends {}>(bounds: CacheBounds<V>): LRUCache<string, V> {
  const { maxEntries, maxSize, sizeOf } = bounds;
  if (maxSize === undefined || !sizeOf) return new LRUCache<string, V>({ max: maxEntries });
  // lru-cache wants a positive whole size: an empty value still costs one unit.
  return new LRUCache<string, V>({ max: maxEntries, maxSize, sizeCalculation: (value, key) => Math.max(1, sizeOf(value, key)) });
}

/** A bounded LRU cache of answers valid for one index version (or any token that changes with them). */
export class VersionedCache<V extends {}> {
  private version: string | undefined;
  private readonly entries: LRUCache<string, V>;

  constructor(bounds: CacheBounds<V>) {
    this.entries = boundedCache(bounds);
  }

  /** The value of `key` at `version`; a new version empties the cache first. */
  get(version: string, key: string): V | undefined {
    this.follow(version);
    return this.entries.get(key);
  }

  /** Keep `value` for `key` at `version` (or re-weigh it after it changed). */
  set(version: string, key: string, value: V): void {
    this.follow(version);
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Entries and total size held now (for tests and diagnostics). */
  get stats(): { entries: number; size: number } {
    return { entries: this.entries.size, size: this.entries.calculatedSize ?? 0 };
  }

  private follow(version: string): void {
    if (version === this.version) return;
    this.entries.clear();
    this.version = version;
  }
}
