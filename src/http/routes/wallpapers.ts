// The wallpaper routes of the spec's table: the list, random picks, one wallpaper, its image and
// thumbnail and its download under its own file name (all answered by the read handlers of
// reads.ts), DELETE of one wallpaper, and POST .../set: it becomes the wallpaper of the desktop the
// server runs in (a phone as the desktop's remote), of its lock screen, or both ({"target"}).
import type { Request } from 'polka';
import type { IncomingMessage } from 'node:http';
import { type DesktopOptions, type RawParams, WallpaperError, openDesktop } from '../../core/index.js';

type Desktop = ReturnType<typeof openDesktop>;
type Target = NonNullable<DesktopOptions['target']>;
import { readJsonBody } from '../body.js';
import type { RouteContext } from '../context.js';
import type { Reads } from '../reads.js';
import { checkedId } from '../checked-id.js';
import type { Route } from '../router.js';
import { noContent } from '../json.js';

const queryOf = (req: Request): RawParams => (req.query ?? {}) as unknown as RawParams;

/** The optional `{"monitor": NAME, "target": "desktop"|"lock"|"both"}` of a set request; no body
 * means every monitor of the desktop. */
async function setBodyOf(req: IncomingMessage, maxBytes: number, desktop: Desktop): Promise<{ monitor?: string; target?: Target }> {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return {};
  const body = await readJsonBody(req, maxBytes);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new WallpaperError(
      'invalid_param',
      'invalid body: expected a JSON object {"monitor": "NAME", "target": "desktop|lock|both"}, or no body',
    );
  const { monitor, target } = body as Record<string, unknown>;
  const parsed = target === undefined || target === null ? {} : { target: desktop.parseTarget(target, 'target') };
  if (monitor === undefined || monitor === null) return parsed;
  if (typeof monitor !== 'string' || monitor.trim() === '' || monitor.length > 128) {
    throw new WallpaperError(
      'invalid_param',
      'invalid monitor: expected {"monitor": "NAME"} with a name from `wallpaper monitors`, or no body',
    );
  }
  return { ...parsed, monitor };
}

export function wallpaperRoutes({ library, maxJsonBodyBytes, desktopEnv }: RouteContext, reads: Reads): Route[] {
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
      path: '/api/wallpapers/:id/set',
      methods: {
        POST: async (req, res) => {
          const id = checkedId(req.params.id);
          const desktop = openDesktop(desktopEnv);
          await desktop.setById(library, id, await setBodyOf(req, maxJsonBodyBytes, desktop));
          noContent(res);
        },
      },
    },
    {
      path: '/api/wallpapers/:id/download/:filename',
      methods: { GET: (req, res) => reads.download(req.params.id ?? '', req.params.filename ?? '', req, res) },
    },
  ];
}
