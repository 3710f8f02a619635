// GET /api/wallpapers/{id}/colors?as=FORMAT&mode=dark|light|auto (docs/api.md#colors): a
// wallpaper's colour scheme (docs/colors.md) in one of the formats of `wallpaper colors --as`.
// Made from the stored palette (no decode); the answer of an id, format and mode never changes (an
// id names the picture's bytes), so it carries a strong ETag and a matching If-None-Match is a 304.
import type { Request } from 'polka';
import { openDesktop, WallpaperError } from '../../core/index.js';
import type { RouteContext } from '../context.js';
import { checkedId } from '../checked-id.js';
import type { Route } from '../router.js';
import { answeredNotModified } from '../send.js';

/** A parameter's last value; empty is absent (its default), as for the image's `as`. */
const single = (value: unknown): string | undefined =>
  (Array.isArray(value) ? String(value.at(-1)) : value === undefined ? undefined : String(value)) || undefined;

export function colorRoutes({ library, desktopEnv }: RouteContext): Route[] {
  return [
    {
      path: '/api/wallpapers/:id/colors',
      methods: {
        GET: async (req: Request, res) => {
          const id = checkedId(req.params.id);
          const colors = await openDesktop(desktopEnv).colors();
          const query = (req.query ?? {}) as Record<string, unknown>;
          const format = colors.parseColorFormat(single(query.as) ?? 'json', 'as');
          const mode = colors.parseColorMode(single(query.mode) ?? 'auto', 'mode');
          const wallpaper = library.get(id);
          if (!wallpaper) throw new WallpaperError('not_found', 'no wallpaper with this id');
          const resolved = mode === 'auto' ? colors.modeOfBrightness(wallpaper.brightness) : mode;
          const etag = `"${id}-${resolved}-${format}-v${colors.SCHEME_VERSION}"`;
          if (answeredNotModified(req, res, etag)) return;
          const scheme = await colors.colorSchemeOf(wallpaper, resolved, library.dirs.cache);
          const body = Buffer.from(colors.renderScheme(scheme, format, wallpaper.path));
          res.statusCode = 200;
          res.setHeader('Content-Type', colors.FORMAT_TYPES[format]);
          res.setHeader('Content-Length', body.length);
          res.end(body);
        },
      },
    },
  ];
}
