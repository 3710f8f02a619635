// What the desktop shows now, read back with its own tools where it can tell (CONTRACT.md 8.2):
// GNOME's two slots (picture-uri, picture-uri-dark), Cinnamon's picture-uri, MATE's picture-filename
// and Xfce's last-image per monitor. Other desktops answer undefined and the caller falls back to
// what this library last put there.
import { fileURLToPath } from 'node:url';
import { parseGVariantString } from './read-back.js';
import { runTool } from './run.js';
import { lastImageProperties } from './xfce.js';
import { type SetContext, toolOf } from './types.js';

/** One file on the screen: on a monitor (null: every one), in a slot (null: both). */
export interface ShownPath {
  monitor: string | null;
  slot: 'light' | 'dark' | null;
  path: string;
}

/** A GSettings value as a path: a file:// URI (GNOME, Cinnamon) or a plain path (MATE). */
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

/** What the setter `name` shows, read back; undefined where it cannot tell. */
export async function readShown(name: string, context: SetContext): Promise<ShownPath[] | undefined> {
  switch (name) {
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
