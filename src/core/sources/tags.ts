// What the scan adds for fetched wallpapers: the folder tag `source:<name>` for every file under
// `<data home>/sources/<name>/` (docs/design.md#sources), and the title the source gave each file
// (docs/design.md#titles), where no package names it.
import { relative, sep } from 'node:path';
import { normalTag } from '../query/index.js';

export function withSourceTags(
  tags: Map<string, string[]>,
  files: readonly [path: string, id: string][],
  root: string,
): Map<string, string[]> {
  const prefix = root.endsWith(sep) ? root : root + sep;
  for (const [path, id] of files) {
    if (!path.startsWith(prefix)) continue;
    const [name, ...rest] = relative(root, path).split(sep);
    const tag = rest.length > 0 && name ? normalTag(`source:${name}`) : undefined;
    if (!tag) continue;
    const have = tags.get(id) ?? [];
    if (!have.includes(tag)) tags.set(id, [...have, tag]);
  }
  return tags;
}

/** The package titles the scan found, with the sources' titles of their files added where none is. */
export function withSourceTitles(titles: Map<string, string>, fromSources: ReadonlyMap<string, string>): Map<string, string> {
  for (const [path, title] of fromSources) if (!titles.has(path)) titles.set(path, title);
  return titles;
}
