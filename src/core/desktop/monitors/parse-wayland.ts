// The monitors as Wayland compositors and Plasma report them, parsed from their JSON: sway's
// `swaymsg -t get_outputs`, Hyprland's `hyprctl monitors -j`, KDE's `kscreen-doctor -j`. Each gives
// the current mode before rotation, so a quarter turn swaps width and height here.
import { type Monitor, rotated } from './types.js';

type Json = Record<string, unknown>;

const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null) : [];
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const sizeOf = (value: unknown): { width: number; height: number } => {
  const size = (value ?? {}) as Json;
  return { width: num(size.width), height: num(size.height) };
};

function parsed(text: string, tool: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${tool} printed something that is not JSON`);
  }
}

/** sway: active outputs; `transform` 90/270 (also flipped-90/-270) turns the mode a quarter. */
export function parseSwayOutputs(text: string): Monitor[] {
  return objects(parsed(text, 'swaymsg -t get_outputs'))
    .filter((output) => output.active !== false && typeof output.name === 'string')
    .map((output) => {
      const mode = sizeOf(output.current_mode);
      const rect = (output.rect ?? {}) as Json;
      const quarter = /(^|-)(90|270)$/.test(String(output.transform ?? 'normal'));
      return {
        name: output.name as string,
        ...rotated(mode.width || num(rect.width), mode.height || num(rect.height), quarter),
        x: num(rect.x),
        y: num(rect.y),
        primary: output.focused === true,
      };
    });
}

/** Hyprland: enabled monitors; an odd `transform` (1, 3, 5, 7) turns the mode a quarter. */
export function parseHyprlandMonitors(text: string): Monitor[] {
  return objects(parsed(text, 'hyprctl monitors -j'))
    .filter((monitor) => monitor.disabled !== true && typeof monitor.name === 'string')
    .map((monitor) => ({
      name: monitor.name as string,
      ...rotated(num(monitor.width), num(monitor.height), num(monitor.transform) % 2 === 1),
      x: num(monitor.x),
      y: num(monitor.y),
      primary: monitor.focused === true,
    }));
}

/** KScreen's rotation values: 1 none, 2 left, 4 inverted, 8 right. */
const QUARTER_ROTATIONS = new Set([2, 8]);

/** KDE Plasma: enabled, connected outputs; the current mode's size, rotated; priority 1 (Plasma 6) or
 * `primary` (Plasma 5) is the primary one. */
export function parseKscreenDoctor(text: string): Monitor[] {
  const outputs = objects(((parsed(text, 'kscreen-doctor -j') ?? {}) as Json).outputs);
  return outputs
    .filter((output) => output.enabled !== false && output.connected !== false && typeof output.name === 'string')
    .map((output) => {
      const mode = objects(output.modes).find((candidate) => String(candidate.id) === String(output.currentModeId));
      const size = sizeOf(mode?.size ?? output.size);
      const pos = (output.pos ?? {}) as Json;
      return {
        name: output.name as string,
        ...rotated(size.width, size.height, QUARTER_ROTATIONS.has(num(output.rotation))),
        x: num(pos.x),
        y: num(pos.y),
        primary: output.priority === 1 || output.primary === true,
      };
    });
}
