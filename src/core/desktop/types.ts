// The shapes of the desktop facade (index.ts): what a set is asked (filters or an id, and the
// options of `random --set`) and what it reports, per monitor and per slot (docs/design.md#what-a-change-reports).
import type { Appearance } from './session/index.js';
import type { Monitor } from './monitors/index.js';
import type { Filters, Library, PickedFile, ShownEntry, WallpaperSource } from '../types.js';
import type { SunEvent } from '../sun/index.js';

export type { ShownEntry };

export interface DesktopOptions {
  /** Pick for a light or a dark scheme (auto: the session's). */
  appearance?: Appearance;
  /** One wallpaper on every monitor. */
  same?: boolean;
  /** One composite spanned over every monitor (GNOME, Cinnamon, MATE). */
  span?: boolean;
  /** Crop a pick whose shape differs from its monitor's. */
  fit?: boolean;
  /** The monitors as `NAME=WxH,...` instead of detecting them. */
  monitors?: string;
  /** Recently set wallpapers may come again. */
  allowRepeat?: boolean;
  /** Only these monitors change (`hide current`: the monitors that showed the hidden one). */
  only?: string[];
  /** Where the picks go: the desktop (default), the lock screen, or both (--target). */
  target?: Target;
}

/** A pick asked of the desktop: random matches of `filters` from `source` (default the library),
 * recorded in `library`'s history. */
export interface DesktopRequest {
  library: Library;
  source?: WallpaperSource;
  filters: Filters;
  options?: DesktopOptions;
  /** The server `source` is (random --server), remembered so that `next` asks it again. */
  server?: string;
}

export type Slot = 'light' | 'dark';

/** Where a change goes (--target): the desktop, its lock screen, or both. */
export type Target = 'desktop' | 'lock' | 'both';

/** One wallpaper that went on the desktop: on a monitor (null: every one), in a slot (null: both). */
export interface SetEntry {
  monitor: Monitor | null;
  slot: Slot | null;
  picked: PickedFile;
}

/** What a set put on the screen; one entry with neither monitor nor slot when one wallpaper went
 * everywhere. `setter` is absent when nothing was set (picks only). */
export interface DesktopSet {
  setter?: string;
  entries: SetEntry[];
}

/** The desktop session of this process, detected once. */
export interface Desktop {
  /** Keyboard shortcuts for the daily commands in this desktop's own settings (or printed), loaded
   * when first asked for. */
  shortcuts(): Promise<import('./shortcuts/index.js').Shortcuts>;
  /** The setter and what it can do, or why there is none (for a given set_command). */
  setter(setCommand?: string | null): import('./setters/index.js').SetterInfo;
  /** The monitors (`override`: --monitors), detected once each. */
  monitors(override?: string): Promise<Monitor[]>;
  /** Pick by the request and put the picks on the screen; undefined when nothing matches. */
  set(request: DesktopRequest): Promise<DesktopSet | undefined>;
  /** What set() would pick, without setting (--monitors: one per monitor); undefined: no match. */
  choose(request: DesktopRequest): Promise<DesktopSet | undefined>;
  /** The session's colour scheme now, and whether anything said it (false: light, by default). */
  scheme(): Promise<{ scheme: import('./session/index.js').Scheme; found: boolean }>;
  /** Call `onScheme` with the session's colour scheme now and on every change (`watch`); resolves
   * with the function that stops. */
  followScheme(onScheme: (scheme: import('./session/index.js').Scheme) => void): Promise<() => void>;
  /** The sun at the library's `location` now: its scheme (light from sunrise to sunset) and the
   * next sunrise or sunset (null: none within a year); throws without a location. */
  sun(library: Library): { scheme: import('./session/index.js').Scheme; next: SunEvent | null };
  /** Call `onScheme` with the sun's scheme at the library's location now, then at each sunrise and
   * sunset and after a resume that crossed one (`watch --appearance sun`); returns the function
   * that stops. Throws without a location. */
  followSun(library: Library, onScheme: (scheme: import('./session/index.js').Scheme) => void): () => void;
  /** Keep the dynamic wallpapers this library put on the screen and the lock screen at their frame
   * for now (`watch`): each refresh runs through `enqueue`, reports what one place (the desktop or
   * the lock screen) was given; check() looks again (`shownAt`: when the set that prompted it began). */
  followDynamic(
    library: Library,
    enqueue: (work: () => Promise<void>) => void,
    onShown: (files: { monitor: string | null; slot: Slot | null; path: string }[], place: 'desktop' | 'lock') => void,
    onError: (error: unknown) => void,
  ): { check(shownAt?: Date): void; stop(): void };
  /** The wallpaper `id` on every monitor or on the one named (POST /api/wallpapers/{id}/set), on
   * the lock screen too or instead with `target`. */
  setById(library: Library, id: string, options?: { monitor?: string; target?: Target }): Promise<DesktopSet>;
  /** `text` as a set target (desktop, lock or both); invalid_param naming `name` (`--target`, `target`). */
  parseTarget(text: unknown, name: string): Target;
  /** The targets this session can set: desktop, and lock and both where it has a lock screen. */
  targets(library: Library): Promise<Target[]>;
  /** Refuse (no_lock_screen, naming the desktop) a target this session cannot set. */
  checkTarget(library: Library, target: Target): Promise<void>;
  /** What the screen shows now, per monitor and slot (`current`); `lock`: the lock screen's. */
  current(library: Library, target?: 'desktop' | 'lock'): Promise<ShownEntry[]>;
  /** The wallpaper `current` names (on `monitor`, else the primary) and the monitors showing it
   * (empty: every one). */
  currentId(library: Library, monitor?: string): Promise<{ id: string; monitors: string[] }>;
  /** Put back what the last change replaced, and forget that change (`back`; again goes further);
   * `target`: only that place's part of the newest change that set it. */
  back(library: Library, target?: Target): Promise<ShownEntry[]>;
  /** A desktop notification of what went on the screen; false when no notification service took it. */
  notify(entries: readonly ShownEntry[]): Promise<boolean>;
  /** The wallpaper on the primary monitor and what the panel says of it (undefined: nothing known). */
  shownNow(library: Library): Promise<ShownNow | undefined>;
  /** Call `onChange` after every change this library records (by any process); returns the stop. */
  followShown(library: Library, onChange: () => void): () => void;
  /** Set the appearance `next` asks with (the tray's "Light and dark"); false: no pick to change yet. */
  setLastAppearance(library: Library, appearance: DesktopOptions['appearance']): Promise<boolean>;
  /** Run the tray (docs/desktops.md#the-tray) until it is quit; refuses without a tray host. */
  tray(library: Library, hooks: import('./tray/index.js').TrayHooks): Promise<void>;
  /** Whether a tray host (StatusNotifierWatcher) is on the session bus (`doctor`). */
  trayHost(): Promise<boolean>;
  /** The colours room (docs/colors.md): schemes, their formats, --write and --apply; loaded when asked. */
  colors(): Promise<typeof import('../colors/index.js')>;
  /** What `--mode auto` means for a wallpaper of `brightness` (docs/colors.md#modes): the scheme the
   * last random --set asked for (--appearance), else the wallpaper's own brightness. */
  colorMode(library: Library, brightness: string): Promise<import('./session/index.js').Scheme>;
  /** The filters and options of the last pick by filters (`next` asks them again), if any. */
  lastRequest(library: Library): { filters: Filters; options: DesktopOptions; server?: string } | undefined;
  /** The newest change in the record of changes, whatever made it (`random --set`, `next`, `back`'s
   * record, the timer, `watch`, the API): when, and what it put on the screen. */
  lastChange(library: Library): { at: string; shown: ShownEntry[] } | undefined;
}

/** What the panel says about the wallpaper on screen. */
export interface ShownNow {
  entry: ShownEntry;
  /** The wallpaper's title, else the file's name (a file the library does not know). */
  title: string;
  /** `WIDTHxHEIGHT`, or null for a file the library does not know. */
  size: string | null;
  /** Who made it or where it came from. */
  credit: string;
  /** Title, size and credit, one a line. */
  tooltip: string;
}
