// Folders -> the image files under them with size and modification time. I/O only.
// A hand-rolled walk rather than fast-glob: fast-glob follows a symbolic-link loop forever (measured:
// a `loop -> ../..` link hangs it), and docs/design.md#identity wants links followed and loops not.
import { type Dirent, type Stats, stat as statCallback } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import type { FileState } from './diff.js';
import { oneLine } from '../errors.js';
import { INDEXED_EXTENSIONS } from '../formats/index.js';
import { TIMED_FILE_EXTENSIONS } from '../dynamic/index.js';

/** Extensions (lowercase, with the dot) of the files a library indexes (formats/table.ts). */
export const IMAGE_EXTENSIONS = new Set(INDEXED_EXTENSIONS.map((ext) => `.${ext}`));

/** Images, and the timed files (GNOME XML, .stw) that may be dynamic wallpapers (docs/design.md#the-time-of-day). */
const INDEXED_NAMES = new Set([...IMAGE_EXTENSIONS, ...TIMED_FILE_EXTENSIONS]);

export const isImageName = (name: string): boolean => !name.startsWith('.') && INDEXED_NAMES.has(extname(name).toLowerCase());

/** Image formats people keep beside wallpapers that no decoder here reads (docs/design.md#every-format):
 * reported as skipped, so they do not vanish silently. */
export const SKIPPED_EXTENSIONS: Readonly<Record<string, string>> = {
  '.jp2': 'JPEG 2000',
  '.jxr': 'JPEG XR',
  '.psd': 'Photoshop',
  '.xcf': 'GIMP',
  '.exr': 'OpenEXR',
};

/** Files that describe a wallpaper package (KDE Plasma, and the packages other desktops borrow):
 * the folder holding one has a `contents/` whose `screenshot.*` is a preview, not a wallpaper. */
const PACKAGE_METADATA = new Set(['metadata.json', 'metadata.desktop']);
const isPackagePreview = (name: string) => /^screenshot\.[^.]+$/i.test(name);

export interface WalkProblem {
  path: string;
  error: string;
}

export interface WalkResult {
  files: Map<string, FileState>;
  /** Image files of formats not indexed, with the reason. */
  skipped: { path: string; reason: string }[];
  /** Folders (given or found) that could not be read; files indexed under them must be kept. */
  unreachable: string[];
  problems: WalkProblem[];
}

/**
 * Walk `folders` recursively, skipping names that start with '.', following links but not loops.
 * @param skip folders never entered, by whatever path or link they are reached (the data home's
 *   thumbnail cache and trash, should a library folder hold the data home)
 */
export async function walkFolders(folders: readonly string[], skip: readonly string[] = []): Promise<WalkResult> {
  const result: WalkResult = { files: new Map(), skipped: [], unreachable: [], problems: [] };
  const visited = new Set<string>();
  for (const folder of skip) {
    const info = await stat(folder).catch(() => undefined);
    if (info?.isDirectory()) visited.add(`${info.dev}:${info.ino}`);
  }
  for (const folder of folders) {
    const root = resolve(folder);
    try {
      const info = await stat(root);
      if (!info.isDirectory()) throw new Error('not a directory');
    } catch (error) {
      result.unreachable.push(root);
      result.problems.push({ path: root, error: `folder cannot be read: ${oneLine(error)}` });
      continue;
    }
    await walkDirectory(root, visited, result, false);
  }
  result.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}

/** @param packageContents `dir` is the `contents/` folder of a wallpaper package: its screenshot is skipped */
async function walkDirectory(dir: string, visited: Set<string>, result: WalkResult, packageContents: boolean): Promise<void> {
  let entries: Dirent[];
  try {
    const info = await stat(dir);
    const key = `${info.dev}:${info.ino}`;
    if (visited.has(key)) return; // a loop, or a folder reached twice through links
    visited.add(key);
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    result.unreachable.push(dir);
    result.problems.push({ path: dir, error: `folder cannot be read: ${oneLine(error)}` });
    return;
  }

  const isPackage = entries.some((entry) => PACKAGE_METADATA.has(entry.name) && !entry.isDirectory());
  const subfolders: string[] = [];
  const toStat: Dirent[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (packageContents && isPackagePreview(entry.name)) continue;
    if (entry.isDirectory()) subfolders.push(join(dir, entry.name));
    else if (entry.isSymbolicLink() || (entry.isFile() && isImageName(entry.name))) toStat.push(entry);
    else if (entry.isFile()) skipIfImage(join(dir, entry.name), result);
    // sockets, fifos, devices and other files are never opened
  }
  const stats = await statAll(toStat.map((entry) => join(dir, entry.name)));
  toStat.forEach((entry, i) => {
    const path = join(dir, entry.name);
    const info = stats[i]!;
    if (info instanceof Error) {
      if (entry.isSymbolicLink()) result.problems.push({ path, error: `broken link: ${oneLine(info)}` });
      return; // a file that vanished between listing and stat is simply not there any more
    }
    if (info.isDirectory()) subfolders.push(path);
    else if (info.isFile() && isImageName(entry.name)) {
      const state: FileState = { size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
      if (entry.isSymbolicLink()) state.link = true;
      result.files.set(path, state);
    } else if (info.isFile()) skipIfImage(path, result);
  });
  // Folders one after another: walking siblings at once measured no faster, and on 100 folders of
  // 1,000 files it held 100,000 stat requests in flight (peak RSS 451 MB instead of 244 MB).
  for (const sub of subfolders) await walkDirectory(sub, visited, result, isPackage && basename(sub) === 'contents');
}

function skipIfImage(path: string, result: WalkResult): void {
  const format = SKIPPED_EXTENSIONS[extname(path).toLowerCase()];
  if (format) result.skipped.push({ path, reason: `${format} images are not indexed (no decoder for them here)` });
}

/** stat (following links) every path at once; one promise for the lot rather than one per file,
 * which measured at twice fast-glob's time on 10,000 files. */
function statAll(paths: readonly string[]): Promise<(Stats | Error)[]> {
  return new Promise((resolve) => {
    const results: (Stats | Error)[] = new Array(paths.length);
    let left = paths.length;
    if (left === 0) {
      resolve(results);
      return;
    }
    for (const [i, path] of paths.entries()) {
      statCallback(path, (error, info) => {
        results[i] = error ?? info;
        if (--left === 0) resolve(results);
      });
    }
  });
}
