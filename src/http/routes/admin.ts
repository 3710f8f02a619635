// The administrative endpoints: POST /api/refresh (rescan and answer with the summary; concurrent
// calls share the library's one running scan) and GET/PUT /api/settings.
import type { Settings } from '../../core/types.js';
import { scanInBackground } from '../background.js';
import { readJsonBody } from '../body.js';
import type { RouteContext } from '../context.js';
import type { Route } from '../router.js';
import { json } from '../send.js';

/** Settings whose change alters which files are in the library. */
const libraryChanged = (before: Settings, after: Settings) =>
  before.upload_folder !== after.upload_folder || JSON.stringify(before.folders) !== JSON.stringify(after.folders);

export function adminRoutes({ library, logger, maxJsonBodyBytes }: RouteContext): Route[] {
  return [
    {
      path: '/api/refresh',
      methods: {
        POST: async (req, res) => {
          req.resume(); // a body, if any, means nothing here
          json(res, 200, await library.scan(), 'no-store');
        },
      },
    },
    {
      path: '/api/settings',
      methods: {
        GET: (_req, res) => json(res, 200, library.settings(), 'no-store'),
        PUT: async (req, res) => {
          const patch = await readJsonBody(req, maxJsonBodyBytes);
          const before = library.settings();
          const after = library.updateSettings(patch);
          // Answer now; the rescan of changed folders runs on and logs its outcome.
          if (libraryChanged(before, after)) void scanInBackground(library, logger, 'settings changed');
          json(res, 200, after, 'no-store');
        },
      },
    },
  ];
}
