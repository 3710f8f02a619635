// KDE Plasma 5.22+ and 6 ship plasma-apply-wallpaperimage, which sets every screen's wallpaper
// through plasmashell. Per monitor, Plasma's own scripting (org.kde.PlasmaShell.evaluateScript)
// sets each desktop's Image by its screen, found by the screen's place in the layout; whichever of
// qdbus6, qdbus and gdbus is present carries the script.
import { pathToFileURL } from 'node:url';
import type { Monitor } from '../monitors/types.js';
import { WallpaperError } from '../../errors.js';
import { findOnPath } from './path-lookup.js';
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

const SERVICE = 'org.kde.plasmashell';
const OBJECT = '/PlasmaShell';
const METHOD = 'org.kde.PlasmaShell.evaluateScript';

/** The Plasma script giving each screen (by its top-left corner) its image. */
export function plasmaScript(assignments: readonly { monitor: Monitor; file: string }[]): string {
  const images: Record<string, string> = {};
  for (const { monitor, file } of assignments) images[`${monitor.x},${monitor.y}`] = pathToFileURL(file).href;
  return [
    `var images = ${JSON.stringify(images)};`,
    'var all = desktops();',
    'for (var i = 0; i < all.length; i++) {',
    '  var d = all[i];',
    '  var g = screenGeometry(d.screen);',
    "  var image = images[g.x + ',' + g.y];",
    '  if (image === undefined) continue;',
    "  d.wallpaperPlugin = 'org.kde.image';",
    "  d.currentConfigGroup = ['Wallpaper', 'org.kde.image', 'General'];",
    "  d.writeConfig('Image', image);",
    '}',
  ].join('\n');
}

/** A string as GVariant text (gdbus parses its arguments as GVariant). */
const gvariantString = (text: string): string => `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;

export const kde: Setter = {
  name: 'kde',
  async set(file: string, context: SetContext): Promise<void> {
    await runTool(toolOf(context, 'plasma-apply-wallpaperimage'), [file], context);
  },
  async setEach(assignments, context): Promise<void> {
    const script = plasmaScript(assignments);
    const platform = process.platform;
    for (const name of ['qdbus6', 'qdbus']) {
      const path = findOnPath(name, context.env, platform);
      if (path) return void (await runTool({ name, path }, [SERVICE, OBJECT, METHOD, script], context));
    }
    const gdbus = findOnPath('gdbus', context.env, platform);
    if (gdbus) {
      const args = ['call', '--session', '--dest', SERVICE, '--object-path', OBJECT, '--method', METHOD, gvariantString(script)];
      return void (await runTool({ name: 'gdbus', path: gdbus }, args, context));
    }
    throw new WallpaperError('setter_failed', 'a wallpaper per monitor on KDE Plasma needs qdbus6, qdbus or gdbus on PATH (or use --same)');
  },
};
