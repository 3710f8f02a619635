// Opening a wallpaper's file only while it is still the file the index recorded (docs/design.md#identity).
// An id promises particular bytes: a file replaced, edited, truncated or swapped for a link to
// /etc/passwd after indexing must never be sent under it. The check is made on the opened
// descriptor (fstat), not on the path, so a swap between the check and the read cannot win; the
// caller reads from that very descriptor. I/O only; the store says what was recorded.
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { readRange } from '../common/index.js';
import type { IndexedFile } from '../store/index.js';
import type { OpenedFile } from '../types.js';

/** Open errors that mean "this path does not hold the file now" (gone, away, swapped for a folder,
 * a link loop, no longer readable): try the next path. Anything else (out of descriptors, I/O
 * faults) is the server's problem and is thrown. */
const NOT_THERE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'EISDIR', 'ENXIO', 'ENAMETOOLONG']);

/**
 * Open the first of `files` (best first) whose opened descriptor is a regular file of the recorded
 * size and mtime (whole milliseconds, as the walk records them).
 * O_NONBLOCK: a file swapped for a FIFO would otherwise block the open (and a libuv thread) until a
 * writer appears; on a regular file the flag changes nothing.
 * @param onStale called with each path that no longer matches, so it can be queued for a rescan
 */
export async function openIndexed(files: readonly IndexedFile[], onStale: (path: string) => void): Promise<OpenedFile | undefined> {
  for (const file of files) {
    let handle: FileHandle;
    try {
      handle = await open(file.path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
      if (!NOT_THERE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      onStale(file.path);
      continue;
    }
    try {
      const info = await handle.stat();
      if (info.isFile() && info.size === file.size && Math.trunc(info.mtimeMs) === file.mtimeMs) {
        return { handle, path: file.path, size: info.size, mtimeMs: info.mtimeMs };
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    onStale(file.path);
  }
  return undefined;
}

/** The whole file from an opened descriptor; fewer bytes than expected means it changed under us. */
export const readOpened = (file: OpenedFile): Promise<Buffer> => readRange(file.handle, 0, file.size);
