// The files behind the ids: one opened only while it is still the file indexed (verify.ts), a timed
// wallpaper's frame for now instead of itself, random picks past unreachable or changed files, and
// a checked file handed on by path with its descriptor closed.
import { RANDOM_FILE_TRIES } from '../limits.js';
import type { Store } from '../store/index.js';
import type { Filters, Library, OpenedFile, PickOptions, VerifiedFile, Wallpaper } from '../types.js';
import { isId } from './id.js';
import { isTimedOnly } from './timed-only.js';
import { openIndexed } from './verify.js';

/** The module a timed wallpaper's file requests need (the dynamic room), imported once: an `import()`
 * per call costs ~10 us, a held promise nothing (serve answers thousands a second). */
let openFrameModule: Promise<typeof import('./open-frame.js')> | undefined;
const openFrame = () => (openFrameModule ??= import('./open-frame.js'));

/** A checked file handed on by path (to a desktop tool): its descriptor is closed, its identity kept. */
async function closedFile({ wallpaper, opened }: { wallpaper: Wallpaper; opened: OpenedFile }): Promise<VerifiedFile> {
  await opened.handle.close();
  // A timed wallpaper is handed on as itself (the desktop plays it, or shows its frame for now).
  return { wallpaper, path: opened.frame?.of ?? opened.path, size: opened.size, mtimeMs: opened.mtimeMs };
}

export interface FileReadSource {
  store: Store;
  /** Called with the path of a file found changed behind the index. */
  staleFile: (path: string) => void;
  get: (id: string) => Wallpaper | undefined;
  random: (filters: Filters, options: PickOptions) => Wallpaper | undefined;
}

type FileReads = Pick<Library, 'openFile' | 'verifiedFile' | 'openRandom' | 'randomFile'>;

export function createFileReads({ store, staleFile, get, random }: FileReadSource): FileReads {
  const reads: FileReads = {
    async openFile(id) {
      const opened = isId(id) ? await openIndexed(store.filesOf(id), staleFile) : undefined;
      if (!opened || !isTimedOnly(opened.path)) return opened;
      return (await openFrame()).frameInstead(opened);
    },

    async verifiedFile(id) {
      const wallpaper = get(id);
      const opened = wallpaper && (await reads.openFile(id));
      return wallpaper && opened ? closedFile({ wallpaper, opened }) : undefined;
    },

    async openRandom(filters, options = {}) {
      // Files that failed are avoided first and given up last: random() gives up recent ids first.
      const failed: string[] = [];
      for (let tries = 0; tries < RANDOM_FILE_TRIES; tries++) {
        const wallpaper = random(filters, { ...options, avoid: [...failed, ...(options.avoid ?? [])] });
        if (!wallpaper || failed.includes(wallpaper.id)) return undefined; // nothing left but what failed
        const opened = await reads.openFile(wallpaper.id);
        if (opened) return { wallpaper, opened };
        failed.push(wallpaper.id);
      }
      return undefined;
    },

    async randomFile(filters, options = {}) {
      const picked = await reads.openRandom(filters, options);
      return picked && closedFile(picked);
    },
  };
  return reads;
}
