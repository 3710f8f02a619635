// The shapes shared by the setter modules: a resolved tool, what a setter receives to run, and the
// setter itself. Kept apart from index.ts so the per-desktop modules do not import the facade.
import type { Monitor } from '../monitors/index.js';

import type { SetContext } from '../tools/index.js';

export { type SetContext, type Tool, toolOf } from '../tools/index.js';

/** One monitor's wallpaper (an absolute path). */
export interface Assignment {
  readonly monitor: Monitor;
  readonly file: string;
}

/** One way of setting the wallpaper. Detection picks exactly one and resolves its tools. */
export interface Setter {
  /** Stable name reported to callers (`gnome`, `kde`, `feh`, ...). */
  readonly name: string;
  /** Set the wallpaper to the absolute path `file`; rejects with a WallpaperError on failure. */
  set(file: string, context: SetContext): Promise<void>;
  /** Give each monitor its own file; absent where the desktop has one wallpaper for all. */
  setEach?(assignments: readonly Assignment[], context: SetContext): Promise<void>;
  /** setEach redraws every monitor, not only those given (feh hands its files to the screens in
   * order, a new swaybg replaces the old one for every output): a change of some monitors must
   * give the others what they show. */
  readonly redrawsAll?: boolean;
  /** Show one image spanned over every monitor (GNOME, Cinnamon, MATE: picture-options spanned). */
  setSpanned?(file: string, context: SetContext): Promise<void>;
  /** Give the light and the dark style their own picture (GNOME 42+: picture-uri, picture-uri-dark). */
  setLightDark?(light: string, dark: string, context: SetContext): Promise<void>;
}

/** One file on the screen, as a desktop reads it back: on a monitor (null: every one), in a slot
 * (null: both). */
export interface ShownPath {
  monitor: string | null;
  slot: 'light' | 'dark' | null;
  path: string;
}
