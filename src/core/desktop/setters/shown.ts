// What the desktop shows now, read back with its own tools where it can tell (docs/design.md#the-wallpaper-on-screen):
// GNOME's two slots (picture-uri, picture-uri-dark), Cinnamon's picture-uri, MATE's picture-filename,
// Xfce's last-image per monitor, KDE Plasma's Image per screen (through plasmashell, as it is set),
// and the images of the swaybg drawing sway's (or our own swaybg's) outputs. Other desktops answer
// undefined and the caller falls back to what this library last put there.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Monitor } from '../monitors/index.js';
import { parseGVariantString } from './read-back.js';
import { runTool } from '../tools/index.js';
import { readSway, readSwaybg } from './shown-sway.js';
import { type SetContext, type ShownPath, toolOf } from './types.js';

export type { ShownPath } from './types.js';

/** A GSettings or Plasma value as a path: a file:// URI (GNOME, Cinnamon, KDE) or a plain path. */
export function pathOf(value: string): string | undefined {
  if (value.startsWith('file://')) {
    try {
      return fileURLToPath(value);
    } catch {
      return undefined;
    }
  }
  return value.startsWith('/') ? value : undefined;
}

async function gsettingsPath(context: SetContext, schema: string, key: string): Promise<string | undefined> {
  const { stdout } = await runTool(toolOf(context, 'gsettings'), ['get', schema, key], context);
  return pathOf(parseGVariantString(stdout) ?? stdout.trim());
}

const everywhere = (path: string | undefined): ShownPath[] => (path ? [{ monitor: null, slot: null, path }] : []);

async function gnome(context: SetContext): Promise<ShownPath[]> {
  const light = await gsettingsPath(context, 'org.gnome.desktop.background', 'picture-uri');
  // GNOME before 42 has no dark key: its one picture is all there is.
  const dark = await gsettingsPath(context, 'org.gnome.desktop.background', 'picture-uri-dark').catch(() => undefined);
  if (!dark || !light || dark === light) return everywhere(light ?? dark);
  return [
    { monitor: null, slot: 'light', path: light },
    { monitor: null, slot: 'dark', path: dark },
  ];
}

async function xfce(context: SetContext): Promise<ShownPath[]> {
  const xfconf = toolOf(context, 'xfconf-query');
  const { stdout } = await runTool(xfconf, ['-c', 'xfce4-desktop', '-l'], context);
  // The setter's module only on its desktop (registry.ts says why).
  const { lastImageProperties } = await import('./xfce.js');
  const shown: ShownPath[] = [];
  // The first workspace of each monitor: /backdrop/screen0/monitorDP-1/workspace0/last-image.
  for (const property of lastImageProperties(stdout)) {
    const monitor = /\/monitor([^/]+)\/workspace0\/last-image$/.exec(property)?.[1];
    if (!monitor || shown.some((entry) => entry.monitor === monitor)) continue;
    const value = (await runTool(xfconf, ['-c', 'xfce4-desktop', '-p', property], context)).stdout.replace(/\r?\n$/, '');
    if (value.startsWith('/')) shown.push({ monitor, slot: null, path: value });
  }
  return shown;
}

/** Each Plasma screen's image, named by the monitor at its corner. A screen showing Plasma's own
 * wallpaper package (a folder) or another plugin is left out: there is no one file to name. */
async function kde(context: SetContext, monitors: () => Promise<Monitor[]>): Promise<ShownPath[] | undefined> {
  const { evaluatePlasmaScript, PLASMA_READ_SCRIPT, parsePlasmaImages } = await import('./kde.js');
  const screens = parsePlasmaImages(await evaluatePlasmaScript(PLASMA_READ_SCRIPT, context)).flatMap((screen) => {
    const path = pathOf(screen.image);
    return path && statSync(path, { throwIfNoEntry: false })?.isDirectory() !== true ? [{ ...screen, path }] : [];
  });
  const [first] = screens;
  if (!first) return [];
  if (screens.every((screen) => screen.path === first.path)) return everywhere(first.path);
  const known = await monitors();
  const shown = screens.flatMap(({ x, y, path }) => {
    const monitor = known.find((candidate) => candidate.x === x && candidate.y === y);
    return monitor ? [{ monitor: monitor.name, slot: null, path }] : [];
  });
  // Screens that match no monitor cannot be named: then the history knows better.
  return shown.length === screens.length ? shown : undefined;
}

/** What the setter `name` shows, read back; undefined where it cannot tell. `monitors` (asked only
 * where a desktop names its screens by their place: KDE) are the session's. */
export async function readShown(
  name: string,
  context: SetContext,
  monitors: () => Promise<Monitor[]> = async () => [],
): Promise<ShownPath[] | undefined> {
  switch (name) {
    case 'kde':
      return kde(context, monitors);
    case 'sway':
      return readSway(context);
    case 'swaybg':
      return readSwaybg(context);
    case 'gnome':
      return gnome(context);
    case 'cinnamon':
      return everywhere(await gsettingsPath(context, 'org.cinnamon.desktop.background', 'picture-uri'));
    case 'mate':
      return everywhere(await gsettingsPath(context, 'org.mate.background', 'picture-filename'));
    case 'xfce':
      return xfce(context);
    default:
      return undefined;
  }
}
