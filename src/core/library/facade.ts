// The facade every face uses: open(dirs) -> scan, list, random, get, add, remove, settings.
// Holds no module-level state: each openLibrary() owns its index connection and caches. The files
// behind the ids (opened, verified, picked at random) are file-reads.ts.
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createCuration } from '../curate/index.js';
import { createSources } from '../sources/index.js';
import { WallpaperError, isWallpaperError, oneLine } from '../errors.js';
import { STALE_THUMBNAIL_TEMP_AGE_MS, STALE_UPLOAD_AGE_MS } from '../limits.js';
import { exclusiveScan, othersScan } from './scan-lease.js';
import { scanQueue } from './scan-queue.js';
import { releaseMemory } from '../common/index.js';
import { type LibraryDirs, oneFolder } from '../settings/index.js';
import { openSettings } from '../settings/index.js';
import { pickRandom, pickRandomJson } from './pick.js';
import { createPortable } from '../portable/index.js';
import { withUrls } from '../store/index.js';
import { SCHEMA_VERSION, openStore } from '../store/index.js';
import { ThumbnailCache, sweepThumbnailTemps } from './thumbnails.js';
import { createFileReads } from './file-reads.js';
import { isId } from './id.js';
import type { Filters, Library, ListOrder, Paging, ScanProgress, UploadedFile } from '../types.js';
import { hasFilters } from '../query/index.js';

// Scanning, uploads, thumbnails, variants, dynamic frames and the trash are imported by the methods
// that need them, on first use: a short command (`list`, `current`, `favorite current`) opens the
// library and asks the index, and loading them all at open cost it ~60 ES modules (the formats,
// analysis and dynamic rooms). A method that never ran loaded nothing.
import { type Variants, createVariants } from '../variants/index.js';

/** The module the thumbnail route needs on every request, imported once: an `import()` per call
 * costs ~10 us, a held promise nothing (serve answers thousands a second). */
let thumbnailModule: Promise<typeof import('./thumbnail-file.js')> | undefined;
const thumbnailOf = () => (thumbnailModule ??= import('./thumbnail-file.js'));

export type OpenOptions =
  /** One folder for everything: settings, the SQLite index, thumbnails, trash and history. */
  (
    | { home: string }
    /** The config, data and cache homes (home.ts's resolveDirs). */
    | { dirs: LibraryDirs }
  ) & {
    /** The index in PostgreSQL (postgres://...) instead of SQLite in the data home: replicas on
     * several hosts share it; settings, thumbnails and uploads stay in the homes. */
    database?: string;
    /** For commands that only read (`list`, `random` without `--set`): when the SQLite index does not
     * exist yet, the library reads as empty and nothing is made in the data home (default false). */
    readOnly?: boolean;
  };

export function openLibrary(options: OpenOptions): Library {
  const dirs = 'dirs' in options ? options.dirs : oneFolder(options.home);
  const indexFile = options.database === undefined ? join(dirs.data, 'index.sqlite') : undefined;
  // A reader of an index never made reads an empty one in memory, and leaves the homes as they are.
  const absent = options.readOnly === true && indexFile !== undefined && !existsSync(indexFile);
  // The config and cache homes are made when first written; the index needs its folder now.
  if (!absent) mkdirSync(dirs.data, { recursive: true });
  const settingsStore = openSettings(dirs);
  settingsStore.read(); // a broken settings file is reported now, naming the key and the file
  const store = openStore(options.database ?? (absent ? ':memory:' : indexFile!));
  const thumbnails = new ThumbnailCache(dirs.cache);
  let variantsMade: Promise<Variants> | undefined;
  const variants = () =>
    (variantsMade ??= createVariants({
      cacheHome: dirs.cache,
      version: () => store.version(),
      budget: () => settingsStore.read().variant_cache_bytes,
      get: (id) => library.get(id),
      openFile: (id) => library.openFile(id),
    }));
  let progress: ScanProgress | undefined;
  const scans = scanQueue((onProgress) =>
    (async () => {
      const settings = settingsStore.read();
      await mkdir(settings.upload_folder, { recursive: true });
      const report = (now: ScanProgress) => {
        progress = now;
        onProgress?.(now);
      };
      const { runScan } = await import('./scan.js');
      return exclusiveScan(store, report, (onProgress) => runScan({ dirs, store, thumbnails, settings, onProgress }));
    })().finally(() => {
      progress = undefined;
      releaseMemory();
    }),
  );
  const staleListeners = new Set<(path: string) => void>();
  /** Uploads are placed one request at a time (intake.ts says why); decoding is not serialised. */
  let placing: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = placing.then(work, work);
    placing = run.catch(() => undefined);
    return run;
  };
  /** A file found changed behind the index: never served again under its id, re-read next scan. */
  const staleFile = (path: string) => {
    if (store.markStale(path)) for (const listener of staleListeners) listener(path);
  };

  const library: Library = {
    ...createCuration(store, (id) => library.get(id)),
    ...createPortable(store, settingsStore, dirs),
    ...createSources({
      store,
      dirs,
      settings: () => settingsStore.read(),
      updateSettings: (patch) => settingsStore.update(patch),
      scan: () => library.scan(),
      remove: (id) => library.remove(id),
      get: (id) => library.get(id),
    }),
    dirs,
    settings: () => settingsStore.read(),
    updateSettings: (patch) => settingsStore.update(patch),

    scan: (options = {}) => scans.scan(options.onProgress),

    list(filters: Filters, paging: Paging, order: ListOrder = { sort: 'added' }) {
      if (order.sort === 'color' && !filters.color) {
        throw new WallpaperError('invalid_param', 'invalid sort "color": it orders by closeness to a colour, so it needs color=HEX');
      }
      const { wallpapers, total } =
        order.sort === 'random'
          ? store.seededPage(filters, order.seed, paging)
          : store.page(filters, paging, order.sort === 'added' ? undefined : order.sort);
      return {
        wallpapers: wallpapers.map(withUrls),
        pagination: { total, page: paging.page, limit: paging.limit, total_pages: Math.ceil(total / paging.limit) },
        ...(hasFilters(filters) ? { filters } : {}),
      };
    },

    version: () => store.version(),

    random: (filters, options = {}) => pickRandom(store, filters, options),
    randomJson: (filters, options = {}) => pickRandomJson(store, filters, options),

    get(id) {
      const stored = isId(id) ? store.get(id) : undefined;
      return stored && withUrls(stored);
    },

    status() {
      // A scan here, or one another process (a worker, a replica, cron) holds the lease for.
      const now = scans.running ? progress : othersScan(store);
      const running = scans.running || now !== undefined;
      return {
        scanning: running,
        // While the walk runs nothing is known to read yet: zeros, never null, while scanning.
        progress: running ? { to_read: now?.toRead ?? 0, read: now?.read ?? 0, failed: now?.failed ?? 0 } : null,
        total: store.count(),
        version: store.version(),
      };
    },

    ...createFileReads({ store, staleFile, get: (id) => library.get(id), random: (filters, options) => library.random(filters, options) }),

    watchStale(listener) {
      staleListeners.add(listener);
      return () => staleListeners.delete(listener);
    },

    thumbnailFile: async (id) =>
      (await thumbnailOf()).thumbnailFile(id, {
        get: library.get,
        openFile: library.openFile,
        thumbnails,
        size: settingsStore.read().thumbnail_size,
      }),

    variantFile: async (id, spec) => (await variants()).file(id, spec),
    variantStats: async () => (await variants()).stats(),
    focus: async (id) => (await variants()).focus(id),

    startUpload: async () =>
      (await import('./upload-batch.js')).startUploadBatch(settingsStore.read().upload_folder, (files) => library.add(files)),

    async add(files: readonly UploadedFile[]) {
      const settings = settingsStore.read();
      await mkdir(settings.upload_folder, { recursive: true });
      const { intake } = await import('./intake.js');
      return (await intake(files, { store, thumbnails, settings, exclusive })).map(withUrls);
    },

    async remove(id) {
      if (!isId(id)) return false;
      const paths = store.pathsOf(id);
      if (paths.length === 0) return false;
      // Files first: if we stop half-way, the next scan sees them gone and drops the record.
      await (await import('./trash.js')).moveToTrash(join(dirs.data, 'trash'), id, paths);
      const effect = store.removeFiles(paths);
      await thumbnails.drop(effect.removed);
      // The cache folder holds variants of earlier processes too: dropped whether or not this one made any.
      await (await variants()).drop(effect.removed);
      return true;
    },

    async sweep(what) {
      if (what === 'thumbnails') return sweepThumbnailTemps(dirs.cache, STALE_THUMBNAIL_TEMP_AGE_MS);
      const { sweepStaleUploads } = await import('./intake.js');
      return (await sweepStaleUploads(settingsStore.read().upload_folder, STALE_UPLOAD_AGE_MS)).length;
    },

    health() {
      // An open connection keeps answering from a deleted file: the file itself must still be there.
      if (indexFile && !existsSync(indexFile)) return 'the index file is gone from the data home';
      try {
        store.probe();
        return undefined;
      } catch (error) {
        // The PostgreSQL bridge's own words say which index does not answer.
        return isWallpaperError(error) && error.code === 'unavailable' ? error.message : `the index does not answer: ${oneLine(error)}`;
      }
    },

    checkIndex: () => ({ integrity: store.integrity(), schemaVersion: store.schemaVersion(), expectedVersion: SCHEMA_VERSION }),

    recordSet: (id, monitor) => store.recordSet(id, new Date().toISOString(), monitor),
    recentlySet: (count, monitor) => store.recentlySet(count, monitor),
    close: () => store.close(),
  };
  return library;
}
