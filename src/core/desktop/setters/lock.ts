// The lock screen's own wallpaper (docs/design.md#the-wallpaper-on-screen `--target`), on the desktops that have one:
// GNOME's `org.gnome.desktop.screensaver picture-uri` (and `picture-uri-dark` where the schema has
// that key), KDE Plasma's `kscreenlockerrc` ([Greeter][Wallpaper][org.kde.image][General] Image,
// written with kwriteconfig and read back with kreadconfig, as Plasma's own settings store it) and
// MATE's `org.mate.screensaver picture-filename` (mate-screensaver 1.25+, which shows it instead of
// the desktop's picture when the file exists). Every other desktop is answered with the reason,
// before anything is written, so a `both` there changes nothing at all.
import { pathToFileURL } from 'node:url';
import { detect, type Detection } from './detect.js';
import { findOnPath } from '../tools/index.js';
import { checkGsettings, parseGVariantString } from './read-back.js';
import { DEFAULT_TIMEOUT_MS, runTool, setterFailure } from '../tools/index.js';
import { pathOf, type ShownPath } from './shown.js';
import type { SetContext, Tool } from './types.js';

/** A lock screen whose wallpaper can be set and read back. */
export interface LockScreen {
  /** The desktop, as its users call it. */
  readonly desktop: string;
  /** A dark-style picture of its own (GNOME, where the screensaver schema has picture-uri-dark). */
  readonly dark: boolean;
  set(light: string, dark: string): Promise<void>;
  /** What it shows now: one path (slot null), or the light and the dark one; empty: its default. */
  read(): Promise<ShownPath[]>;
  /** Back to the desktop's default (what `back` puts back where nothing was set before). */
  reset(): Promise<void>;
  /** Its settings read raw now; the function puts them back exactly (a `both` that fails undoes the
   * lock screen with it: KDE's plugin too, which read() cannot name). */
  snapshot(): Promise<() => Promise<void>>;
}

/** What lockScreenOf needs of the setters' options (index.ts's SetterOptions fits). */
interface LockOptions {
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  setCommand?: string | null;
  timeoutMs?: number;
  detection?: Detection;
}

export type LockAnswer = { lock: LockScreen } | { lock?: undefined; reason: string };

const WHERE = 'wallpaper sets the lock screen on GNOME, KDE Plasma and MATE';

/** Each setter's desktop as a person names it (the error names it). */
const DESKTOPS: Record<string, string> = {
  xfce: 'Xfce',
  cinnamon: 'Cinnamon',
  sway: 'sway',
  swaybg: 'this Wayland desktop (swaybg)',
  swww: 'this Wayland desktop (swww)',
  hyprpaper: 'Hyprland',
  feh: 'plain X11 (feh)',
  xwallpaper: 'plain X11 (xwallpaper)',
  macos: 'macOS',
  windows: 'Windows',
};

const GNOME = 'org.gnome.desktop.screensaver';
const MATE = 'org.mate.screensaver';

/** The keys of `schema`; none when gsettings says it has no such schema. Any other failure (a
 * timeout on a loaded machine, a crash) is the tool's error, not a schema that is missing. */
async function keysOf(gsettings: Tool, schema: string, context: SetContext): Promise<string[]> {
  const { stdout } = await runTool(gsettings, ['list-keys', schema], context).catch((error: Error) => {
    if (/No such schema/.test(error.message)) return { stdout: '' };
    throw error;
  });
  return stdout.split('\n').map((key) => key.trim());
}

async function gsettingsValue(gsettings: Tool, schema: string, key: string, context: SetContext): Promise<string | undefined> {
  const { stdout } = await runTool(gsettings, ['get', schema, key], context);
  return pathOf(parseGVariantString(stdout) ?? stdout.trim());
}

/** `keys` of `schema` as gsettings prints them (GVariant text, which `set` takes back as it is). */
async function gsettingsSnapshot(gsettings: Tool, schema: string, keys: readonly string[], context: SetContext) {
  const values = await Promise.all(keys.map(async (key) => (await runTool(gsettings, ['get', schema, key], context)).stdout.trim()));
  return async () => {
    for (const [i, key] of keys.entries()) await runTool(gsettings, ['set', schema, key, values[i]!], context);
  };
}

async function gnome(gsettings: Tool, context: SetContext): Promise<LockAnswer> {
  const keys = await keysOf(gsettings, GNOME, context);
  if (!keys.includes('picture-uri')) return { reason: `GNOME's screensaver settings (${GNOME} picture-uri) are not installed` };
  const dark = keys.includes('picture-uri-dark');
  const slots = dark ? (['picture-uri', 'picture-uri-dark'] as const) : (['picture-uri'] as const);
  return {
    lock: {
      desktop: 'GNOME',
      dark,
      async set(light, darkFile) {
        for (const key of slots) {
          const uri = pathToFileURL(key === 'picture-uri' ? light : darkFile).href;
          await runTool(gsettings, ['set', GNOME, key, uri], context);
          await checkGsettings(gsettings, GNOME, key, uri, context);
        }
      },
      async read() {
        const light = await gsettingsValue(gsettings, GNOME, 'picture-uri', context);
        const darkPath = dark ? await gsettingsValue(gsettings, GNOME, 'picture-uri-dark', context) : undefined;
        if (!darkPath || darkPath === light) return light ? [{ monitor: null, slot: null, path: light }] : [];
        if (!light) return [{ monitor: null, slot: null, path: darkPath }];
        return [
          { monitor: null, slot: 'light', path: light },
          { monitor: null, slot: 'dark', path: darkPath },
        ];
      },
      async reset() {
        for (const key of slots) await runTool(gsettings, ['reset', GNOME, key], context);
      },
      snapshot: () => gsettingsSnapshot(gsettings, GNOME, slots, context),
    },
  };
}

async function mate(gsettings: Tool, context: SetContext): Promise<LockAnswer> {
  if (!(await keysOf(gsettings, MATE, context)).includes('picture-filename'))
    return { reason: `MATE's screensaver settings (${MATE} picture-filename, mate-screensaver 1.25 or later) are not installed` };
  return {
    lock: {
      desktop: 'MATE',
      dark: false,
      async set(file) {
        // A plain path, as MATE's own background key; it starts with `/`, never GVariant text.
        await runTool(gsettings, ['set', MATE, 'picture-filename', file], context);
        await checkGsettings(gsettings, MATE, 'picture-filename', file, context);
      },
      async read() {
        const path = await gsettingsValue(gsettings, MATE, 'picture-filename', context);
        return path ? [{ monitor: null, slot: null, path }] : [];
      },
      reset: async () => void (await runTool(gsettings, ['reset', MATE, 'picture-filename'], context)),
      snapshot: () => gsettingsSnapshot(gsettings, MATE, ['picture-filename'], context),
    },
  };
}

/** kscreenlockerrc's group path to the image plugin's settings, as kwriteconfig takes it. */
const IMAGE_GROUP = [
  '--file',
  'kscreenlockerrc',
  '--group',
  'Greeter',
  '--group',
  'Wallpaper',
  '--group',
  'org.kde.image',
  '--group',
  'General',
];
const PLUGIN = ['--file', 'kscreenlockerrc', '--group', 'Greeter', '--key', 'WallpaperPlugin'];
/** kreadconfig's answer for a key that is not there (its --default), told apart from an empty one. */
const ABSENT = '\u0001absent';

function kde(context: SetContext, platform: NodeJS.Platform): LockAnswer {
  const tool = (names: string[]): Tool | undefined => {
    for (const name of names) {
      const path = findOnPath(name, context.env, platform);
      if (path) return { name, path };
    }
    return undefined;
  };
  const write = tool(['kwriteconfig6', 'kwriteconfig5']);
  const read = tool(['kreadconfig6', 'kreadconfig5']);
  if (!write || !read) return { reason: 'KDE Plasma was detected, but kwriteconfig5/6 and kreadconfig5/6 are not on PATH' };
  const image = async () => (await runTool(read, [...IMAGE_GROUP, '--key', 'Image'], context)).stdout.replace(/\r?\n$/, '');
  return {
    lock: {
      desktop: 'KDE Plasma',
      dark: false,
      async set(file) {
        const uri = pathToFileURL(file).href;
        // The greeter shows the Image of its wallpaper plugin: make it the image plugin (the default).
        await runTool(write, [...PLUGIN, 'org.kde.image'], context);
        await runTool(write, [...IMAGE_GROUP, '--key', 'Image', uri], context);
        const reads = await image();
        if (reads !== uri) throw setterFailure(write, `wrote kscreenlockerrc's Image but it reads ${JSON.stringify(reads)}`);
      },
      async read() {
        const plugin = (await runTool(read, PLUGIN, context)).stdout.trim();
        // Another plugin (a slideshow, a colour) shows something no path names.
        if (plugin !== '' && plugin !== 'org.kde.image') return [];
        const path = pathOf(await image());
        return path ? [{ monitor: null, slot: null, path }] : [];
      },
      reset: async () => void (await runTool(write, [...IMAGE_GROUP, '--key', 'Image', '--delete'], context)),
      async snapshot() {
        // A key never written is put back as absent (deleted), not as an empty value.
        const raw = async (key: string[]) => (await runTool(read, [...key, '--default', ABSENT], context)).stdout.replace(/\r?\n$/, '');
        const keys = [PLUGIN, [...IMAGE_GROUP, '--key', 'Image']];
        const values = await Promise.all(keys.map(raw));
        return async () => {
          for (const [i, key] of keys.entries())
            await runTool(write, values[i] === ABSENT ? [...key, '--delete'] : [...key, values[i]!], context);
        };
      },
    },
  };
}

/** The lock screen of the session `options` describes, or why it has none that can be set. */
export async function lockScreenOf(options: LockOptions): Promise<LockAnswer> {
  const platform = options.platform ?? process.platform;
  const detection: Detection = options.detection ?? detect({ ...options, platform });
  if (!detection.setter) return { reason: `no desktop session was found (${detection.reason})` };
  const context: SetContext = { env: options.env, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, tools: detection.tools };
  const { name } = detection.setter;
  const gsettings = detection.tools.get('gsettings');
  if (name === 'gnome' && gsettings) return gnome(gsettings, context);
  if (name === 'mate' && gsettings) return mate(gsettings, context);
  if (name === 'kde') return kde(context, platform);
  if (name === 'cinnamon')
    return { reason: `Cinnamon's lock screen shows the desktop's own wallpaper (its screensaver has no picture setting); ${WHERE}` };
  if (DESKTOPS[name]) return { reason: `${DESKTOPS[name]} has no lock-screen wallpaper of its own; ${WHERE}` };
  return { reason: `the configured set_command sets the desktop only; ${WHERE}` };
}
