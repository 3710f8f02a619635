// The administrative endpoints: POST /api/refresh (rescan and answer with the summary; concurrent
// calls share the library's one running scan) and GET/PUT /api/settings.
//
// PUT /api/settings may name any folder the client chooses (a loopback client or a token holder is
// trusted to say what the library is), but what it names is exactly what is read: folder paths with
// `.` or `..` segments are refused rather than silently normalised, and no new folder may overlap
// the data home (other than its default upload folder), which holds the thumbnails and the trash: a
// scan of those would index every thumbnail as a wallpaper and bring deleted wallpapers back.
import { realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { oneLine, WallpaperError } from '../../core/errors.js';
import { sweepStaleUploads } from '../../core/intake.js';
import type { Settings } from '../../core/types.js';
import { scanInBackground } from '../background.js';
import { readJsonBody } from '../body.js';
import type { RouteContext } from '../context.js';
import type { Logger } from '../errors.js';
import { STALE_UPLOAD_AGE_MS } from '../limits.js';
import type { Route } from '../router.js';
import { json } from '../send.js';

/** Settings whose change alters which files are in the library. */
const libraryChanged = (before: Settings, after: Settings) =>
  before.upload_folder !== after.upload_folder || JSON.stringify(before.folders) !== JSON.stringify(after.folders);

/** The real path of `path`, through links, for the part of it that exists. */
function realOf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realOf(parent), path.slice(parent.length));
  }
}

const within = (path: string, folder: string) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/**
 * Refuse folder values the core would accept but that must not come over HTTP (see the header).
 * Only folders new to the record are checked: one already there (set with the CLI) must not make
 * every later save of the gallery's settings form fail.
 */
export function checkFolderPaths(patch: unknown, current: Settings, home: string): void {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return; // the core explains
  const record = patch as Record<string, unknown>;
  const named: [string, unknown][] = [];
  if (Array.isArray(record.folders)) for (const folder of record.folders) if (!current.folders.includes(folder as string)) named.push(['folders', folder]);
  if (record.upload_folder !== current.upload_folder) named.push(['upload_folder', record.upload_folder]);
  const realHome = realOf(home);
  const ownUploads = realOf(join(home, 'uploads'));
  for (const [key, value] of named) {
    if (typeof value !== 'string' || value.includes('\0') || !value.startsWith('/')) continue; // the core refuses these
    if (value.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) {
      throw new WallpaperError('invalid_param', `invalid ${key}: expected an absolute folder path without . or .. segments`);
    }
    const real = realOf(value);
    if (within(realHome, real) || (within(real, realHome) && !within(real, ownUploads))) {
      throw new WallpaperError('invalid_param', `invalid ${key}: a folder may not contain or lie inside the data home (it holds the thumbnails and the trash)`);
    }
  }
}

/** Sweep abandoned upload temp files; a failure is logged and never stops the rescan. */
async function sweep(folder: string, logger: Logger): Promise<void> {
  try {
    await sweepStaleUploads(folder, STALE_UPLOAD_AGE_MS);
  } catch (error) {
    logger.error(`cannot sweep the upload folder: ${oneLine(error)}`);
  }
}

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

export function adminRoutes({ library, logger, maxJsonBodyBytes, tokenRequired }: RouteContext): Route[] {
  return [
    {
      path: '/api/refresh',
      methods: {
        POST: async (req, res) => {
          req.resume(); // a body, if any, means nothing here
          await sweep(library.settings().upload_folder, logger);
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
          checkFolderPaths(patch, before, library.home);
          checkSetCommand(patch, before, tokenRequired);
          const after = library.updateSettings(patch);
          // Answer now; the rescan of changed folders runs on and logs its outcome.
          if (libraryChanged(before, after)) void scanInBackground(library, logger, 'settings changed');
          json(res, 200, after, 'no-store');
        },
      },
    },
  ];
}
