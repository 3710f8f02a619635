// In-memory table of the files the image and thumbnail routes send, keyed by wallpaper id, so a
// request is one Map lookup (no index read, no header building) before the file is opened, and a
// cached thumbnail no file system call at all. The whole table belongs to one token (the index
// version, plus thumbnail_size for thumbnails): any commit by this or another process, or a new
// size, empties it. Thumbnail bytes are kept within a byte budget and checked against the file by
// one stat (size and mtime) on every request, so a thumbnail deleted or replaced behind the index's
// back is re-made or re-read at once, as before the table (measured: a stat per request still sends
// 2.3x sirv's rate, a 1 s trust window 2.5x: not worth serving a deleted file's bytes for a second).
import type { FileSlot, PreparedFile } from './send.js';

/** Entries kept per table: beyond, the oldest go (a random/image run over a 100k library would
 * otherwise keep a slot per wallpaper, ~1 KB each). */
const MAX_ENTRIES = 10_000;
/** Thumbnail bytes kept in memory: ~1,500 thumbnails of 43 KiB, a gallery's working set. */
export const MEMORY_BYTES = 64 * 1024 * 1024;

export interface TableEntry extends FileSlot {
  /** The file's bytes with their prepared answers, when kept in memory. */
  memory?: { file: PreparedFile; bytes: Buffer } | undefined;
}

export class FileTable {
  private token = '';
  private readonly entries = new Map<string, TableEntry>();
  private memoryBytes = 0;

  /** The entry of `id` at `token`; a new token empties the table first. */
  get(token: string, id: string): TableEntry | undefined {
    if (token !== this.token) {
      this.entries.clear();
      this.memoryBytes = 0;
      this.token = token;
      return undefined;
    }
    return this.entries.get(id);
  }

  set(id: string, entry: TableEntry): void {
    this.drop(id);
    this.entries.set(id, entry);
    if (entry.memory) this.memoryBytes += entry.memory.bytes.length;
    this.trim();
  }

  drop(id: string): void {
    const old = this.entries.get(id);
    if (!old) return;
    if (old.memory) this.memoryBytes -= old.memory.bytes.length;
    this.entries.delete(id);
  }

  /** Keep the bytes of an entry already in the table (within the budget). */
  keep(id: string, entry: TableEntry, file: PreparedFile, bytes: Buffer): void {
    if (this.entries.get(id) !== entry || bytes.length > MEMORY_BYTES) return;
    if (entry.memory) this.memoryBytes -= entry.memory.bytes.length;
    entry.memory = { file, bytes };
    this.memoryBytes += bytes.length;
    this.trim();
  }

  /** Oldest entries first out, until both bounds hold. */
  private trim(): void {
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.memoryBytes <= MEMORY_BYTES) break;
      if (this.entries.size > MAX_ENTRIES) this.drop(id);
      else if (entry.memory) {
        this.memoryBytes -= entry.memory.bytes.length;
        entry.memory = undefined;
      }
    }
  }

  /** Bytes held in memory (for tests). */
  get heldBytes(): number {
    return this.memoryBytes;
  }
}
