// The administrative endpoints: POST /api/refresh (rescan and answer with the summary; concurrent
// calls share the library's one running scan), GET /api/status (is a scan running, how far, how
// many wallpapers, and a version that changes with the index: what a gallery polls while the
// library fills) and GET/PUT /api/settings.
//
// PUT /api/settings may name any folder the client chooses (a loopback client or a token holder is
// trusted to say what the library is); the core refuses what no face may set (relative paths, `.`
// and `..` segments, folders inside the data home), and the walk never enters the data home's own
// folders. Only `set_command`, which runs a program, needs more than loopback here.
import { WallpaperError, openDesktop, shownSettings } from '../../core/index.js';
import type { Settings } from '../../core/types.js';
import { scanInBackground } from '../background.js';
import { readJsonBody } from '../body.js';
import type { RouteContext } from '../context.js';
import type { Route } from '../router.js';
import { json } from '../json.js';
import { lanAddresses } from '../lan.js';

/** Settings whose change alters which files are in the library. */
const libraryChanged = (before: Settings, after: Settings) =>
  before.upload_folder !== after.upload_folder || JSON.stringify(before.folders) !== JSON.stringify(after.folders);

/**
 * `set_command` is run by the owner's next `random --set`: without a token any local account could
 * reach the loopback server and plant a command, so over HTTP it changes only when a token guards
 * the server. The CLI (`wallpaper config set set_command ...`) is the owner's own way.
 */
function checkSetCommand(patch: unknown, current: Settings, tokenRequired: boolean): void {
  if (tokenRequired || typeof patch !== 'object' || patch === null || !('set_command' in patch)) return;
  const value = (patch as Record<string, unknown>).set_command;
  // Unchanged, cleared (back to detection: harmless) or not a string (the core refuses it): no check.
  if (value === current.set_command || typeof value !== 'string') return;
  throw new WallpaperError(
    'forbidden',
    'set_command can be changed over HTTP only on a server started with a token; use `wallpaper config set set_command ...` on the server',
  );
}

export function adminRoutes({ library, logger, maxJsonBodyBytes, tokenRequired, host, desktopEnv }: RouteContext): Route[] {
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
      path: '/api/status',
      methods: {
        GET: async (req, res) => {
          // Where POST .../set can put a wallpaper here (the gallery offers the lock screen by it).
          const setTargets = await openDesktop(desktopEnv).targets(library);
          json(res, 200, { ...library.status(), lan: lanAddresses(host, req.socket.localPort ?? 0), set_targets: setTargets }, 'no-store');
        },
      },
    },
    {
      path: '/api/settings',
      methods: {
        // Source keys are shown as "***" (and "***" written back keeps the key).
        GET: (_req, res) => json(res, 200, shownSettings(library.settings()), 'no-store'),
        PUT: async (req, res) => {
          const patch = await readJsonBody(req, maxJsonBodyBytes);
          const before = library.settings();
          checkSetCommand(patch, before, tokenRequired);
          const after = library.updateSettings(patch);
          // Answer now; the rescan of changed folders runs on and logs its outcome.
          if (libraryChanged(before, after)) void scanInBackground(library, logger, 'settings changed');
          json(res, 200, shownSettings(after), 'no-store');
        },
      },
    },
  ];
}
