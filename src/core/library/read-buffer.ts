// A scan worker's one buffer for the files it reads (docs/design.md#a-real-library): a new buffer
// per file made V8 count each file as new outside memory and answer with full collections on the
// main thread, where the scan's hashing, analysis and sharp's calls wait. Each read returns a view of
// the buffer, valid until the same reader's next read.
import { open } from 'node:fs/promises';

/** A buffer larger than this is not kept for a file under half its size: one huge file does not
 * hold its memory through the rest of a scan. */
const KEEP_LARGE_BYTES = 64 * 1024 * 1024;

/** The least a reader holds once it has read (a file larger than the walk saw grows from here). */
const MIN_BYTES = 64 * 1024;

/** A size for `wanted` bytes: doubled while small, so a scan's growing files make few buffers. */
const sizeFor = (capacity: number, wanted: number): number =>
  Math.max(wanted, MIN_BYTES, capacity * 2 > KEEP_LARGE_BYTES ? 0 : capacity * 2);

export class ReadBuffer {
  private buffer: Buffer = Buffer.alloc(0);

  /** The whole file (read to its end, whatever the walk saw), as a view of this reader's buffer.
   * @param sizeHint the size the walk saw: the buffer is made that large at once. */
  async read(path: string, sizeHint: number): Promise<Buffer> {
    // One byte more than the file, so the read that finds its end needs no larger buffer.
    const wanted = sizeHint + 1;
    if (this.buffer.length < wanted) this.buffer = Buffer.allocUnsafeSlow(sizeFor(this.buffer.length, wanted));
    else if (this.buffer.length > KEEP_LARGE_BYTES && wanted * 2 < this.buffer.length)
      this.buffer = Buffer.allocUnsafeSlow(Math.max(wanted, MIN_BYTES));
    const file = await open(path, 'r');
    try {
      let length = 0;
      for (;;) {
        // The file grew since the walk.
        if (length === this.buffer.length) this.grow(Math.max(length * 2, MIN_BYTES), length);
        const { bytesRead } = await file.read(this.buffer, length, this.buffer.length - length, null);
        if (bytesRead === 0) return this.buffer.subarray(0, length);
        length += bytesRead;
      }
    } finally {
      await file.close();
    }
  }

  /** Bytes held between reads (for tests). */
  get capacity(): number {
    return this.buffer.length;
  }

  private grow(size: number, keep: number): void {
    const larger = Buffer.allocUnsafeSlow(size);
    this.buffer.copy(larger, 0, 0, keep);
    this.buffer = larger;
  }
}
