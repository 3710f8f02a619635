// KDE Plasma 5.22+ and 6 ship plasma-apply-wallpaperimage, which sets every screen's wallpaper
// through plasmashell. Per monitor, Plasma's own scripting (org.kde.PlasmaShell.evaluateScript)
// sets each desktop's Image by its screen, found by the screen's place in the layout; whichever of
// qdbus6, qdbus and gdbus is present carries the script. The same channel reads each screen's Image
// back (`current`): plasmashell is what draws it, so what it holds is what is shown.
import { pathToFileURL } from 'node:url';
import type { Monitor } from '../monitors/index.js';
import { WallpaperError } from '../../errors.js';
import { findOnPath } from '../tools/index.js';
import { runTool } from '../tools/index.js';
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

/** The Plasma script printing, per screen of the current activity, `X,Y<TAB>PLUGIN<TAB>IMAGE`: the
 * screen's top-left corner (how the setter finds it too), its wallpaper plugin and Image. */
export const PLASMA_READ_SCRIPT = [
  "var all = typeof desktopsForActivity === 'function' ? desktopsForActivity(currentActivity()) : desktops();",
  'for (var i = 0; i < all.length; i++) {',
  '  var d = all[i];',
  '  if (d.screen < 0) continue;',
  '  var g = screenGeometry(d.screen);',
  "  d.currentConfigGroup = ['Wallpaper', 'org.kde.image', 'General'];",
  // print() adds no line break of its own.
  "  print(g.x + ',' + g.y + '\\t' + d.wallpaperPlugin + '\\t' + d.readConfig('Image') + '\\n');",
  '}',
].join('\n');

/** A string as GVariant text (gdbus parses its arguments as GVariant). */
const gvariantString = (text: string): string => `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;

/** Run a Plasma script with whichever of qdbus6, qdbus and gdbus is on PATH; what it printed. */
export async function evaluatePlasmaScript(script: string, context: SetContext): Promise<string> {
  const platform = process.platform;
  for (const name of ['qdbus6', 'qdbus']) {
    const path = findOnPath(name, context.env, platform);
    if (path) return (await runTool({ name, path }, [SERVICE, OBJECT, METHOD, script], context)).stdout;
  }
  const gdbus = findOnPath('gdbus', context.env, platform);
  if (gdbus) {
    const args = ['call', '--session', '--dest', SERVICE, '--object-path', OBJECT, '--method', METHOD, gvariantString(script)];
    const { stdout } = await runTool({ name: 'gdbus', path: gdbus }, args, context);
    // gdbus prints the reply as a GVariant tuple of one string: ('...',), with C-style escapes.
    const inner = /^\((['"])([\s\S]*)\1,\)$/.exec(stdout.trim())?.[2];
    const escapes: Record<string, string> = { n: '\n', t: '\t' };
    return inner === undefined ? stdout : inner.replace(/\\(.)/g, (_, char: string) => escapes[char] ?? char);
  }
  throw new WallpaperError('setter_failed', 'a wallpaper per monitor on KDE Plasma needs qdbus6, qdbus or gdbus on PATH (or use --same)');
}

/** Each screen's image as the read script printed it: its corner and a file:// URL or path; screens
 * showing another plugin (a slideshow, a plain colour) have no one image and are left out. */
export function parsePlasmaImages(printed: string): { x: number; y: number; image: string }[] {
  const screens: { x: number; y: number; image: string }[] = [];
  for (const line of printed.split('\n')) {
    const [corner, plugin, image] = line.split('\t');
    const [x, y] = (corner ?? '').split(',').map(Number);
    if (plugin !== 'org.kde.image' || !image || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    screens.push({ x: x!, y: y!, image: image.trim() });
  }
  return screens;
}

export const kde: Setter = {
  name: 'kde',
  async set(file: string, context: SetContext): Promise<void> {
    await runTool(toolOf(context, 'plasma-apply-wallpaperimage'), [file], context);
  },
  async setEach(assignments, context): Promise<void> {
    await evaluatePlasmaScript(plasmaScript(assignments), context);
  },
};
