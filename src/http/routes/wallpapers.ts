// The read endpoints of the spec's table (list, random, random image and thumbnail, one wallpaper,
// its image and thumbnail) and DELETE of one wallpaper. Every query goes through the core's filter
// parser, so the HTTP face and the CLI accept and refuse the very same values.
// List bodies are cached, serialised, per parsed query while the index version holds (any commit,
// by this process or a cron scan, changes it): a gallery or a phone asking the same pages again
// costs a map lookup instead of a query and JSON.stringify (measured: bench/RESULTS.md).
import { WallpaperError } from '../../core/errors.js';
import { parseFilters, parsePaging, type RawParams } from '../../core/filters.js';
import type { ImageFile, Wallpaper } from '../../core/types.js';
import type { RouteContext } from '../context.js';
import { IMMUTABLE_CACHE_CONTROL } from '../limits.js';
import type { Route } from '../router.js';
import { goneFromDisk, json, jsonBody, MISSING_FILE_CODES, noContent, sendFile } from '../send.js';
import type { Request } from 'polka';

/** An id is the first 16 hex characters of a SHA-256 (CONTRACT.md section 1), lowercase. */
const ID_PATTERN = /^[0-9a-f]{16}$/;

/** Random answers differ on every request: no cache may keep one. */
const NO_STORE = 'no-store';

const queryOf = (req: Request): RawParams => (req.query ?? {}) as unknown as RawParams;

const unknownId = () => new WallpaperError('not_found', 'no wallpaper with this id');

/** The id of the path, checked before anything touches the index or the disk. */
function idOf(req: Request): string {
  const id = req.params.id ?? '';
  if (!ID_PATTERN.test(id)) throw new WallpaperError('not_found', 'no wallpaper with this id: an id is 16 lowercase hex characters');
  return id;
}

const noMatch = () => new WallpaperError('not_found', 'no wallpaper matches the filters');

/** Bytes of list bodies kept: a page of 50 is ~35 KB, so ~450 pages; the oldest go beyond it. */
const LIST_CACHE_BYTES = 16 * 1024 * 1024;

/** Serialised list bodies of one index version, oldest first, bounded by LIST_CACHE_BYTES. */
class ListCache {
  private version = '';
  private bytes = 0;
  private readonly bodies = new Map<string, Buffer>();

  get(version: string, key: string): Buffer | undefined {
    if (version !== this.version) {
      this.bodies.clear();
      this.bytes = 0;
      this.version = version;
      return undefined;
    }
    return this.bodies.get(key);
  }

  set(key: string, body: Buffer): void {
    this.bodies.set(key, body);
    this.bytes += body.length;
    for (const [oldKey, old] of this.bodies) {
      if (this.bytes <= LIST_CACHE_BYTES) break;
      this.bodies.delete(oldKey);
      this.bytes -= old.length;
    }
  }
}

export function wallpaperRoutes({ library }: RouteContext): Route[] {
  const lists = new ListCache();
  const pick = (req: Request): Wallpaper => {
    const wallpaper = library.random(parseFilters(queryOf(req)));
    if (!wallpaper) throw noMatch();
    return wallpaper;
  };
  const imageOf = (id: string): ImageFile => {
    const file = library.imageFile(id);
    if (!file) throw unknownId();
    return file;
  };
  const thumbnailOf = async (id: string): Promise<ImageFile> => {
    const file = await library.thumbnailFile(id).catch((error: unknown) => {
      // The core reads the source to make a missing thumbnail; a source deleted behind the index's
      // back is the same "gone from disk" 404 as for the image, not a server fault.
      if (MISSING_FILE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) throw goneFromDisk();
      throw error;
    });
    if (!file) throw unknownId();
    return file;
  };
  /** Thumbnails depend on the id and on the size setting: both are in the tag. */
  const thumbnailTag = (id: string) => `"${id}-t${library.settings().thumbnail_size}"`;

  return [
    {
      path: '/api/wallpapers',
      methods: {
        GET: (req, res) => {
          const query = queryOf(req);
          const filters = parseFilters(query);
          const paging = parsePaging(query);
          // Parsed values make the key, so `?brightness=Dark` and `?brightness=dark` share a body.
          const key = JSON.stringify([filters, paging.page, paging.limit]);
          const version = library.version();
          let body = lists.get(version, key);
          if (!body) {
            body = Buffer.from(JSON.stringify(library.list(filters, paging)));
            lists.set(key, body);
          }
          jsonBody(res, 200, body);
        },
      },
    },
    {
      path: '/api/wallpapers/random',
      methods: { GET: (req, res) => json(res, 200, pick(req), NO_STORE) },
    },
    {
      path: '/api/wallpapers/random/image',
      methods: {
        GET: (req, res) => sendFile(req, res, imageOf(pick(req).id), { cacheControl: NO_STORE, ranges: false }),
      },
    },
    {
      path: '/api/wallpapers/random/thumbnail',
      methods: {
        GET: async (req, res) => sendFile(req, res, await thumbnailOf(pick(req).id), { cacheControl: NO_STORE, ranges: false }),
      },
    },
    {
      path: '/api/wallpapers/:id',
      methods: {
        GET: (req, res) => {
          const wallpaper = library.get(idOf(req));
          if (!wallpaper) throw unknownId();
          json(res, 200, wallpaper);
        },
        DELETE: async (req, res) => {
          if (!(await library.remove(idOf(req)))) throw unknownId();
          noContent(res);
        },
      },
    },
    {
      path: '/api/wallpapers/:id/image',
      methods: {
        GET: (req, res) => {
          const id = idOf(req);
          return sendFile(req, res, imageOf(id), { cacheControl: IMMUTABLE_CACHE_CONTROL, etag: `"${id}"`, ranges: true });
        },
      },
    },
    {
      path: '/api/wallpapers/:id/thumbnail',
      methods: {
        GET: async (req, res) => {
          const id = idOf(req);
          const file = await thumbnailOf(id);
          return sendFile(req, res, file, { cacheControl: IMMUTABLE_CACHE_CONTROL, etag: thumbnailTag(id), ranges: true });
        },
      },
    },
  ];
}
