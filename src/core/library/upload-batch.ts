// One upload request's files, from first byte to library: the core hands out the temp files (hidden
// and named after this process, so a later start can sweep those of a killed server), places them
// with commit(), and discard() removes whatever is left on every path. The HTTP face only streams
// bytes into the paths it is given.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadTempName } from './intake.js';
import type { UploadBatch, UploadedFile, Wallpaper } from '../types.js';

export async function startUploadBatch(
  folder: string,
  add: (files: readonly UploadedFile[]) => Promise<Wallpaper[]>,
): Promise<UploadBatch> {
  await mkdir(folder, { recursive: true });
  const files: UploadedFile[] = [];
  return {
    file(originalName) {
      const tempPath = join(folder, uploadTempName());
      files.push({ tempPath, originalName });
      return tempPath;
    },
    get size() {
      return files.length;
    },
    commit: () => add(files),
    async discard() {
      await Promise.all(files.map(({ tempPath }) => rm(tempPath, { force: true })));
    },
  };
}
