// The variants of one library (index.ts says what a variant is): made on the bounded resize pool,
// kept in the cache home's budget, answered again from warm.ts; and each picture's point of
// interest (focus.ts), found once on the same pool and kept in memory. Loaded with the library's first
// variant, not at its open (the door names this room's parsers).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { goneFromDisk, readRange } from '../common/index.js';
import { VARIANT_QUEUE_PER_CORE } from '../limits.js';
import type { OpenedFile, VariantFile, Wallpaper } from '../types.js';
import { VariantCache, openCached, variantKey } from './cache.js';
import { WorkPool } from './pool.js';
import { WARM_BYTES_EACH, WarmVariants } from './warm.js';
import { CONTENT_TYPES, EXTENSIONS, type VariantSpec, answerBox, canonicalQuery, formatOfType } from './spec.js';
import type { Focus } from './focus.js';
import { renderFocus, renderVariant } from './render.js';

/** Points of interest kept in memory (a few dozen bytes each), the oldest dropped first. */
const FOCUS_ENTRIES = 2000;

export interface VariantSource {
  cacheHome: string;
  /** The index's version: a warm answer holds for one. */
  version(): string;
  budget: () => number;
  get(id: string): Wallpaper | undefined;
  openFile(id: string): Promise<OpenedFile | undefined>;
}

export function createVariants(source: VariantSource) {
  const cache = new VariantCache(join(source.cacheHome), source.budget);
  const cores = availableParallelism();
  const pool = new WorkPool(cores, cores * VARIANT_QUEUE_PER_CORE);
  const warm = new WarmVariants<VariantFile>();
  /** Points of interest by id (an id names the picture's bytes: a point never changes). */
  const foci = new Map<string, Promise<Focus>>();

  /** The source's bytes, only while its file is still as indexed. */
  const readSource = async (id: string): Promise<Buffer> => {
    const opened = await source.openFile(id);
    if (!opened) throw goneFromDisk();
    try {
      return await readRange(opened.handle, 0, opened.size);
    } finally {
      await opened.handle.close();
    }
  };

  return {
    /** The variant of `id`, or undefined for an unknown id. A source file changed behind the index
     * is not found (and queued for a rescan), cached variant or not. */
    async file(id: string, spec: VariantSpec): Promise<VariantFile | undefined> {
      const version = source.version();
      const key = `${id}${JSON.stringify(spec)}`;
      const known = await warm.get(version, key);
      if (known) {
        const body = known.bytes ? undefined : await openCached(known.path);
        if ((known.bytes || body) && cache.touch(known.path, known.mtimeMs, warm.due(known))) {
          return body ? { ...known.answer, body } : known.answer;
        }
        await body?.handle.close();
      }
      const wallpaper = source.get(id);
      if (!wallpaper) return undefined;
      const opened = await source.openFile(id);
      if (!opened) throw goneFromDisk();
      await opened.handle.close();
      const sourceFormat = formatOfType(wallpaper.content_type);
      const format = spec.as ?? sourceFormat;
      const query = canonicalQuery(spec, sourceFormat);
      // A timed wallpaper's variant is its frame for now's (docs/design.md#the-time-of-day): kept per frame file and
      // state, never answered warm (the same id shows another frame later).
      const frame = opened.frame && `${opened.frame.filename}:${opened.size}:${Math.trunc(opened.mtimeMs)}`;
      const keyed = frame ? `${query}&frame=${encodeURIComponent(frame)}` : query;
      const box = answerBox(spec, wallpaper.width, wallpaper.height);
      let body = await cache.get(id, keyed, EXTENSIONS[format], () =>
        pool.run(async () => (await renderVariant(await readSource(id), spec, format)).bytes),
      );
      const stem = wallpaper.filename.replace(/\.[^.]+$/, '');
      const answer = {
        contentType: CONTENT_TYPES[format],
        filename: `${stem}-${box.w}x${box.h}.${EXTENSIONS[format]}`,
        etag: `"${id}-v${variantKey(keyed)}"`,
        query,
        width: box.w,
        height: box.h,
        ...(frame ? { frame: true as const } : {}),
      };
      if ('handle' in body) {
        // Kept in the cache folder: warm from now on, its bytes in memory when small.
        const { size, mtimeMs } = body;
        let bytes: Buffer | undefined;
        if (size <= WARM_BYTES_EACH) {
          const handle = body.handle;
          try {
            bytes = await readRange(handle, 0, size);
          } finally {
            await handle.close();
          }
          body = { bytes, size: bytes.length, mtimeMs };
        }
        const file = { ...answer, body };
        const path = cache.pathOf(id, keyed, EXTENSIONS[format]);
        const checked = { path: opened.path, size: opened.size, mtimeMs: opened.mtimeMs };
        if (!frame && (!bytes || bytes.length === size))
          warm.set(version, key, { answer: file, source: checked, path, size, mtimeMs, bytes, touchedAt: Date.now() });
        return file;
      }
      return { ...answer, body };
    },
    /** The point of interest of `id` (focus.ts), found once on the resize pool; undefined for an unknown id. */
    async focus(id: string): Promise<Focus | undefined> {
      const wallpaper = source.get(id);
      if (!wallpaper) return undefined;
      let found = foci.get(id);
      if (!found) {
        found = pool.run(async () => renderFocus(await readSource(id)));
        foci.set(id, found);
        found.catch(() => foci.delete(id));
        if (foci.size > FOCUS_ENTRIES) foci.delete(foci.keys().next().value!);
      }
      return found;
    },
    drop: (ids: readonly string[]) => {
      for (const id of ids) foci.delete(id);
      if (ids.length > 0) warm.clear();
      return cache.drop(ids);
    },
    stats: async () => ({ ...(await cache.stats()), ...pool.load }),
  };
}

export type Variants = ReturnType<typeof createVariants>;
