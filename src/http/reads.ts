// The read handlers of the API, built once per app: the list (bodies cached per query and index
// version), random picks, one record, and the image and thumbnail files. The route table
// (routes/wallpapers.ts) and the fast path of app.ts call the very same handlers; neither touches
// `req.query`: the query is passed in, parsed by the core's filter parser, so the HTTP face and the
// CLI accept and refuse the same values.
// How a file is sent (304, ranges, streaming) is send.ts and conditional.ts; what may be sent under
// an id (the file still as indexed) is the core's openFile; the fast path to these handlers is
// fast-read.ts.
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type RawParams,
  VersionedCache,
  WallpaperError,
  parseFilters,
  parsePaging,
  parseListOrder,
  parseRandomOrder,
  parseVariant,
  screenOf,
  variantUrl,
} from '../core/index.js';
import type { Filters, Library, OpenedFile, VariantSpec, Wallpaper, PickOptions } from '../core/types.js';
import { resolveAutoBrightness } from './preference.js';
import { parseRedirect, redirect, sendVariant } from './variant-answers.js';
import { FileTable, type TableEntry } from './file-table.js';
import { IMMUTABLE_CACHE_CONTROL, LIST_CACHE_BYTES, LIST_CACHE_ENTRIES } from './limits.js';
import { json, jsonBody, jsonRead } from './json.js';
import { type FilePolicy, preparedOf } from './prepared.js';
import { siblingHint } from '../no-match.js';
import { sendBytes, sendFile, sendOpened } from './send.js';
import { checkedId } from './checked-id.js';

/** Random answers differ on every request: no cache may keep one. */
const NO_STORE = 'no-store';
/** Content-addressed files: cached for good, validators, ranges. */
const IMMUTABLE_FILE: FilePolicy = { cacheControl: IMMUTABLE_CACHE_CONTROL, validators: true, ranges: true };
/** The frame for now of a timed wallpaper (docs/design.md#the-time-of-day): another frame later under the same URL,
 * so asked again each time (no-cache), with validators and ranges for the frame itself. */
const FRAME_FILE: FilePolicy = { cacheControl: 'no-cache', validators: true, ranges: true };
/** The random endpoints' files: never cached, no validators, no ranges (the URL names no file). */
const RANDOM_FILE: FilePolicy = { cacheControl: NO_STORE, validators: false, ranges: false };

/** A handler's end: sent now, or when the file or variant is sent. */
export type Answer = Promise<void> | void;

export interface Reads {
  list(query: RawParams, res: ServerResponse): void;
  random(query: RawParams, req: IncomingMessage, res: ServerResponse): void;
  /** The image of a random match: the original, a variant (w, h, fit...), or with redirect=1 a 302
   * to the variant's immutable {id} URL; w and h make the pick prefer wallpapers for that screen. */
  randomImage(query: RawParams, req: IncomingMessage, res: ServerResponse): Answer;
  randomThumbnail(query: RawParams, req: IncomingMessage, res: ServerResponse): Answer;
  record(id: string, res: ServerResponse): void;
  /** The original bytes, or the variant the query names (w, h, fit, crop, as, quality, enlarge). */
  image(id: string, query: RawParams, req: IncomingMessage, res: ServerResponse): Answer;
  thumbnail(id: string, req: IncomingMessage, res: ServerResponse): Answer;
  /** The image under `/download/<filename>`: only the wallpaper's own file name is found. */
  download(id: string, filename: string, req: IncomingMessage, res: ServerResponse): Answer;
}

const unknownId = () => new WallpaperError('not_found', 'no wallpaper with this id');

/** A timed wallpaper's frame for now: its own type and name, a tag per frame file and its state. */
const frameSlot = (id: string, opened: OpenedFile, frame: NonNullable<OpenedFile['frame']>): TableEntry => ({
  facts: {
    path: opened.path,
    contentType: frame.contentType,
    filename: frame.filename,
    etag: `"${id}-${encodeURIComponent(frame.filename)}-${opened.size}-${Math.trunc(opened.mtimeMs)}"`,
  },
  prepared: [],
});

export function createReads(library: Library): Reads {
  /** The spec's 404 words, then the hint the CLI gives when the other spelling of `format` matches. */
  const noMatch = (filters: Filters) =>
    new WallpaperError(
      'not_found',
      `no wallpaper matches the filters${siblingHint(
        filters,
        (f) => library.list(f, { page: 1, limit: 1 }).pagination.total,
        (format) => `format=${format}`,
      )}`,
    );

  const lists = new VersionedCache<Buffer>({ maxEntries: LIST_CACHE_ENTRIES, maxSize: LIST_CACHE_BYTES, sizeOf: (body) => body.length });
  const images = new FileTable();
  const thumbnails = new FileTable();

  /** What a random endpoint was asked: filters (brightness=auto resolved), the seeded order, the
   * variant (whose w and h are the screen the pick is for). */
  const randomAsk = (raw: RawParams, req: IncomingMessage, res: ServerResponse) => {
    const query = resolveAutoBrightness(raw, req, res);
    const spec = parseVariant(query);
    return { filters: parseFilters(query), spec, options: { screen: screenOf(spec), order: parseRandomOrder(query) } };
  };

  const pick = (filters: Filters, options: PickOptions): Wallpaper => {
    const wallpaper = library.random(filters, options);
    if (!wallpaper) throw noMatch(filters);
    return wallpaper;
  };

  /** A random match whose file can be sent (the core picks again past unreachable or changed files). */
  const pickOpened = async (filters: Filters, options: PickOptions) => {
    const picked = await library.openRandom(filters, options);
    if (picked) return picked;
    throw library.random(filters)
      ? new WallpaperError('not_found', 'no wallpaper matching the filters has a reachable file')
      : noMatch(filters);
  };

  /** The image slot of a wallpaper (facts for its headers), from the table or made from its record. */
  const imageSlot = (id: string, known?: Wallpaper): TableEntry => {
    const version = library.version();
    let entry = images.get(version, id);
    if (!entry) {
      const wallpaper = known ?? library.get(id);
      if (!wallpaper) throw unknownId();
      entry = {
        facts: { path: wallpaper.path, contentType: wallpaper.content_type, filename: wallpaper.filename, etag: `"${id}"` },
        prepared: [],
      };
      images.set(version, id, entry);
    }
    return entry;
  };

  const sendImage = async (id: string, req: IncomingMessage, res: ServerResponse) => {
    const slot = imageSlot(id);
    const opened = await library.openFile(id);
    if (!opened)
      throw new WallpaperError(
        'not_found',
        'the file of this wallpaper changed or is gone from disk since it was indexed; a rescan will update the library',
      );
    if (opened.frame) return sendOpened(req, res, frameSlot(id, opened, opened.frame), FRAME_FILE, opened);
    return sendOpened(req, res, slot, IMMUTABLE_FILE, opened);
  };

  const variantOf = async (id: string, spec: VariantSpec) => {
    const variant = await library.variantFile(id, spec);
    if (!variant) throw unknownId();
    return variant;
  };

  const sendThumbnail = async (id: string, req: IncomingMessage, res: ServerResponse, policy: FilePolicy): Promise<void> => {
    const size = library.settings().thumbnail_size;
    // Thumbnails depend on the id and on the size setting: both are in the token and the tag.
    const token = `${library.version()}/${size}`;
    let entry = thumbnails.get(token, id);
    const memory = entry?.memory;
    if (entry && memory) {
      // One stat: a thumbnail deleted or replaced on disk is re-made or re-read, never served stale.
      const info = await stat(entry.facts.path).catch(() => undefined);
      if (info?.isFile() && memory.file.matches(info.size, info.mtimeMs)) {
        const file = policy === IMMUTABLE_FILE ? memory.file : preparedOf(entry, policy, info.size, info.mtimeMs);
        return sendBytes(req, res, file, memory.bytes);
      }
      thumbnails.drop(id);
      entry = undefined;
    }
    if (!entry) {
      // Without bytes in memory the core checks the cached file (and makes it again if it is gone).
      const file = await library.thumbnailFile(id);
      if (!file) throw unknownId();
      entry = {
        facts: { path: file.path, contentType: file.contentType, filename: file.filename, etag: `"${id}-t${size}"` },
        prepared: [],
      };
      thumbnails.set(token, id, entry);
    }
    const slot = entry;
    return sendFile(req, res, slot, policy, (file, bytes) => {
      if (policy === IMMUTABLE_FILE) thumbnails.keep(token, id, slot, file, bytes);
    });
  };

  return {
    list(query, res) {
      const filters = parseFilters(query);
      const paging = parsePaging(query);
      const order = parseListOrder(query);
      // Parsed values make the key, so `?brightness=Dark` and `?brightness=dark` share a body.
      const key = JSON.stringify([filters, paging.page, paging.limit, order]);
      const version = library.version();
      let body = lists.get(version, key);
      if (!body) {
        body = Buffer.from(JSON.stringify(library.list(filters, paging, order)));
        lists.set(version, key, body);
      }
      jsonBody(res, 200, body);
    },
    random(query, req, res) {
      const ask = randomAsk(query, req, res);
      const body = library.randomJson(ask.filters, ask.options);
      if (body === undefined) throw noMatch(ask.filters);
      jsonRead(res, body, NO_STORE);
    },
    async randomImage(query, req, res) {
      const { filters, spec, options } = randomAsk(query, req, res);
      const redirecting = parseRedirect(query);
      const { wallpaper, opened } = await pickOpened(filters, options);
      if (!spec && !redirecting)
        return sendOpened(
          req,
          res,
          opened.frame ? frameSlot(wallpaper.id, opened, opened.frame) : imageSlot(wallpaper.id, wallpaper),
          RANDOM_FILE,
          opened,
        );
      await opened.handle.close();
      if (redirecting) return redirect(res, variantUrl(wallpaper, spec));
      return sendVariant(req, res, await variantOf(wallpaper.id, spec!), RANDOM_FILE);
    },
    randomThumbnail(query, req, res) {
      const ask = randomAsk(query, req, res);
      return sendThumbnail(pick(ask.filters, ask.options).id, req, res, RANDOM_FILE);
    },
    record(id, res) {
      const wallpaper = library.get(checkedId(id));
      if (!wallpaper) throw unknownId();
      json(res, 200, wallpaper);
    },
    async image(id, query, req, res) {
      const spec = parseVariant(query);
      if (!spec) return sendImage(checkedId(id), req, res);
      const variant = await variantOf(checkedId(id), spec);
      return sendVariant(req, res, variant, variant.frame ? FRAME_FILE : IMMUTABLE_FILE);
    },
    thumbnail: (id, req, res) => sendThumbnail(checkedId(id), req, res, IMMUTABLE_FILE),
    download(id, filename, req, res) {
      const wallpaper = library.get(checkedId(id));
      if (!wallpaper) throw unknownId();
      if (wallpaper.filename !== filename) throw new WallpaperError('not_found', 'this wallpaper has no file of this name');
      return sendImage(wallpaper.id, req, res);
    },
  };
}
