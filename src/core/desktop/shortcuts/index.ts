// Keyboard shortcuts for the daily commands (docs/cli.md#wallpaper-shortcuts): an arrow with a set
// of modifiers each, Right `next`, Left `back`, Up `favorite current`, Down `hide current`, installed
// in the desktop's own custom-shortcut settings on GNOME, Cinnamon, MATE and Xfce on the first key set
// the desktop leaves free (or the one --keys asks for); for sway, i3, Hyprland and KDE Plasma,
// printed. The desktop is recognised as the setters recognise it; its settings are reached with its
// own tools.
// May use: tools.
import { WallpaperError } from '../../errors.js';
import { desktopFamily } from '../tools/index.js';
import { findOnPath } from '../tools/index.js';
import { DEFAULT_TIMEOUT_MS } from '../tools/index.js';
import type { Tool } from '../tools/index.js';
import { chooseKeys, KEY_SETS, type KeySet, parseChord } from './key-sets.js';
import { commandLine, gtkKey, keyName, normalKey, planInstall } from './keys.js';
import { printedShortcuts } from './print.js';
import type { Backend, InstallReport, Installed, Stored } from './types.js';

export interface Shortcuts {
  /** Install the four for `program` (the node binary, the bin and the library's --home or
   * --database) on the first key set the desktop leaves free, or on `keys` (a --keys chord, checked
   * here): each one whose key nothing else holds; the others are reported with their holder. */
  install(program: readonly string[], keys?: string): Promise<InstallReport>;
  /** Take ours away; the desktop's settings are left as they were before install. */
  remove(): Promise<{ desktop: string; removed: Installed[] }>;
  list(): Promise<{ desktop: string; installed: Installed[] }>;
  /** The lines for sway, i3 and Hyprland and the steps for KDE Plasma (installs nothing), on `keys`
   * (a --keys chord) when given. */
  print(program: readonly string[], keys?: string): string;
}

const INSTALLED_ON = 'GNOME, Cinnamon, MATE and Xfce';
const OTHER_LABELS: Record<string, string> = { kde: 'KDE Plasma', sway: 'sway', hyprland: 'Hyprland' };

/** The session as the error names it: the desktop and where that was read. */
function sessionOf(env: NodeJS.ProcessEnv): string {
  const family = desktopFamily(env);
  const from = env.XDG_CURRENT_DESKTOP
    ? `XDG_CURRENT_DESKTOP=${env.XDG_CURRENT_DESKTOP}`
    : env.DESKTOP_SESSION
      ? `DESKTOP_SESSION=${env.DESKTOP_SESSION}`
      : undefined;
  if (family) return `${OTHER_LABELS[family] ?? family} (${from ?? 'from its socket'})`;
  return from ? `${from.split('=')[1]} (${from})` : 'no desktop session recognised (XDG_CURRENT_DESKTOP unset)';
}

/** The desktop's own settings, their client imported for the desktop found: `print` and every other
 * command (the desktop room is at the door) load none of them. */
async function backendFor(env: NodeJS.ProcessEnv): Promise<Backend> {
  const family = desktopFamily(env);
  const tool = (name: string): Tool | undefined => {
    const path = findOnPath(name, env, process.platform);
    return path === undefined ? undefined : { name, path };
  };
  const need = (name: string, desktop: string): Tool => {
    const found = tool(name);
    if (!found) throw new WallpaperError('unavailable', `${desktop} detected, but ${name} is not on PATH: its shortcuts cannot be reached`);
    return found;
  };
  const timeoutMs = DEFAULT_TIMEOUT_MS;
  const gsettings = async (desktop: string) => (await import('./gsettings.js')).gsettingsClient(need('gsettings', desktop), env, timeoutMs);
  if (family === 'gnome' || family === 'cinnamon') {
    const { CINNAMON_LAYOUT, GNOME_LAYOUT, listedBackend } = await import('./listed.js');
    const client = await gsettings(family === 'gnome' ? 'GNOME' : 'Cinnamon');
    return listedBackend(family === 'gnome' ? GNOME_LAYOUT : CINNAMON_LAYOUT, client);
  }
  if (family === 'mate') return (await import('./mate.js')).mateBackend(await gsettings('MATE'), tool('dconf'), env, timeoutMs);
  if (family === 'xfce') {
    const xfconf = need('xfconf-query', 'Xfce');
    return (await import('./xfce.js')).xfceBackend(xfconf, env, timeoutMs);
  }
  throw new WallpaperError(
    'no_desktop',
    `keyboard shortcuts are installed on ${INSTALLED_ON}, and this session is ${sessionOf(env)}: ` +
      '`wallpaper shortcuts install --print` writes the lines for sway, i3 and Hyprland and the steps for KDE Plasma instead',
  );
}

/** gsettings "succeeds" without the session's bus (cron, ssh) while dconf drops the change: what
 * reads back is what counts. */
function notKept(desktop: string, done: 'installed' | 'removed', count: number): WallpaperError {
  return new WallpaperError(
    'unavailable',
    `${desktop}'s settings accepted the change but ${count} shortcut(s) did not read back ${done}: the desktop session's settings are not reachable from here (as in cron or over ssh without the session's DBUS_SESSION_BUS_ADDRESS); run this in the desktop session`,
  );
}

/** One of ours as stored, with its key as people read it. */
const named = (entry: Stored): Installed => ({ ...entry, key: keyName(entry.binding.split(', ')[0] ?? '') });

/** The shortcuts of the desktop session `env` describes (recognised when first used). */
export function openShortcuts(env: NodeJS.ProcessEnv): Shortcuts {
  let backend: Backend | undefined;
  const desktop = async () => (backend ??= await backendFor(env));
  return {
    async install(program, asked) {
      const chord = asked === undefined ? undefined : parseChord(asked);
      const settings = await desktop();
      const bindings = await settings.bindings();
      const takenOn = (keys: KeySet) => planInstall(bindings, keys).filter((plan) => plan.taken).length;
      const { keys, choice } = chooseKeys(takenOn, chord);
      const passed = choice === 'free' ? KEY_SETS.slice(0, KEY_SETS.indexOf(keys)).map((set) => ({ keys: set, taken: takenOn(set) })) : [];
      const planned = planInstall(bindings, keys);
      const wanted = planned.flatMap((plan) =>
        plan.taken ? [] : [{ shortcut: plan.shortcut, command: commandLine([...program, ...plan.shortcut.action]) }],
      );
      if (wanted.length > 0) await settings.install(wanted, keys);
      // What is reported installed is what the desktop's settings read back: this command on this key.
      const installed = (await settings.installed()).filter((entry) => wanted.some((item) => item.shortcut === entry.shortcut)).map(named);
      const kept = (item: (typeof wanted)[number]) => (entry: Installed) =>
        entry.shortcut === item.shortcut &&
        entry.command === item.command &&
        normalKey(entry.binding) === normalKey(gtkKey(item.shortcut, keys));
      const lost = wanted.filter((item) => !installed.some(kept(item)));
      if (lost.length > 0) throw notKept(settings.desktop, 'installed', lost.length);
      const taken = planned.flatMap((plan) => (plan.taken ? [{ shortcut: plan.shortcut, by: plan.taken }] : []));
      return { desktop: settings.desktop, keys, choice, passed, installed, taken };
    },
    async remove() {
      const settings = await desktop();
      const removed = (await settings.remove()).map(named);
      const left = (await settings.installed()).length;
      if (left > 0) throw notKept(settings.desktop, 'removed', left);
      return { desktop: settings.desktop, removed };
    },
    async list() {
      const settings = await desktop();
      return { desktop: settings.desktop, installed: (await settings.installed()).map(named) };
    },
    print: (program, asked) => printedShortcuts(program, asked === undefined ? undefined : parseChord(asked)),
  };
}
