// Designer light/dark pairs among the indexed files, found at each scan: GNOME's
// gnome-background-properties/*.xml (`<filename>` and `<filename-dark>` of one `<wallpaper>`), KDE
// wallpaper packages (`contents/images/` and `contents/images_dark/`), and names that differ only by a
// suffix (`-l`/`-d`, `-light`/`-dark`, `_light`/`_dark`, `-day`/`-night`) in one folder.
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

/** [light path, dark path]. */
export type PathPair = [light: string, dark: string];

const SUFFIX = /^(.*?)([-_])(l|d|light|dark|day|night)$/i;
const DARK_WORDS = new Set(['d', 'dark', 'night']);
const FAMILY: Record<string, string> = { l: 'ld', d: 'ld', light: 'lightdark', dark: 'lightdark', day: 'daynight', night: 'daynight' };

/** Pairs by name suffix: `sea-light.jpg` and `sea-dark.png`, `dune_d.webp` and `dune_l.webp`. */
export function pairsByName(paths: readonly string[]): PathPair[] {
  const sides = new Map<string, { light?: string; dark?: string }>();
  for (const path of [...paths].sort()) {
    const match = SUFFIX.exec(basename(path, extname(path)));
    if (!match) continue;
    const [, stem = '', separator = '', word = ''] = match;
    const key = `${dirname(path)}\n${stem.toLowerCase()}\n${separator}\n${FAMILY[word.toLowerCase()]}`;
    const side = sides.get(key) ?? {};
    if (DARK_WORDS.has(word.toLowerCase())) side.dark ??= path;
    else side.light ??= path;
    sides.set(key, side);
  }
  return [...sides.values()].flatMap(({ light, dark }) => (light && dark ? [[light, dark] as PathPair] : []));
}

const KDE_IMAGE = /^(.*)[/\\]contents[/\\](images|images_dark)[/\\]([^/\\]+)$/;

/** KDE packages: `images/NAME` with `images_dark/NAME`; else the first of each folder. */
export function pairsOfPackages(paths: readonly string[]): PathPair[] {
  const packages = new Map<string, { light: Map<string, string>; dark: Map<string, string> }>();
  for (const path of [...paths].sort()) {
    const match = KDE_IMAGE.exec(path);
    if (!match) continue;
    const [, root = '', folder, name = ''] = match;
    const entry = packages.get(root) ?? { light: new Map(), dark: new Map() };
    (folder === 'images' ? entry.light : entry.dark).set(name, path);
    packages.set(root, entry);
  }
  return [...packages.values()].flatMap(({ light, dark }) => {
    if (light.size === 0 || dark.size === 0) return [];
    const same = [...light].flatMap(([name, path]) => (dark.has(name) ? [[path, dark.get(name)!] as PathPair] : []));
    return same.length > 0 ? same : [[[...light.values()][0]!, [...dark.values()][0]!] as PathPair];
  });
}

const WALLPAPER_BLOCK = /<wallpaper\b[\s\S]*?<\/wallpaper>/g;
const tag = (block: string, name: string) =>
  new RegExp(`<${name}>\\s*([^<]+?)\\s*</${name}>`).exec(block)?.[1]?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** GNOME's background properties: each `<wallpaper>` with both a `<filename>` and a `<filename-dark>`. */
export function pairsOfGnomeXml(xml: string): PathPair[] {
  return (xml.match(WALLPAPER_BLOCK) ?? []).flatMap((block) => {
    const light = tag(block, 'filename');
    const dark = tag(block, 'filename-dark');
    return light && dark ? [[light, dark] as PathPair] : [];
  });
}

/** The XML files GNOME would read for these folders: `gnome-background-properties` inside a folder
 * and beside it (the /usr/share/backgrounds layout). */
async function gnomeXmlPairs(folders: readonly string[]): Promise<PathPair[]> {
  const dirs = new Set(
    folders.flatMap((folder) => [join(folder, 'gnome-background-properties'), join(dirname(folder), 'gnome-background-properties')]),
  );
  const pairs: PathPair[] = [];
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.xml'))) {
      const xml = await readFile(join(dir, name), 'utf8').catch(() => '');
      pairs.push(...pairsOfGnomeXml(xml));
    }
  }
  return pairs;
}

/** Every pair among `paths` (the indexed files), XML pairs first; a path in two pairs keeps the first. */
export async function findPairs(paths: readonly string[], folders: readonly string[]): Promise<PathPair[]> {
  const indexed = new Set(paths);
  const all = [...(await gnomeXmlPairs(folders)), ...pairsOfPackages(paths), ...pairsByName(paths)];
  const taken = new Set<string>();
  return all.filter(([light, dark]) => {
    if (!indexed.has(light) || !indexed.has(dark) || taken.has(light) || taken.has(dark)) return false;
    taken.add(light);
    taken.add(dark);
    return true;
  });
}
