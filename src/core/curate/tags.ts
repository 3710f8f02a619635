// Tags: every subfolder between a library folder and a file names one (`Wallpapers/nature/
// mountains/a.jpg`: nature, mountains), except the folders inside a KDE wallpaper package
// (`contents`, `images`, `images_dark`: CONTRACT.md 7.6), plus the user's own. What a tag name may
// be is query/tag-words.ts's rule.
import { relative, sep } from 'node:path';
import { normalTag } from '../query/index.js';
import { packageInside } from '../packages/index.js';

/** The folder tags of a file: the subfolders below the library folder that holds it. */
export function folderTags(path: string, folders: readonly string[]): string[] {
  const root = folders
    .filter((folder) => path.startsWith(folder.endsWith(sep) ? folder : folder + sep))
    .sort((a, b) => b.length - a.length)[0];
  if (!root) return [];
  const inside = packageInside(path);
  const parts = inside ? relative(root, inside).split(sep) : relative(root, path).split(sep).slice(0, -1);
  return [...new Set(parts.flatMap((part) => (part && !part.startsWith('..') ? (normalTag(part) ?? []) : [])))];
}

/** The folder tags of every wallpaper, from all the files that hold its bytes. */
export function folderTagsById(files: readonly [path: string, id: string][], folders: readonly string[]): Map<string, string[]> {
  const tags = new Map<string, Set<string>>();
  for (const [path, id] of files) {
    const found = folderTags(path, folders);
    if (found.length === 0) continue;
    const set = tags.get(id) ?? new Set<string>();
    for (const tag of found) set.add(tag);
    tags.set(id, set);
  }
  return new Map([...tags].map(([id, set]) => [id, [...set]]));
}
