// Which monitors the session has: the user's own list (`--monitors`, WALLPAPER_MONITORS) first, else
// the tool of the running desktop (sway, Hyprland, KDE, GNOME's Mutter over gdbus, xrandr, macOS's
// system_profiler, Windows' IDesktopWallpaper), falling back to xrandr under X11. One adapter per
// source: a tool, its arguments and the parser of its output.
import { WallpaperError, oneLine } from '../../errors.js';
import { desktopFamily } from '../tools/index.js';
import { findOnPath } from '../tools/index.js';
import { DEFAULT_TIMEOUT_MS, runTool } from '../tools/index.js';
import { MONITORS_SCRIPT, powershellArgs } from '../tools/index.js';
import { parseHyprlandMonitors, parseKscreenDoctor, parseSwayOutputs } from './parse-wayland.js';
import { parseMacDisplays, parseMonitorsOverride, parseMutterState, parseWindowsMonitors, parseXrandrMonitors } from './parse-other.js';
import { type Monitor, withPrimary } from './types.js';

export interface MonitorOptions {
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** `--monitors`; else the environment's WALLPAPER_MONITORS. */
  override?: string;
  timeoutMs?: number;
}

interface Adapter {
  tool: string;
  args: string[];
  parse(text: string): Monitor[];
  /** Where the tool lives when PATH lacks it (cron). */
  fixedPath?: string;
}

const sway: Adapter = { tool: 'swaymsg', args: ['-t', 'get_outputs', '-r'], parse: parseSwayOutputs };
const hyprland: Adapter = { tool: 'hyprctl', args: ['monitors', '-j'], parse: parseHyprlandMonitors };
const kscreen: Adapter = { tool: 'kscreen-doctor', args: ['-j'], parse: parseKscreenDoctor };
const xrandr: Adapter = { tool: 'xrandr', args: ['--listmonitors'], parse: parseXrandrMonitors };
const mutter: Adapter = {
  tool: 'gdbus',
  args: [
    'call',
    '--session',
    '--dest',
    'org.gnome.Mutter.DisplayConfig',
    '--object-path',
    '/org/gnome/Mutter/DisplayConfig',
    '--method',
    'org.gnome.Mutter.DisplayConfig.GetCurrentState',
  ],
  parse: parseMutterState,
};
const macos: Adapter = {
  tool: 'system_profiler',
  args: ['SPDisplaysDataType', '-json'],
  parse: parseMacDisplays,
  fixedPath: '/usr/sbin/system_profiler',
};
const windows: Adapter = { tool: 'powershell', args: powershellArgs(MONITORS_SCRIPT), parse: parseWindowsMonitors };

function adaptersFor(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Adapter[] {
  if (platform === 'darwin') return [macos];
  if (platform === 'win32') return [windows];
  const x11 = env.DISPLAY ? [xrandr] : [];
  switch (desktopFamily(env)) {
    case 'sway':
      return [sway];
    case 'hyprland':
      return [hyprland];
    case 'kde':
      return [kscreen, ...x11];
    case 'gnome':
      return [mutter, ...x11];
    default:
      return x11;
  }
}

/** The monitors in the source's own order (xrandr's is the Xinerama order feh fills), with exactly
 * one primary; throws naming what was tried. */
export async function detectMonitors(options: MonitorOptions): Promise<Monitor[]> {
  const override = options.override ?? options.env.WALLPAPER_MONITORS;
  if (override !== undefined && override.trim() !== '') {
    return parseMonitorsOverride(override, options.override !== undefined ? '--monitors' : 'WALLPAPER_MONITORS');
  }
  const platform = options.platform ?? process.platform;
  const problems: string[] = [];
  for (const adapter of adaptersFor(options.env, platform)) {
    const path = findOnPath(adapter.tool, options.env, platform) ?? adapter.fixedPath;
    if (path === undefined) {
      problems.push(`${adapter.tool} is not on PATH`);
      continue;
    }
    try {
      const { stdout } = await runTool({ name: adapter.tool, path }, adapter.args, {
        env: options.env,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      });
      const monitors = adapter.parse(stdout).filter((monitor) => monitor.width > 0 && monitor.height > 0);
      if (monitors.length > 0) return withPrimary(monitors);
      problems.push(`${adapter.tool} lists no monitor`);
    } catch (error) {
      problems.push(`${adapter.tool}: ${oneLine(error)}`);
    }
  }
  const tried =
    problems.length > 0 ? problems.join('; ') : 'no desktop session recognised (no DISPLAY, WAYLAND_DISPLAY or known XDG_CURRENT_DESKTOP)';
  throw new WallpaperError(
    'unavailable',
    `cannot detect the monitors (${tried}): give them with --monitors "DP-1=2560x1440,HDMI-1=1080x1920" or WALLPAPER_MONITORS`,
  );
}
