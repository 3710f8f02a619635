// The wallpaper routes of the spec's table: the list, random picks, one wallpaper, its image and
// thumbnail and its download under its own file name (all answered by the read handlers of
// reads.ts), and DELETE of one wallpaper.
import type { Request } from 'polka';
import { type RawParams, WallpaperError } from '../../core/index.js';
import type { RouteContext } from '../context.js';
import { checkedId, type Reads } from '../reads.js';
import type { Route } from '../router.js';
import { noContent } from '../json.js';

const queryOf = (req: Request): RawParams => (req.query ?? {}) as unknown as RawParams;

export function wallpaperRoutes({ library }: RouteContext, reads: Reads): Route[] {
  return [
    { path: '/api/wallpapers', methods: { GET: (req, res) => reads.list(queryOf(req), res) } },
    { path: '/api/wallpapers/random', methods: { GET: (req, res) => reads.random(queryOf(req), req, res) } },
    { path: '/api/wallpapers/random/image', methods: { GET: (req, res) => reads.randomImage(queryOf(req), req, res) } },
    { path: '/api/wallpapers/random/thumbnail', methods: { GET: (req, res) => reads.randomThumbnail(queryOf(req), req, res) } },
    {
      path: '/api/wallpapers/:id',
      methods: {
        GET: (req, res) => reads.record(req.params.id ?? '', res),
        DELETE: async (req, res) => {
          if (!(await library.remove(checkedId(req.params.id)))) throw new WallpaperError('not_found', 'no wallpaper with this id');
          noContent(res);
        },
      },
    },
    { path: '/api/wallpapers/:id/image', methods: { GET: (req, res) => reads.image(req.params.id ?? '', queryOf(req), req, res) } },
    { path: '/api/wallpapers/:id/thumbnail', methods: { GET: (req, res) => reads.thumbnail(req.params.id ?? '', req, res) } },
    {
      path: '/api/wallpapers/:id/download/:filename',
      methods: { GET: (req, res) => reads.download(req.params.id ?? '', req.params.filename ?? '', req, res) },
    },
  ];
}
