// The monitors as the other sources report them: X11's `xrandr --listmonitors` (already rotated),
// GNOME's Mutter DisplayConfig GetCurrentState (through gdbus, GVariant text), macOS's
// `system_profiler SPDisplaysDataType -json`, Windows' IDesktopWallpaper monitors (our PowerShell
// script prints them as JSON), and the user's own `--monitors "DP-1=2560x1440,DP-2=1080x1920"`.
import { WallpaperError } from '../../errors.js';
import { type GValue, parseGVariant } from '../tools/index.js';
import { type Monitor, rotated } from './types.js';

/** ` 0: +*DP-1 2560/597x1440/336+0+0  DP-1`: index, flags (+ active, * primary), geometry, name. */
const XRANDR_LINE = /^\s*\d+:\s+([+*]*)(\S+)\s+(\d+)\/\d+x(\d+)\/\d+([+-]\d+)([+-]\d+)(?:\s+(\S+))?/;

/** xrandr's monitors in its own order (the Xinerama order feh fills). */
export function parseXrandrMonitors(text: string): Monitor[] {
  return text.split('\n').flatMap((line) => {
    const match = XRANDR_LINE.exec(line);
    if (!match) return [];
    const [, flags = '', name = '', width, height, x, y, output] = match;
    return [
      { name: output ?? name, width: Number(width), height: Number(height), x: Number(x), y: Number(y), primary: flags.includes('*') },
    ];
  });
}

const arr = (value: GValue | undefined): GValue[] => (Array.isArray(value) ? value : []);

/** GNOME: each logical monitor's first physical monitor, its current mode, rotated by the logical
 * monitor's transform (odd values turn a quarter), at the logical monitor's place. */
export function parseMutterState(text: string): Monitor[] {
  const [, physical, logical] = arr(parseGVariant(text));
  const modes = new Map<string, { width: number; height: number }>();
  for (const monitor of arr(physical)) {
    const [spec, monitorModes] = arr(monitor);
    const connector = String(arr(spec)[0] ?? '');
    const current = arr(monitorModes)
      .map(arr)
      .find((mode) => (mode[6] as Record<string, GValue> | undefined)?.['is-current'] === true);
    if (current) modes.set(connector, { width: Number(current[1]), height: Number(current[2]) });
  }
  return arr(logical).flatMap((entry) => {
    const [x, y, , transform, primary, specs] = arr(entry);
    const connector = String(arr(arr(specs)[0])[0] ?? '');
    const mode = modes.get(connector);
    if (!mode) return [];
    return [
      {
        name: connector,
        ...rotated(mode.width, mode.height, Number(transform) % 2 === 1),
        x: Number(x),
        y: Number(y),
        primary: primary === true,
      },
    ];
  });
}

/** macOS: each display's pixels (`3024 x 1964`), laid left to right in the order listed (the order of
 * System Events' desktops); the main display is primary. */
export function parseMacDisplays(text: string): Monitor[] {
  const data = JSON.parse(text) as { SPDisplaysDataType?: { spdisplays_ndrvs?: Record<string, string>[] }[] };
  let x = 0;
  return (data.SPDisplaysDataType ?? []).flatMap((gpu) =>
    (gpu.spdisplays_ndrvs ?? []).flatMap((display) => {
      const size = /(\d+)\s*x\s*(\d+)/.exec(display._spdisplays_pixels ?? display._spdisplays_resolution ?? '');
      if (!size) return [];
      const monitor = {
        name: display._name ?? `Display ${x}`,
        width: Number(size[1]),
        height: Number(size[2]),
        x,
        y: 0,
        primary: display.spdisplays_main === 'spdisplays_yes',
      };
      x += monitor.width;
      return [monitor];
    }),
  );
}

/** Windows: `[{name, x, y, width, height}]` as monitors.ps1 prints them (one object alone when
 * PowerShell unwraps a single-item array); the one at 0,0 is primary. */
export function parseWindowsMonitors(text: string): Monitor[] {
  const data = JSON.parse(text) as unknown;
  const list = (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
  return list.map((item) => ({
    name: String(item.name),
    width: Number(item.width),
    height: Number(item.height),
    x: Number(item.x),
    y: Number(item.y),
    primary: Number(item.x) === 0 && Number(item.y) === 0,
  }));
}

const OVERRIDE_ITEM = /^([^=,\s]+)=(\d{1,5})x(\d{1,5})(?:([+-]\d{1,6})([+-]\d{1,6}))?$/;

/** `NAME=WxH[+X+Y],...`: monitors without a place are laid left to right; the first is primary. */
export function parseMonitorsOverride(text: string, source = '--monitors'): Monitor[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new WallpaperError('invalid_param', `invalid ${source}: expected NAME=WIDTHxHEIGHT[,NAME=WIDTHxHEIGHT...]`);
  let nextX = 0;
  const monitors = items.map((item, index) => {
    const match = OVERRIDE_ITEM.exec(item);
    const width = Number(match?.[2]);
    const height = Number(match?.[3]);
    if (!match || width < 1 || height < 1) {
      throw new WallpaperError(
        'invalid_param',
        `invalid ${source} "${item}": expected NAME=WIDTHxHEIGHT (like DP-1=2560x1440), optionally +X+Y`,
      );
    }
    const x = match[4] === undefined ? nextX : Number(match[4]);
    const y = match[5] === undefined ? 0 : Number(match[5]);
    nextX = Math.max(nextX, x + width);
    return { name: match[1]!, width, height, x, y, primary: index === 0 };
  });
  const names = new Set(monitors.map((monitor) => monitor.name));
  if (names.size !== monitors.length) throw new WallpaperError('invalid_param', `invalid ${source}: a monitor is named twice`);
  return monitors;
}
