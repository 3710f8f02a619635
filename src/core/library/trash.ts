// Deleting a wallpaper never destroys it (docs/design.md#http-rules): its files move into `trash/` in
// the data home, named by time and id so that two deletes of one name never collide.
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { WallpaperError } from '../errors.js';
import { moveFile } from '../common/index.js';

/** Move every one of `paths` (the files of wallpaper `id`) into `trash`; a file already gone is fine. */
export async function moveToTrash(trash: string, id: string, paths: readonly string[]): Promise<void> {
  await mkdir(trash, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const path of paths) {
    try {
      await moveFile(path, join(trash, `${stamp}-${id}-${basename(path)}`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new WallpaperError('io_failed', `cannot move ${basename(path)} to the trash: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  }
}
