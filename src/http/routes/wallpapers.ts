// The read endpoints of the spec's table (list, random, random image and thumbnail, one wallpaper,
// its image and thumbnail) and DELETE of one wallpaper. Every query goes through the core's filter
// parser, so the HTTP face and the CLI accept and refuse the very same values.
import { WallpaperError } from '../../core/errors.js';
import { parseFilters, parsePaging, type RawParams } from '../../core/filters.js';
import type { ImageFile, Wallpaper } from '../../core/types.js';
import type { RouteContext } from '../context.js';
import { IMMUTABLE_CACHE_CONTROL } from '../limits.js';
import type { Route } from '../router.js';
import { goneFromDisk, json, MISSING_FILE_CODES, noContent, sendFile } from '../send.js';
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

export function wallpaperRoutes({ library }: RouteContext): Route[] {
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
          json(res, 200, library.list(parseFilters(query), parsePaging(query)));
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
