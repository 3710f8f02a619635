// Which files only a timed wallpaper makes a wallpaper of (a GNOME timed XML, a .stw:
// docs/design.md#the-time-of-day), held apart from the dynamic reader so that opening an ordinary
// file, as every random pick does, never loads the dynamic room.
import { extname } from 'node:path';

/** Extensions of the files only a timed wallpaper makes a wallpaper of. */
export const TIMED_ONLY = new Set(['xml', 'stw']);

/** Whether `path` is such a file (by its extension, as the scan indexed it). */
export const isTimedOnly = (path: string): boolean => TIMED_ONLY.has(extname(path).slice(1).toLowerCase());
