// The folder tag of fetched wallpapers: `source:<name>` for every file under
// `<data home>/sources/<name>/` (CONTRACT.md 7.3), added to the folder tags the scan makes.
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
