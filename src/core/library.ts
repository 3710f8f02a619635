// The facade every face uses: open(home) -> scan, list, random, get, add, remove, settings.
// Holds no module-level state: each openLibrary() owns its index connection and caches.
import { mkdirSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { WallpaperError } from './errors.js';
import { goneFromDisk, isMissingFile, moveFile } from './files.js';
import { intake } from './intake.js';
import { runScan } from './scan.js';
import { openSettings } from './settings.js';
import { Store } from './store.js';
import { ThumbnailCache } from './thumbnails.js';
import type { Filters, ImageFile, Library, Paging, ScanProgress, ScanSummary, UploadedFile } from './types.js';
import { hasFilters } from './filters.js';

export interface OpenOptions {
  /** The data home: settings, the SQLite index, thumbnails, trash and history live here. */
  home: string;
}

/** Ids are 16 lowercase hex characters; anything else is unknown before any file system access. */
export const isId = (value: string): boolean => /^[0-9a-f]{16}$/.test(value);

export function openLibrary({ home }: OpenOptions): Library {
  mkdirSync(home, { recursive: true });
  const settingsStore = openSettings(home);
  settingsStore.read(); // a broken settings file is reported now, naming the key and the file
  const store = new Store(join(home, 'index.sqlite'));
  const thumbnails = new ThumbnailCache(home);
  let scanning: Promise<ScanSummary> | undefined;
  let progress: ScanProgress | undefined;

  const library: Library = {
    home,
    settings: () => settingsStore.read(),
    updateSettings: (patch) => settingsStore.update(patch),

    scan(options = {}) {
      scanning ??= (async () => {
        const settings = settingsStore.read();
        await mkdir(settings.upload_folder, { recursive: true });
        return runScan({
          home, store, thumbnails, settings,
          onProgress: (now) => {
            progress = now;
            options.onProgress?.(now);
          },
        });
      })().finally(() => {
        scanning = undefined;
        progress = undefined;
      });
      return scanning;
    },

    list(filters: Filters, paging: Paging) {
      const { wallpapers, total } = store.page(filters, paging);
      return {
        wallpapers,
        pagination: { total, page: paging.page, limit: paging.limit, total_pages: Math.ceil(total / paging.limit) },
        ...(hasFilters(filters) ? { filters } : {}),
      };
    },

    version: () => store.version(),

    random(filters, options = {}) {
      // Avoid as many of the recent ids as possible while at least one match remains: the newest
      // are avoided longest.
      const avoid = [...(options.avoid ?? [])];
      for (;;) {
        const pick = store.random(filters, avoid);
        if (pick || avoid.length === 0) return pick;
        avoid.pop();
      }
    },

    get: (id) => (isId(id) ? store.get(id) : undefined),

    status: () => ({
      scanning: scanning !== undefined,
      progress: scanning && progress ? { to_read: progress.toRead, read: progress.read, failed: progress.failed } : null,
      total: store.count(),
      version: store.version(),
    }),

    // TODO(identity): fstat of the opened file against the index's files table.
    async verifiedFile(id) {
      const wallpaper = library.get(id);
      if (!wallpaper) return undefined;
      const info = await stat(wallpaper.path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { wallpaper, path: wallpaper.path, size: info.size, mtimeMs: info.mtimeMs };
    },

    async randomFile(filters, options = {}) {
      const avoid = [...(options.avoid ?? [])];
      for (let i = 0; i < 8; i++) {
        const pick = library.random(filters, { avoid });
        if (!pick) return undefined;
        const file = await library.verifiedFile(pick.id);
        if (file) return file;
        avoid.push(pick.id);
      }
      return undefined;
    },

    async thumbnailFile(id): Promise<ImageFile | undefined> {
      const wallpaper = library.get(id);
      if (!wallpaper) return undefined;
      const size = settingsStore.read().thumbnail_size;
      // The cached thumbnail is described by one stat; only a missing one goes through ensure().
      const path = thumbnails.pathOf(id, size);
      let info = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!info?.isFile()) {
        // Made from the source file: one deleted behind the index's back is not found, not a fault.
        await thumbnails.ensure(id, size, wallpaper.path, async (bytes) => {
          const { makeThumbnail } = await import('./analyze.js');
          return makeThumbnail(bytes, size);
        }).catch((error: unknown) => {
          throw isMissingFile(error) ? goneFromDisk() : error;
        });
        info = await stat(path);
      }
      const stem = wallpaper.filename.replace(/\.[^.]+$/, '');
      return { path, size: info.size, mtimeMs: info.mtimeMs, contentType: 'image/webp', filename: `${stem}-thumbnail.webp` };
    },

    async add(files: readonly UploadedFile[]) {
      const settings = settingsStore.read();
      await mkdir(settings.upload_folder, { recursive: true });
      return intake(files, { store, thumbnails, settings });
    },

    async remove(id) {
      if (!isId(id)) return false;
      const paths = store.pathsOf(id);
      if (paths.length === 0) return false;
      // Files first: if we stop half-way, the next scan sees them gone and drops the record.
      const trash = join(home, 'trash');
      await mkdir(trash, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      for (const path of paths) {
        try {
          await moveFile(path, join(trash, `${stamp}-${id}-${basename(path)}`));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
            throw new WallpaperError('io_failed', `cannot move ${basename(path)} to the trash: ${(error as Error).message}`, { cause: error });
          }
        }
      }
      const effect = store.removeFiles(paths);
      await thumbnails.drop(effect.removed);
      return true;
    },

    recordSet: (id) => store.recordSet(id, new Date().toISOString()),
    recentlySet: (count) => store.recentlySet(count),
    close: () => store.close(),
  };
  return library;
}
