// The curation endpoints (docs/design.md#beyond-the-specification): favourite and hidden marks (PUT sets, DELETE clears;
// 204), a wallpaper's user tags (PUT a JSON array; 200 and the Wallpaper), the tags with their
// counts, the near-duplicate groups with each member's record, and "not duplicates" marks
// (POST /api/duplicates/not with {"ids": [...]}: 204). The mutations go through the access rule.
import type { Request, Response } from 'polka';
import { WallpaperError } from '../../core/index.js';
import type { Mark } from '../../core/types.js';
import { readJsonBody } from '../body.js';
import type { RouteContext } from '../context.js';
import { json, noContent } from '../json.js';
import { checkedId } from '../checked-id.js';
import type { Route } from '../router.js';

/** Wallpapers one "not duplicates" request may name (every pair of them is stored). */
const MAX_DISTINCT_IDS = 200;

const unknown = () => new WallpaperError('not_found', 'no wallpaper with this id');

export function curationRoutes({ library, maxJsonBodyBytes }: RouteContext): Route[] {
  const mark = (name: Mark, on: boolean) => (req: Request, res: Response) => {
    req.resume();
    if (!library.setMark(checkedId(req.params.id), name, on)) throw unknown();
    noContent(res);
  };
  return [
    { path: '/api/wallpapers/:id/favorite', methods: { PUT: mark('favorite', true), DELETE: mark('favorite', false) } },
    { path: '/api/wallpapers/:id/hidden', methods: { PUT: mark('hidden', true), DELETE: mark('hidden', false) } },
    {
      path: '/api/wallpapers/:id/tags',
      methods: {
        PUT: async (req, res) => {
          const id = checkedId(req.params.id);
          const wallpaper = library.setTags(id, await readJsonBody(req, maxJsonBodyBytes));
          if (!wallpaper) throw unknown();
          json(res, 200, wallpaper, 'no-store');
        },
      },
    },
    { path: '/api/tags', methods: { GET: (_req, res) => json(res, 200, { tags: library.tags() }, 'no-store') } },
    {
      path: '/api/duplicates',
      methods: {
        GET: (_req, res) => {
          json(res, 200, { groups: library.duplicates() }, 'no-store');
        },
      },
    },
    {
      path: '/api/duplicates/not',
      methods: {
        POST: async (req, res) => {
          const body = await readJsonBody(req, maxJsonBodyBytes);
          const ids = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).ids : undefined;
          if (!Array.isArray(ids) || ids.length < 2 || ids.length > MAX_DISTINCT_IDS || ids.some((id) => typeof id !== 'string')) {
            throw new WallpaperError(
              'invalid_param',
              `invalid ids: expected {"ids": [ID, ID, ...]} with 2 to ${MAX_DISTINCT_IDS} wallpaper ids`,
            );
          }
          library.markDistinct(ids as string[]);
          noContent(res);
        },
      },
    },
  ];
}
