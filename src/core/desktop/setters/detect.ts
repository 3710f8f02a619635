// Picks exactly one setter from the platform, the session's environment and the tools on its PATH.
// Desktops that draw their own background (GNOME, Plasma, Xfce, Cinnamon, MATE) get their own tool
// or nothing: falling back to feh there would "succeed" behind the desktop's window, invisibly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { customSetter } from './custom.js';
import { envValue, findOnPath, isExecutableFile } from '../tools/index.js';
import { refOf, SETTERS, type SetterRef } from './registry.js';
import type { Tool } from './types.js';
import { desktopOf, type Family, LABELS } from '../tools/index.js';

const { cinnamon, feh, gnome, hyprland, kde, macos, mate, sway, swaybg, swww, windows, xfce, xwallpaper } = SETTERS;

export interface DetectInput {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  setCommand?: string | null;
}

/** The setter with its tools, or why none fits (`desktop`: the desktop that was recognised, whose
 * tools are missing; absent when no desktop session was recognised at all). */
export type Detection = { setter: SetterRef; tools: Map<string, Tool> } | { setter?: undefined; reason: string; desktop?: string };

interface Candidate {
  setter: SetterRef;
  tools: string[];
}

const only = (setter: SetterRef, ...tools: string[]): Candidate => ({ setter, tools });

/** Tools that live at a fixed place even when a cron job's PATH is minimal. */
function wellKnownPaths(name: string, env: NodeJS.ProcessEnv): string[] {
  if (name === 'osascript') return ['/usr/bin/osascript'];
  if (name === 'powershell') {
    const root = envValue(env, 'SystemRoot');
    return root ? [path.win32.join(root, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe')] : [];
  }
  return [];
}

/** hyprpaper answers on a socket in Hyprland's instance directory while it runs (under
 * XDG_RUNTIME_DIR since Hyprland 0.40, under /tmp before). */
function hyprpaperRunning(env: NodeJS.ProcessEnv): boolean {
  const signature = env.HYPRLAND_INSTANCE_SIGNATURE;
  if (!signature) return false;
  const dirs = [env.XDG_RUNTIME_DIR ? path.join(env.XDG_RUNTIME_DIR, 'hypr') : undefined, '/tmp/hypr'];
  return dirs.some((dir) => dir !== undefined && existsSync(path.join(dir, signature, '.hyprpaper.sock')));
}

const GENERIC_WAYLAND: Candidate[] = [only(swww, 'swww'), only(swaybg, 'swaybg')];
const GENERIC_X11: Candidate[] = [only(feh, 'feh'), only(xwallpaper, 'xwallpaper')];

function candidatesFor(family: Family | undefined, env: NodeJS.ProcessEnv): Candidate[] {
  switch (family) {
    case 'gnome':
      return [only(gnome, 'gsettings')];
    case 'kde':
      return [only(kde, 'plasma-apply-wallpaperimage')];
    case 'xfce':
      return [only(xfce, 'xfconf-query')];
    case 'cinnamon':
      return [only(cinnamon, 'gsettings')];
    case 'mate':
      return [only(mate, 'gsettings')];
    case 'sway':
      return [only(sway, 'swaymsg'), ...GENERIC_WAYLAND];
    case 'hyprland':
      return [
        // A running hyprpaper is the user's choice of daemon; otherwise swww when installed, and
        // hyprpaper when installed (hyprctl then reports clearly if it is not running).
        ...(hyprpaperRunning(env) ? [only(hyprland, 'hyprctl')] : []),
        only(swww, 'swww'),
        only(hyprland, 'hyprctl', 'hyprpaper'),
        only(swaybg, 'swaybg'),
      ];
    case undefined:
      // XWayland sets DISPLAY inside Wayland sessions too, where the X root window is never shown.
      if (env.WAYLAND_DISPLAY) return GENERIC_WAYLAND;
      if (env.DISPLAY) return GENERIC_X11;
      return [];
  }
}

function describeSession(env: NodeJS.ProcessEnv): string {
  const current = env.XDG_CURRENT_DESKTOP ? `XDG_CURRENT_DESKTOP=${env.XDG_CURRENT_DESKTOP}` : 'XDG_CURRENT_DESKTOP unset';
  if (env.WAYLAND_DISPLAY) return `${current}, WAYLAND_DISPLAY=${env.WAYLAND_DISPLAY}`;
  if (env.DISPLAY) return `${current}, DISPLAY=${env.DISPLAY}`;
  return `${current}, no DISPLAY or WAYLAND_DISPLAY`;
}

const toolList = (candidates: Candidate[]): string => [...new Set(candidates.flatMap((candidate) => candidate.tools))].join(', ');

/** Choose the setter, or say why none fits. */
export function detect(input: DetectInput): Detection {
  const { env, platform } = input;
  const setCommand = input.setCommand?.trim();
  if (setCommand) return { setter: refOf(customSetter(setCommand, platform)), tools: new Map() };

  const locate = (name: string): Tool | undefined => {
    const found = findOnPath(name, env, platform) ?? wellKnownPaths(name, env).find(isExecutableFile);
    return found === undefined ? undefined : { name, path: found };
  };
  const pick = (candidates: Candidate[]): Detection | undefined => {
    for (const candidate of candidates) {
      const tools = new Map<string, Tool>();
      for (const name of candidate.tools) {
        const tool = locate(name);
        if (tool) tools.set(name, tool);
      }
      if (tools.size === candidate.tools.length) return { setter: candidate.setter, tools };
    }
    return undefined;
  };

  if (platform === 'darwin') return pick([only(macos, 'osascript')]) ?? { reason: 'macOS, osascript not found' };
  if (platform === 'win32') return pick([only(windows, 'powershell')]) ?? { reason: 'Windows, powershell not found' };

  const desktop = desktopOf(env);
  const candidates = candidatesFor(desktop?.family, env);
  const chosen = pick(candidates);
  if (chosen) return chosen;
  if (desktop) {
    const tools = toolList(candidates);
    const missing = candidates.length > 1 ? `none of ${tools} is on PATH` : `${tools} is not on PATH`;
    return { reason: `${LABELS[desktop.family]} detected from ${desktop.from}, but ${missing}`, desktop: LABELS[desktop.family] };
  }
  const session = describeSession(env);
  return { reason: candidates.length ? `${session}, none of ${toolList(candidates)} on PATH` : session };
}

/** The error text when no setter fits: what was seen, and the way out. */
export function noSetterMessage(reason: string): string {
  return `no wallpaper setter found for this desktop (${reason}): configure one with: wallpaper config set set_command "your-tool {path}"`;
}
