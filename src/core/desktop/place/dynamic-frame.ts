// What a desktop is given for a dynamic wallpaper (docs/design.md#the-time-of-day): on GNOME a timed XML itself
// (picture-uri names the XML and GNOME plays it); elsewhere the frame for now: a timed file's frame
// file (or its rendition, when the desktop cannot show its format), an Apple HEIC's image for now
// made a rendition (no desktop here shows HEIC). A solar one follows the sun at `location`.
// `watch` sets it again at each change (next()).
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type Dynamic, frameAt, readDynamic } from '../../dynamic/index.js';
import { WallpaperError } from '../../errors.js';
import { shownEverywhere } from '../../formats/index.js';
import { parseLocation } from '../../sun/index.js';
import type { PickedFile } from '../../types.js';
import type { Monitor } from '../monitors/index.js';

export interface FrameContext {
  dirs: { cache: string };
  settings(): { location: string | null };
}

async function dynamicOf(path: string): Promise<Dynamic> {
  const dynamic = readDynamic(path, await readFile(path));
  if (!dynamic) throw new WallpaperError('not_found', `${path} is no longer a dynamic wallpaper: a rescan will update the library`);
  return dynamic;
}

/** The frame for `now` and when it changes; a solar one needs the location setting. */
function frameNow(library: FrameContext, dynamic: Dynamic, now: Date) {
  const setting = library.settings().location;
  const location = setting === null ? undefined : parseLocation(setting);
  if (dynamic.kind === 'solar' && !location)
    throw new WallpaperError(
      'invalid_param',
      'a solar dynamic wallpaper follows the sun: set your location with wallpaper config set location LAT,LON (decimal degrees, e.g. 52.52,13.40)',
    );
  return frameAt(dynamic, now, location);
}

/** The file a setter is given for a dynamic pick now. @param plays the desktop plays a GNOME timed XML itself */
export async function dynamicShown(
  library: FrameContext,
  picked: PickedFile,
  monitor: Monitor | undefined,
  plays: boolean,
): Promise<string> {
  const ext = extname(picked.path).toLowerCase();
  if (plays && ext === '.xml') return picked.path;
  const dynamic = await dynamicOf(picked.path);
  const { frame } = frameNow(library, dynamic, new Date());
  const chosen = dynamic.frames[frame]!;
  const { renditionFor } = await import('./compose.js');
  const dir = join(library.dirs.cache, 'renditions');
  const { id, width, height } = picked.wallpaper;
  if ('path' in chosen)
    return shownEverywhere(chosen.path) ? chosen.path : renditionFor(chosen.path, { id: `${id}-f${frame}`, width, height }, monitor, dir);
  return renditionFor(picked.path, { id: `${id}-i${chosen.image}`, width, height }, monitor, dir, chosen.image);
}

/** When the frame of the dynamic wallpaper at `path` chosen at `shownAt` changes next (null: never,
 * or not within a day; also null for what the desktop plays itself): already past when a change
 * came between `shownAt` and now. */
export async function nextChange(library: FrameContext, path: string, plays: boolean, shownAt = new Date()): Promise<Date | null> {
  if (plays && extname(path).toLowerCase() === '.xml') return null;
  return frameNow(library, await dynamicOf(path), shownAt).next;
}
