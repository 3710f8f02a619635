// Tags: every subfolder between a library folder and a file names one (`Wallpapers/nature/
// mountains/a.jpg`: nature, mountains), except the folders inside a KDE wallpaper package
// (`contents`, `images`, `images_dark`: CONTRACT.md 7.6), plus the user's own. Names are lowercase, trimmed, 1 to 64
// characters without commas or control characters, so a tag typed in any case or read from any
// folder name is one tag.
import { relative, sep } from 'node:path';
import { invalid } from '../params.js';
import { packageInside } from '../titles.js';

export const MAX_TAG_LENGTH = 64;

/** The tag a text names, or undefined when it cannot be one. */
export function normalTag(text: string): string | undefined {
  const tag = text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (tag === '' || tag.length > MAX_TAG_LENGTH || /[,\u0000-\u001f\u007f]/.test(tag)) return undefined;
  return tag;
}

/** The tag a text names; invalid_param naming `name` (the parameter or key) when it cannot be one. */
export function parseTag(text: string, name = 'tag'): string {
  const tag = normalTag(text);
  if (!tag) throw invalid(name, text, `a tag name (1 to ${MAX_TAG_LENGTH} characters, no commas or control characters)`);
  return tag;
}

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
