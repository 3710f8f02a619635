// Which folders make tags. A folder tag says what a picture is of, taken from how its
// owner sorted the files: `Wallpapers/nature/mountains/a.jpg` is tagged nature, mountains. So only
// the folders *below* the library folder count (never the library folder itself nor its ancestors:
// they say where the library is, not what is in it), and of those none that says nothing about the
// picture. A library folder holding unpacked packages (`dpkg-deb -x`, a copied `/usr/share`) reads
// `usr/share/wallpapers/Name/contents/images/1920x1080.jpg`; a user expects the tag `name` there,
// not `usr`, `share`, `wallpapers` or `1920x1080`. Left out, by rule:
// - system path parts (the file system's layout on Linux, macOS and Windows);
// - generic names of picture folders ("wallpapers", "pictures": every file of a library is one);
// - the inside of a KDE package (`contents`, `images`, `images_dark`: docs/design.md#titles);
// - size and resolution folders (`128x128`, `1920x1080`, `1080p`, `4k`, `hd`, `scalable`): a size
//   is a filter (`min_width`, `ratio`), and packages split one picture into one folder per size.
// Names are compared after normalTag (lowercase, spaces folded), so `Wallpapers` and `WALLPAPERS`
// are one name.
import { relative, sep } from 'node:path';
import { packageInside } from '../packages/index.js';
import { normalTag } from '../query/index.js';

/** Parts of system paths: where a tree of files sits, not what its pictures show. */
const SYSTEM_PARTS = [
  ...['usr', 'local', 'share', 'opt', 'home', 'srv', 'var', 'lib', 'mnt', 'media', 'tmp', 'root'],
  ...['users', 'library', 'system', 'windows', 'web', 'programdata'], // macOS and Windows
];

/** Generic names of folders of pictures: in a wallpaper library every file is one. */
const GENERIC_PARTS = [
  ...['wallpapers', 'wallpaper', 'backgrounds', 'background', 'desktop pictures', 'desktop backgrounds'],
  ...['images', 'image', 'img', 'imgs', 'pictures', 'picture', 'pics', 'photos', 'pixmaps', 'icons'],
  ...['contents', 'images_dark', 'thumbnails', 'thumbs', 'previews', 'screenshots'],
];

/** Size and resolution words: a package's one-folder-per-size layout, never a subject. */
const SIZE_WORDS = ['hd', 'fhd', 'qhd', 'wqhd', 'uhd', 'sd', 'hidpi', 'lodpi', 'retina', 'scalable', 'full hd', 'ultra hd'];
/** `128x128`, `1920x1080`, `1920 × 1080`, `48x48@2`, `256x256@2x`; `1080p`, `2160p`; `4k`, `5k`, `8k`. */
const SIZE_PATTERN = /^(\d+ ?[x×] ?\d+(@\d+x?)?|\d{3,4}p|\d{1,2}k)$/;

const SKIPPED = new Set([...SYSTEM_PARTS, ...GENERIC_PARTS, ...SIZE_WORDS]);

/** The tag a folder name makes, or undefined when it makes none (the rule above). */
export function folderTagOf(name: string): string | undefined {
  const tag = normalTag(name);
  if (tag === undefined || SKIPPED.has(tag) || SIZE_PATTERN.test(tag)) return undefined;
  return tag;
}

/** The folder tags of a file: the subfolders below the library folder that holds it (the nearest
 * one when library folders nest), by folderTagOf. */
export function folderTags(path: string, folders: readonly string[]): string[] {
  const root = folders
    .filter((folder) => path.startsWith(folder.endsWith(sep) ? folder : folder + sep))
    .sort((a, b) => b.length - a.length)[0];
  if (!root) return [];
  const inside = packageInside(path);
  const parts = inside ? relative(root, inside).split(sep) : relative(root, path).split(sep).slice(0, -1);
  return [...new Set(parts.flatMap((part) => (part && !part.startsWith('..') ? (folderTagOf(part) ?? []) : [])))];
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
