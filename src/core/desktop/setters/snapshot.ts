// The desktop's wallpaper as it is, read raw before a change that may have to be undone (the failed
// second half of `--target both`, docs/design.md#the-wallpaper-on-screen), so that undoing it puts back exactly what was
// there, even where `current` has no one file to name. KDE Plasma: each desktop containment's
// wallpaper plugin and its image plugin's Image, by containment id (Plasma's own wallpaper package,
// a slideshow, a plain colour, a never-set Image all come back as they were); a set changes only
// those two. Other desktops answer undefined: their read-back (`current`) names files exactly, or
// they have no lock screen, so `both` never reaches them (sway, Xfce, Cinnamon, ...).
import { detect, type Detection } from './detect.js';
import { DEFAULT_TIMEOUT_MS } from '../tools/index.js';
import type { SetContext } from './types.js';

/** What the desktop showed before a change, and how to put it back. */
export interface DesktopSnapshot {
  restore(): Promise<void>;
}

interface SnapshotOptions {
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  setCommand?: string | null;
  timeoutMs?: number;
  detection?: Detection;
}

/** One Plasma desktop containment's wallpaper: its plugin, and its image plugin's Image. */
interface PlasmaWallpaper {
  id: number;
  plugin: string;
  image: string;
}

/** Prints every desktop containment's wallpaper as one JSON line (the set goes to desktops() too). */
const PLASMA_SNAPSHOT = [
  'var all = desktops();',
  'var saved = [];',
  'for (var i = 0; i < all.length; i++) {',
  '  var d = all[i];',
  "  d.currentConfigGroup = ['Wallpaper', 'org.kde.image', 'General'];",
  "  saved.push({ id: d.id, plugin: d.wallpaperPlugin, image: d.readConfig('Image', '') });",
  '}',
  'print(JSON.stringify(saved));',
].join('\n');

/** The script putting each containment's Image and plugin back as they were. */
function plasmaRestoreScript(saved: readonly PlasmaWallpaper[]): string {
  return [
    `var saved = ${JSON.stringify(saved)};`,
    'for (var i = 0; i < saved.length; i++) {',
    '  var d = desktopById(saved[i].id);',
    '  if (!d) continue;',
    "  d.currentConfigGroup = ['Wallpaper', 'org.kde.image', 'General'];",
    "  d.writeConfig('Image', saved[i].image);",
    '  d.wallpaperPlugin = saved[i].plugin;',
    '}',
  ].join('\n');
}

async function plasma(context: SetContext): Promise<DesktopSnapshot> {
  // KDE's setter module only on KDE (registry.ts says why).
  const { evaluatePlasmaScript } = await import('./kde.js');
  const printed = (await evaluatePlasmaScript(PLASMA_SNAPSHOT, context)).trim();
  const saved = JSON.parse(printed) as PlasmaWallpaper[];
  if (!Array.isArray(saved)) throw new Error(`plasmashell printed no wallpapers: ${printed}`);
  return { restore: async () => void (await evaluatePlasmaScript(plasmaRestoreScript(saved), context)) };
}

/** The desktop's wallpaper now, to be put back exactly; undefined where the desktop has no raw state
 * beyond what `current` reads (or it cannot be read: the caller falls back to the history). */
export async function snapshotDesktop(options: SnapshotOptions): Promise<DesktopSnapshot | undefined> {
  const detection: Detection = options.detection ?? detect({ ...options, platform: options.platform ?? process.platform });
  if (!('tools' in detection) || detection.setter.name !== 'kde') return undefined;
  const context: SetContext = { env: options.env, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, tools: detection.tools };
  return plasma(context).catch(() => undefined);
}
