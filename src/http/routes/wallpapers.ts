// The read endpoints of the spec's table (list, random, random image and thumbnail, one wallpaper,
// its image and thumbnail) and DELETE of one wallpaper. Every query goes through the core's filter
// parser, so the HTTP face and the CLI accept and refuse the very same values.
// List bodies are cached, serialised, per parsed query while the index version holds (any commit,
// by this process or a cron scan, changes it): a gallery or a phone asking the same pages again
// costs a map lookup instead of a query and JSON.stringify (measured: bench/RESULTS.md).
// Image and thumbnail answers go through the file tables of file-table.ts (per index version), and
// the hottest reads (random, images, thumbnails, no query string) are also offered to app.ts as a
// hot path that answers before polka's generic routing, with the same handlers.
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WallpaperError } from '../../core/errors.js';
import { parseFilters, parsePaging, type RawParams } from '../../core/filters.js';
import { isId } from '../../core/library.js';
import type { Library, Wallpaper } from '../../core/types.js';
import type { RouteContext } from '../context.js';
import { IMMUTABLE_CACHE_CONTROL } from '../limits.js';
import type { Route } from '../router.js';
import { FileTable, type TableEntry } from '../file-table.js';
import { type FilePolicy, json, jsonBody, jsonRead, noContent, preparedOf, sendBytes, sendFile, sendOpened } from '../send.js';
import { RANDOM_FILE_TRIES } from '../../core/limits.js';
import type { Request } from 'polka';

/** An id is the first 16 hex characters of a SHA-256 (CONTRACT.md section 1), lowercase. */

/** Random answers differ on every request: no cache may keep one. */
const NO_STORE = 'no-store';

/** Content-addressed files: cached for good, validators, ranges. */
const IMMUTABLE_FILE: FilePolicy = { cacheControl: IMMUTABLE_CACHE_CONTROL, validators: true, ranges: true };
/** The random endpoints' files: never cached, no validators, no ranges (the URL names no file). */
const RANDOM_FILE: FilePolicy = { cacheControl: NO_STORE, validators: false, ranges: false };

const queryOf = (req: Request): RawParams => (req.query ?? {}) as unknown as RawParams;

const unknownId = () => new WallpaperError('not_found', 'no wallpaper with this id');

/** The id of the path, checked before anything touches the index or the disk. */
function idOf(req: Request): string {
  const id = req.params.id ?? '';
  if (!isId(id)) throw new WallpaperError('not_found', 'no wallpaper with this id: an id is 16 lowercase hex characters');
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

type Read = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The read handlers of one library, shared by the polka routes and the hot path. */
interface Reads {
  random: (req: Request, res: ServerResponse) => void;
  randomImage: (req: Request, res: ServerResponse) => Promise<void>;
  randomThumbnail: (req: Request, res: ServerResponse) => Promise<void>;
  image: (id: string, req: IncomingMessage, res: ServerResponse) => Promise<void>;
  thumbnail: (id: string, req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/** One set of handlers (and file tables) per library, whichever of routes and hot path asks first. */
const readsOf = new WeakMap<Library, Reads>();

function makeReads(library: Library): Reads {
  const images = new FileTable();
  const thumbnails = new FileTable();
  const pick = (filters: ReturnType<typeof parseFilters>): Wallpaper => {
    const wallpaper = library.random(filters);
    if (!wallpaper) throw noMatch();
    return wallpaper;
  };
  /** The library file of a wallpaper opened for sending, only while it is what the index recorded
   * (the core tries its other paths and queues a changed one for a rescan); else 404. */
  const openImage = async (id: string) => {
    const opened = await library.openFile(id);
    if (!opened) throw new WallpaperError('not_found', 'the file of this wallpaper changed or is gone since it was indexed');
    return opened;
  };
  /** A random match whose file can be sent: picks again past unreachable or changed files. */
  const pickOpened = async (filters: ReturnType<typeof parseFilters>) => {
    const avoid: string[] = [];
    for (let tries = 0; tries < RANDOM_FILE_TRIES; tries++) {
      const wallpaper = tries === 0 ? pick(filters) : library.random(filters, { avoid });
      if (!wallpaper || avoid.includes(wallpaper.id)) break;
      const opened = await library.openFile(wallpaper.id);
      if (opened) return { wallpaper, opened };
      avoid.push(wallpaper.id);
    }
    throw new WallpaperError('not_found', 'no wallpaper matching the filters has a reachable file');
  };
  /** The image slot of a wallpaper, from the table or made from its record. */
  const imageSlot = (id: string, known?: Wallpaper): TableEntry => {
    const version = library.version();
    let entry = images.get(version, id);
    if (!entry) {
      const wallpaper = known ?? library.get(id);
      if (!wallpaper) throw unknownId();
      entry = { facts: { path: wallpaper.path, contentType: wallpaper.content_type, filename: wallpaper.filename, etag: `"${id}"` }, prepared: [] };
      images.set(id, entry);
    }
    return entry;
  };
  const sendThumbnail = async (id: string, req: IncomingMessage, res: ServerResponse, policy: FilePolicy): Promise<void> => {
    const size = library.settings().thumbnail_size;
    const token = `${library.version()}/${size}`;
    let entry = thumbnails.get(token, id);
    const memory = entry?.memory;
    if (entry && memory) {
      // One stat: a thumbnail deleted or replaced on disk is re-made or re-read, never served stale.
      const info = await stat(entry.facts.path).catch(() => undefined);
      if (info?.isFile() && memory.file.matches(info.size, info.mtimeMs)) {
        const file = policy === IMMUTABLE_FILE ? memory.file : preparedOf(entry, policy, info.size, info.mtimeMs);
        return sendBytes(req, res, file, memory.bytes);
      } else {
        thumbnails.drop(id);
        entry = undefined;
      }
    }
    // Without bytes in memory the core checks the cached file (and makes it again if it is gone).
    if (!entry?.memory) {
      const file = await library.thumbnailFile(id);
      if (!file) throw unknownId();
      // Thumbnails depend on the id and on the size setting: both are in the tag.
      if (entry?.facts.path !== file.path) {
        entry = { facts: { path: file.path, contentType: file.contentType, filename: file.filename, etag: `"${id}-t${size}"` }, prepared: [] };
        thumbnails.set(id, entry);
      }
    }
    const slot = entry;
    return sendFile(req, res, slot, policy, (file, bytes) => {
      if (policy === IMMUTABLE_FILE) thumbnails.keep(id, slot, file, bytes);
    });
  };
  return {
    random: (req, res) => jsonRead(res, JSON.stringify(pick(parseFilters(queryOf(req)))), NO_STORE),
    randomImage: async (req, res) => {
      const { wallpaper, opened } = await pickOpened(parseFilters(queryOf(req)));
      return sendOpened(req, res, imageSlot(wallpaper.id, wallpaper), RANDOM_FILE, opened);
    },
    randomThumbnail: (req, res) => {
      const wallpaper = pick(parseFilters(queryOf(req)));
      return sendThumbnail(wallpaper.id, req, res, RANDOM_FILE);
    },
    image: async (id, req, res) => {
      const slot = imageSlot(id);
      return sendOpened(req, res, slot, IMMUTABLE_FILE, await openImage(id));
    },
    thumbnail: (id, req, res) => sendThumbnail(id, req, res, IMMUTABLE_FILE),
  };
}

function readsFor(library: Library): Reads {
  let reads = readsOf.get(library);
  if (!reads) {
    reads = makeReads(library);
    readsOf.set(library, reads);
  }
  return reads;
}

const RANDOM_PATH = '/api/wallpapers/random';
const RANDOM_IMAGE_PATH = '/api/wallpapers/random/image';
const ID_PREFIX = '/api/wallpapers/';
/** `/api/wallpapers/` + 16 hex + `/image` or `/thumbnail`, exactly (no query, no escapes). */
const HOT_FILE_PATH = /^\/api\/wallpapers\/([0-9a-f]{16})\/(image|thumbnail)$/;
const NO_QUERY = Object.freeze({}) as Request['query'];

/**
 * The hot reads for app.ts: GET or HEAD of the random, image and thumbnail paths without a query
 * string, answered by the very handlers the routes use. Returns undefined for anything else, which
 * then goes through polka. Errors are the caller's (the one error mapper).
 */
export function wallpaperHotPath({ library }: RouteContext): (req: IncomingMessage) => Read | undefined {
  const reads = readsFor(library);
  const randomJson: Read = (req, res) => {
    (req as Request).query = NO_QUERY;
    reads.random(req as Request, res);
  };
  const randomImage: Read = (req, res) => {
    (req as Request).query = NO_QUERY;
    return reads.randomImage(req as Request, res);
  };
  return (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const url = req.url ?? '';
    if (!url.startsWith(ID_PREFIX)) return undefined;
    if (url === RANDOM_PATH) return randomJson;
    if (url === RANDOM_IMAGE_PATH) return randomImage;
    const match = HOT_FILE_PATH.exec(url);
    if (!match) return undefined;
    const id = match[1]!;
    return match[2] === 'image' ? (q, s) => reads.image(id, q, s) : (q, s) => reads.thumbnail(id, q, s);
  };
}

export function wallpaperRoutes({ library }: RouteContext): Route[] {
  const lists = new ListCache();
  const reads = readsFor(library);

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
      methods: { GET: (req, res) => reads.random(req, res) },
    },
    {
      path: '/api/wallpapers/random/image',
      methods: { GET: (req, res) => reads.randomImage(req, res) },
    },
    {
      path: '/api/wallpapers/random/thumbnail',
      methods: { GET: (req, res) => reads.randomThumbnail(req, res) },
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
      methods: { GET: (req, res) => reads.image(idOf(req), req, res) },
    },
    {
      path: '/api/wallpapers/:id/thumbnail',
      methods: { GET: (req, res) => reads.thumbnail(idOf(req), req, res) },
    },
  ];
}
