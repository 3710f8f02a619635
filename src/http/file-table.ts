// The HTTP face's byte cache: per wallpaper id, the facts and prepared answers of the file an image or
// thumbnail route sends, and for small files (thumbnails) their bytes, so a request is one lookup
// before the file is opened, and a cached thumbnail no file system call but one stat. Built on the
// core's one cache primitive: least recently used out first, bounded by entries and by bytes held,
// and emptied whenever its token (the index version, plus thumbnail_size for thumbnails) changes.
// Kept bytes are checked against the file by one stat (size and mtime) on every request, so a
// thumbnail deleted or replaced behind the index's back is re-made or re-read at once (what that
// stat costs, and the trust window that was tried instead, are in bench/RESULTS.md).
import { VersionedCache } from '../core/index.js';
import type { FileSlot, PreparedFile } from './prepared.js';

/** Entries kept per table: a random/image run over a 100k library would otherwise keep a slot per
 * wallpaper (~1 KB each). */
const MAX_ENTRIES = 10_000;
/** Thumbnail bytes kept in memory: ~1,500 thumbnails of 43 KiB, a gallery's working set. */
const MEMORY_BYTES = 64 * 1024 * 1024;

export interface TableEntry extends FileSlot {
  /** The file's bytes with their prepared answers, when kept in memory. */
  memory?: { file: PreparedFile; bytes: Buffer } | undefined;
}

export class FileTable {
  private readonly entries: VersionedCache<TableEntry>;

  constructor(bounds: { maxEntries?: number; memoryBytes?: number } = {}) {
    this.entries = new VersionedCache<TableEntry>({
      maxEntries: bounds.maxEntries ?? MAX_ENTRIES,
      maxSize: bounds.memoryBytes ?? MEMORY_BYTES,
      sizeOf: (entry) => entry.memory?.bytes.length ?? 0,
    });
  }

  /** The entry of `id` at `token` (a new token empties the table first); marks it recently used. */
  get(token: string, id: string): TableEntry | undefined {
    return this.entries.get(token, id);
  }

  set(token: string, id: string, entry: TableEntry): void {
    this.entries.set(token, id, entry);
  }

  drop(id: string): void {
    this.entries.delete(id);
  }

  /** Keep the bytes of an entry still in the table at `token` (weighed again; bytes larger than
   * the whole budget are not kept). */
  keep(token: string, id: string, entry: TableEntry, file: PreparedFile, bytes: Buffer): void {
    if (this.entries.get(token, id) !== entry) return;
    entry.memory = { file, bytes };
    this.entries.set(token, id, entry);
  }

  /** Entries, and bytes held in memory (an entry without bytes counts as 1), for tests. */
  get held(): { entries: number; bytes: number } {
    const { entries, size } = this.entries.stats;
    return { entries, bytes: size };
  }
}
