// GET /api/wallpapers/{id}/focus (docs/api.md#focus): a wallpaper's point of interest, where the
// frame's slow zoom goes (motion=pan, docs/frame.md#layouts-and-motion): {"id", "x", "y"}, fractions
// of the picture as displayed. Found once per picture (the attention the cover crops use); an id
// names the picture's bytes, so the answer never changes: a strong ETag, and a match is a 304.
import type { Request } from 'polka';
import { WallpaperError } from '../../core/index.js';
import type { RouteContext } from '../context.js';
import { json } from '../json.js';
import { checkedId } from '../checked-id.js';
import type { Route } from '../router.js';
import { answeredNotModified } from '../send.js';

/** Bumped when the way the point is found changes (its ETag changes with it). */
const FOCUS_VERSION = 1;

export function focusRoutes({ library }: RouteContext): Route[] {
  return [
    {
      path: '/api/wallpapers/:id/focus',
      methods: {
        GET: async (req: Request, res) => {
          const id = checkedId(req.params.id);
          if (!library.get(id)) throw new WallpaperError('not_found', 'no wallpaper with this id');
          const etag = `"${id}-focus-v${FOCUS_VERSION}"`;
          if (answeredNotModified(req, res, etag)) return;
          const focus = await library.focus(id);
          if (!focus) throw new WallpaperError('not_found', 'no wallpaper with this id');
          json(res, 200, { id, x: focus.x, y: focus.y });
        },
      },
    },
  ];
}
