// The shapes shared by the setter modules: a resolved tool, what a setter receives to run, and the
// setter itself. Kept apart from index.ts so the per-desktop modules do not import the facade.
import type { Monitor } from '../monitors/types.js';

/** A program found on PATH: `name` is what messages show, `path` what is executed. */
export interface Tool {
  readonly name: string;
  readonly path: string;
}

/** Everything a setter needs to run its commands. */
export interface SetContext {
  /** Environment the tools run with (the caller's, never process.env behind its back). */
  readonly env: NodeJS.ProcessEnv;
  /** Per-command timeout in ms. */
  readonly timeoutMs: number;
  /** The tools detection found for this setter, by name. */
  readonly tools: ReadonlyMap<string, Tool>;
}

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

/** The tool `name` resolved by detection; its absence is a bug in detect.ts, not a user error. */
export function toolOf(context: SetContext, name: string): Tool {
  const tool = context.tools.get(name);
  if (!tool) throw new Error(`setter tool ${name} was not resolved by detection`);
  return tool;
}

/** One file on the screen, as a desktop reads it back: on a monitor (null: every one), in a slot
 * (null: both). */
export interface ShownPath {
  monitor: string | null;
  slot: 'light' | 'dark' | null;
  path: string;
}
