// The setters' public face: detect the desktop's setter (or use set_command) and run exactly that
// one: for every monitor, for each monitor its own, spanned, or a light and a dark picture. The
// CLI's `random --set` and anything else that changes the wallpaper call only this.
// May use: monitors, tools.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { WallpaperError } from '../../errors.js';
import { type Detection, detect, noSetterMessage } from './detect.js';
import { DEFAULT_TIMEOUT_MS } from '../tools/index.js';
import { readShown, type ShownPath } from './shown.js';
import type { Monitor } from '../monitors/index.js';
import type { Assignment, SetContext, Setter } from './types.js';

export type { Assignment } from './types.js';
export type { ShownPath } from './shown.js';
export { type LockScreen, lockScreenOf } from './lock.js';
export { type DesktopSnapshot, snapshotDesktop } from './snapshot.js';

export interface SetterOptions {
  /** Environment to detect from and to run tools with (PATH used to find tools). */
  env: NodeJS.ProcessEnv;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  /** The settings' set_command; null/undefined means detect. */
  setCommand?: string | null;
  /** Per-command timeout in ms, default 15000. */
  timeoutMs?: number;
  /** A detection made before (detectOnce), so one process detects once. */
  detection?: Detection;
}

function timeoutOf(options: SetterOptions): number {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new WallpaperError('invalid_param', `invalid setter timeout ${timeoutMs}: expected a positive number of ms`);
  }
  return timeoutMs;
}

/** What a detection found: the setter, its programs and what it can do beyond one wallpaper for all
 * monitors; or why none fits (`desktop`: the desktop recognised whose tools are missing). */
export type SetterInfo =
  | {
      name: string;
      tools: { name: string; path: string }[];
      perMonitor: boolean;
      span: boolean;
      lightDark: boolean;
      /** Setting some monitors redraws them all (feh, swaybg): give the others theirs too. */
      redrawsAll: boolean;
    }
  | { name?: undefined; reason: string; desktop?: string };

/** Detect the setter once; the result goes back in as SetterOptions.detection. */
export const detectOnce = (options: SetterOptions): Detection =>
  options.detection ?? detect({ ...options, platform: options.platform ?? process.platform });

/** The one description of a detection: doctor and the desktop facade both read it. */
export function describeSetter(options: SetterOptions): SetterInfo {
  const detection = detectOnce(options);
  if (!detection.setter) return { reason: detection.reason, ...(detection.desktop ? { desktop: detection.desktop } : {}) };
  const { setter } = detection;
  return {
    name: setter.name,
    tools: [...detection.tools.values()].map(({ name, path }) => ({ name, path })),
    perMonitor: setter.perMonitor,
    span: setter.span,
    lightDark: setter.lightDark,
    redrawsAll: setter.redrawsAll,
  };
}

/** The detected setter and its context, once every file is checked to be one. */
async function prepare(files: readonly string[], options: SetterOptions): Promise<{ setter: Setter; context: SetContext }> {
  const timeoutMs = timeoutOf(options);
  // Most setters happily store a path that does not exist and report success: check first.
  for (const file of files) {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new WallpaperError('setter_failed', `cannot set the wallpaper: ${file} is not a file`);
  }
  const detection = detectOnce(options);
  if (!detection.setter) throw new WallpaperError('setter_failed', noSetterMessage(detection.reason));
  return { setter: await detection.setter.load(), context: { env: options.env, timeoutMs, tools: detection.tools } };
}

/** Set the desktop wallpaper to the absolute path `file`; resolves with the name of the setter used. */
export async function setWallpaper(file: string, options: SetterOptions): Promise<{ setter: string }> {
  const absolute = path.resolve(file);
  const { setter, context } = await prepare([absolute], options);
  await setter.set(absolute, context);
  return { setter: setter.name };
}

/** Give each monitor its own wallpaper; one monitor alone is set like setWallpaper, unless `only`:
 * then only the monitors named change. */
export async function setEachMonitor(
  assignments: readonly Assignment[],
  options: SetterOptions,
  how: { only?: boolean } = {},
): Promise<{ setter: string }> {
  const absolute = assignments.map(({ monitor, file }) => ({ monitor, file: path.resolve(file) }));
  const { setter, context } = await prepare(
    absolute.map(({ file }) => file),
    options,
  );
  if (absolute.length === 1 && !how.only) await setter.set(absolute[0]!.file, context);
  else if (setter.setEach) await setter.setEach(absolute, context);
  else
    throw new WallpaperError(
      'setter_failed',
      `${setter.name} has one wallpaper for all monitors: use --same (or --span on GNOME, Cinnamon or MATE)`,
    );
  return { setter: setter.name };
}

/** Show one image spanned over every monitor (GNOME, Cinnamon, MATE). */
export async function setSpanned(file: string, options: SetterOptions): Promise<{ setter: string }> {
  const absolute = path.resolve(file);
  const { setter, context } = await prepare([absolute], options);
  if (!setter.setSpanned)
    throw new WallpaperError('invalid_param', `invalid --span: it applies to GNOME, Cinnamon and MATE, not ${setter.name}`);
  await setter.setSpanned(absolute, context);
  return { setter: setter.name };
}

/** Give the light and the dark style their own picture where the desktop has both (GNOME 42+);
 * elsewhere the light one is set. */
export async function setLightDark(light: string, dark: string, options: SetterOptions): Promise<{ setter: string }> {
  const files = [path.resolve(light), path.resolve(dark)] as const;
  const { setter, context } = await prepare(files, options);
  if (setter.setLightDark) await setter.setLightDark(files[0], files[1], context);
  else await setter.set(files[0], context);
  return { setter: setter.name };
}

/** What the desktop shows now, read back with its own tools (`monitors`: the session's, for a
 * desktop that names its screens by their place); undefined where the setter cannot tell
 * (or none is detected): the caller then trusts what it last set. A tool that fails reads as
 * "cannot tell", never as an error: `current` still answers from the history. */
export async function shownOnDesktop(options: SetterOptions, monitors?: () => Promise<Monitor[]>): Promise<ShownPath[] | undefined> {
  const detection = detectOnce(options);
  if (!detection.setter) return undefined;
  const context = { env: options.env, timeoutMs: timeoutOf(options), tools: detection.tools };
  return readShown(detection.setter.name, context, monitors).catch(() => undefined);
}
export { SET_COMMAND_SETTER } from './custom.js';
export type { Detection } from './detect.js';
