// A wallpaper's title (docs/design.md#titles): the name its package gives it, found at each scan
// that changed a file, else its file name without the extension.
// - KDE packages (`NAME/contents/images/5120x2880.jpg`, `images_dark/`): `NAME/metadata.json`'s
//   KPlugin.Name, else `NAME/metadata.desktop`'s unlocalised `Name=`.
// - GNOME-style background lists (`<name>` of a `<wallpaper>`, for its `<filename>` and
//   `<filename-dark>`): Debian installs them in `/usr/share/*-background-properties/*.xml` (GNOME's,
//   MATE's, UKUI's) beside `/usr/share/backgrounds/`, naming files by absolute `/usr/share/...`
//   paths. They are looked for in every library folder and each of its parent folders, and a path
//   under `.../share/` is read relative to the `share` folder holding the XML too, so a package
//   unpacked elsewhere (`dpkg-deb -x`) is named like an installed one.
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, extname, join, sep } from 'node:path';

/** The title a file has without a package: its name without the extension. */
export const stemOf = (filename: string): string => basename(filename, extname(filename)) || filename;

const KDE_IMAGE = /^(.*)[/\\]contents[/\\](images|images_dark)[/\\][^/\\]+$/;
/** A title is one line of at most this many characters. */
const MAX_TITLE = 200;
const clean = (text: unknown): string | undefined => {
  if (typeof text !== 'string') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return line ? line.slice(0, MAX_TITLE) : undefined;
};

/** The name a KDE package's metadata gives it. */
async function kdeName(root: string): Promise<string | undefined> {
  const json = await readFile(join(root, 'metadata.json'), 'utf8').catch(() => undefined);
  if (json !== undefined) {
    try {
      const name = clean(JSON.parse(json)?.KPlugin?.Name);
      if (name) return name;
    } catch {
      // A malformed metadata.json names nothing: the desktop file or the file name does.
    }
  }
  const desktop = await readFile(join(root, 'metadata.desktop'), 'utf8').catch(() => '');
  return clean(/^Name\s*=(.*)$/m.exec(desktop)?.[1]);
}

const WALLPAPER_BLOCK = /<wallpaper\b[\s\S]*?<\/wallpaper>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
/** The unlocalised value of an element (no attributes: `<name xml:lang="de">` is a translation). */
const element = (block: string, name: string) => new RegExp(`<${name}>\\s*([^<]+?)\\s*</${name}>`).exec(block)?.[1];

/** [file path as written, title] of each `<wallpaper>` of a background list. */
export function namesOfBackgroundXml(xml: string): [string, string][] {
  return (xml.match(WALLPAPER_BLOCK) ?? []).flatMap((block) => {
    const name = clean(decode(element(block, 'name') ?? ''));
    if (!name) return [];
    return ['filename', 'filename-dark'].flatMap((key) => {
      const file = element(block, key);
      return file ? [[decode(file), name] as [string, string]] : [];
    });
  });
}

/** Where a path named in an XML of `shareDir/X-background-properties/` is: as written, and read
 * relative to `shareDir` when it lies under some `.../share/`. */
function placesOf(file: string, shareDir: string): string[] {
  const under = /^.*?\/share\/(.+)$/.exec(file)?.[1];
  return under ? [file, join(shareDir, ...under.split('/'))] : [file];
}

/** The background lists for these folders: `*-background-properties/*.xml` in each folder and its parents. */
async function backgroundLists(folders: readonly string[]): Promise<Map<string, string>> {
  const parents = new Set<string>();
  for (const folder of folders) for (let dir = folder; !parents.has(dir); dir = dirname(dir)) parents.add(dir);
  const titles = new Map<string, string>();
  for (const parent of parents) {
    const lists = (await readdir(parent).catch(() => [] as string[])).filter((name) => name.endsWith('-background-properties'));
    for (const list of lists) {
      const names = await readdir(join(parent, list)).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.xml'))) {
        const xml = await readFile(join(parent, list, name), 'utf8').catch(() => '');
        for (const [file, title] of namesOfBackgroundXml(xml)) for (const place of placesOf(file, parent)) titles.set(place, title);
      }
    }
  }
  return titles;
}

/** The package titles of `paths` (the indexed files) by path; a file no package names is absent. */
export async function findTitles(paths: readonly string[], folders: readonly string[]): Promise<Map<string, string>> {
  const listed = await backgroundLists(folders);
  const packages = new Map<string, Promise<string | undefined>>();
  const titles = new Map<string, string>();
  for (const path of paths) {
    const root = KDE_IMAGE.exec(path)?.[1];
    if (root !== undefined && !packages.has(root)) packages.set(root, kdeName(root));
    const title = (root !== undefined ? await packages.get(root) : undefined) ?? listed.get(path);
    if (title) titles.set(path, title);
  }
  return titles;
}

/** Whether a folder part of a path lies inside a wallpaper package (no folder tag): `contents`
 * and `contents/images*` of a KDE package. */
export const packageInside = (path: string): string | undefined => {
  const match = KDE_IMAGE.exec(path);
  return match ? match[1]! + sep : undefined;
};
