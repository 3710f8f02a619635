// What the setter is given for a pick, apart from set.ts so that what reads the screen (the lock
// screen's `current`) names a pick's file without loading the picking (a short command's
// start).
import { join } from 'node:path';
import { shownEverywhere } from '../../formats/index.js';
import type { PickedFile } from '../../types.js';
import type { FrameContext } from './dynamic-frame.js';
import type { Monitor } from '../monitors/index.js';

/** What the setter is given for a pick: its own file, or a rendition where the format is one not
 * every desktop shows (docs/design.md#every-format), or a dynamic wallpaper's frame for now (8.3; `plays`: the
 * desktop plays a GNOME timed XML itself); what is reported stays the pick's own path. */
export async function shownFile(library: FrameContext, picked: PickedFile, monitor?: Monitor, plays = false): Promise<string> {
  if (picked.wallpaper.dynamic) return (await import('./dynamic-frame.js')).dynamicShown(library, picked, monitor, plays);
  // Most picks go as they are, without loading sharp.
  if (shownEverywhere(picked.path)) return picked.path;
  return (await import('./compose.js')).renditionFor(picked.path, picked.wallpaper, monitor, join(library.dirs.cache, 'renditions'));
}
