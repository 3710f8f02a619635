// Small file-system helpers the core shares: atomic writes, moves across devices, no-clobber placing.
import { constants } from 'node:fs';
import { copyFile, type FileHandle, link, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { WallpaperError } from '../errors.js';
import { basename, dirname, extname, join, sep } from 'node:path';

/** Write via a temporary sibling and a rename, so readers never see half a file. The temporary name
 * is the process's and a random one's (another process has another pid): no crypto module to load. */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Rename, or copy and delete when source and target are on different devices. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}

/**
 * Move `from` into `folder` as `name`, or `name-1`, `name-2`... when taken; never overwrites.
 * Returns the final path. `link` (or an exclusive copy where links are not supported) fails on an
 * existing target, which makes the check and the placing one atomic step.
 */
export async function placeWithoutClobber(from: string, folder: string, name: string): Promise<string> {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 0; ; n++) {
    const target = join(folder, fitName(stem, n === 0 ? ext : `-${n}${ext}`));
    try {
      await linkOrCopy(from, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      // The file system refused the name itself (a shorter limit than 255 bytes, a character it
      // cannot store): the client's name is the problem, not the server.
      if (code === 'ENAMETOOLONG' || code === 'EILSEQ' || code === 'EINVAL') {
        throw new WallpaperError(
          'invalid_param',
          `invalid file name: the upload folder's file system cannot store ${JSON.stringify(basename(target))}`,
        );
      }
      throw error;
    }
    await unlink(from);
    return target;
  }
}

/** File systems allow 255 bytes a name (ext4, btrfs, XFS, APFS, NTFS in UTF-16 units, which UTF-8
 * bytes never undercount). */
const MAX_NAME_BYTES = 255;

/** Made on first use: a Segmenter loads ICU's break data (~15 ms), which every command paid at
 * start when this was a module constant. */
let graphemes: Intl.Segmenter | undefined;

/** `text` cut to at most `maxBytes` bytes of UTF-8, on a character boundary (whole graphemes: never
 * half a code point, never a letter without its combining mark). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let kept = '';
  let bytes = 0;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) {
    bytes += Buffer.byteLength(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/** `stem` + `tail` (collision suffix and extension) within MAX_NAME_BYTES, the stem cut to fit. */
export const fitName = (stem: string, tail: string): string => cutToBytes(stem, MAX_NAME_BYTES - Buffer.byteLength(tail)) + tail;

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    await copyFile(from, to, constants.COPYFILE_EXCL);
  }
}

/** The real path of `path` through links, for the part of it that exists (the rest appended). */
export function realPathOf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), path.slice(parent.length));
  }
}

/** Whether `path` is `folder` or lies inside it (both absolute and normalised). */
export const isWithin = (path: string, folder: string): boolean =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** Error codes meaning "the file is not there (any more)". */
const MISSING_FILE_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

export const isMissingFile = (error: unknown): boolean => MISSING_FILE_CODES.has((error as NodeJS.ErrnoException)?.code ?? '');

/** An indexed file deleted or moved behind the index's back: not found until the next rescan. */
export const goneFromDisk = (): WallpaperError =>
  new WallpaperError('not_found', 'the file of this wallpaper is gone from disk; a rescan will update the library');

/** Up to `length` bytes of an open file from `start`: fewer when it shrank behind our back. */
export async function readRange(handle: FileHandle, start: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read === length ? buffer : buffer.subarray(0, read);
}

const MAX_STEM_LENGTH = 100;

/** A safe base name from an untrusted client name: no folders, no leading dots, no odd characters,
 * at most MAX_STEM_LENGTH characters (whole graphemes, never half a code point). */
export function sanitiseStem(originalName: string): string {
  const base = basename(originalName.replaceAll('\\', '/'));
  const stem = base.slice(0, base.length - extname(base).length) || base;
  const tidy = (text: string) => text.replace(/^[\s.-]+|[\s.-]+$/g, '');
  const clean = tidy(
    stem
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N} ._()+,=@-]+/gu, '-')
      .replace(/-{2,}/g, '-'),
  );
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(clean)].map(({ segment }) => segment);
  return tidy(graphemes.slice(0, MAX_STEM_LENGTH).join('')) || 'upload';
}
