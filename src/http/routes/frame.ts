// GET /frame (docs/design.md#the-frame): the wallpaper frame, a page that fills any screen with
// wallpapers one after another. The page is static (gallery/frame.html and its scripts, served
// under the gallery's Content-Security-Policy); everything it shows comes from the random and image
// endpoints, which also validate its filters. Its query is read by the page, not here.
import { readFileSync } from 'node:fs';
import type { RouteContext } from '../context.js';
import type { Route } from '../router.js';
import { sendTagged } from './meta.js';

/** `gallery/frame.html` at the package root: three levels up from src/http/routes and dist/http/routes. */
export const FRAME_FILE = new URL('../../../gallery/frame.html', import.meta.url);

export function frameRoutes(_context: RouteContext): Route[] {
  let page: Buffer | undefined;
  return [
    {
      path: '/frame',
      methods: {
        GET: (req, res) => {
          page ??= readFileSync(FRAME_FILE);
          sendTagged(req, res, page, 'text/html; charset=utf-8');
        },
      },
    },
  ];
}
