// The setters' public face: detect the desktop's setter (or use set_command) and run exactly that
// one. The CLI's `random --set` and anything else that changes the wallpaper call only this.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { WallpaperError } from '../errors.js';
import { detect, noSetterMessage } from './detect.js';
import { DEFAULT_TIMEOUT_MS } from './run.js';

export { DEFAULT_TIMEOUT_MS } from './run.js';
export { commandFor, splitCommandLine, PATH_PLACEHOLDER } from './command-line.js';

export interface SetterOptions {
  /** Environment to detect from and to run tools with (PATH used to find tools). */
  env: NodeJS.ProcessEnv;
  /** Default process.platform. */
  platform?: NodeJS.Platform;
  /** The settings' set_command; null/undefined means detect. */
  setCommand?: string | null;
  /** Per-command timeout in ms, default 15000. */
  timeoutMs?: number;
}

function timeoutOf(options: SetterOptions): number {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new WallpaperError('invalid_param', `invalid setter timeout ${timeoutMs}: expected a positive number of ms`);
  }
  return timeoutMs;
}

/** Which setter would be used and with which programs, or why none fits (for `doctor`). */
export function detectSetter(
  options: SetterOptions,
): { name: string; tools: { name: string; path: string }[] } | { name?: undefined; reason: string; desktop?: string } {
  const detection = detect({ ...options, platform: options.platform ?? process.platform });
  if (!detection.setter) return { reason: detection.reason, ...(detection.desktop ? { desktop: detection.desktop } : {}) };
  return { name: detection.setter.name, tools: [...detection.tools.values()].map(({ name, path }) => ({ name, path })) };
}

/** Set the desktop wallpaper to the absolute path `file`; resolves with the name of the setter used. */
export async function setWallpaper(file: string, options: SetterOptions): Promise<{ setter: string }> {
  const timeoutMs = timeoutOf(options);
  const absolute = path.resolve(file);
  // Most setters happily store a path that does not exist and report success: check first.
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) {
    throw new WallpaperError('setter_failed', `cannot set the wallpaper: ${absolute} is not a file`);
  }
  const detection = detect({ ...options, platform: options.platform ?? process.platform });
  if (!detection.setter) throw new WallpaperError('setter_failed', noSetterMessage(detection.reason));
  await detection.setter.set(absolute, { env: options.env, timeoutMs, tools: detection.tools });
  return { setter: detection.setter.name };
}
