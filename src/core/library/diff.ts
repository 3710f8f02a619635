// Stored file states vs walked file states -> what a scan must do. Pure: tested with literal maps.
import type { FileState } from '../types/scan.js';

export type { FileState };

export interface FileDiff {
  /** Walked, never indexed: read and analyse. */
  added: string[];
  /** Indexed, but size or modification time differ: read and analyse again. */
  changed: string[];
  /** Indexed, no longer walked, and not under a folder that could not be read: drop. */
  removed: string[];
  /** Same size and modification time: not read at all (including the files of `away`). */
  unchanged: string[];
  /** Indexed files under a folder that could not be walked: kept, but unreachable for now. */
  away: string[];
}

/**
 * @param stored what the index holds, by absolute path
 * @param walked what the walk found, by absolute path
 * @param unreachable folders that could not be walked (unmounted, unreadable): files under them are
 *   kept, not removed, so a disk that is away for a scan loses nothing
 */
export function diffFiles(
  stored: ReadonlyMap<string, FileState>,
  walked: ReadonlyMap<string, FileState>,
  unreachable: readonly string[] = [],
): FileDiff {
  const result: FileDiff = { added: [], changed: [], removed: [], unchanged: [], away: [] };
  for (const [path, now] of walked) {
    const before = stored.get(path);
    if (!before) result.added.push(path);
    else if (
      before.size !== now.size ||
      Math.trunc(before.mtimeMs) !== Math.trunc(now.mtimeMs) ||
      Boolean(before.link) !== Boolean(now.link)
    ) {
      result.changed.push(path);
    } else result.unchanged.push(path);
  }
  const prefixes = unreachable.map((folder) => (folder.endsWith('/') ? folder : `${folder}/`));
  for (const path of stored.keys()) {
    if (walked.has(path)) continue;
    if (prefixes.some((prefix) => path.startsWith(prefix))) {
      result.unchanged.push(path);
      result.away.push(path);
    } else result.removed.push(path);
  }
  for (const list of Object.values(result)) list.sort();
  return result;
}
