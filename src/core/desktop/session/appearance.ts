// The user's colour scheme, for `--appearance auto` and `watch` (`--appearance sun` follows the sun
// instead: sun.ts): the freedesktop settings portal's
// org.freedesktop.appearance color-scheme (through gdbus; 1 is dark, 2 light, 0 no preference),
// else the running desktop's own setting (Plasma's kdeglobals on KDE, GNOME's color-scheme on
// GNOME; both, GNOME's first, elsewhere); light when none answers. Also the portal's SettingChanged signal as `gdbus monitor` prints it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WallpaperError } from '../../errors.js';
import { type GValue, parseGVariant } from '../tools/index.js';
import { desktopFamily } from '../tools/index.js';
import { findOnPath } from '../tools/index.js';
import { runTool } from '../tools/index.js';

export type Scheme = 'light' | 'dark';
export const APPEARANCES = ['auto', 'light', 'dark', 'sun'] as const;
export type Appearance = (typeof APPEARANCES)[number];

const READ_TIMEOUT_MS = 3000;
export const PORTAL = {
  dest: 'org.freedesktop.portal.Desktop',
  path: '/org/freedesktop/portal/desktop',
  read: 'org.freedesktop.portal.Settings.Read',
  namespace: 'org.freedesktop.appearance',
  key: 'color-scheme',
} as const;

export function parseAppearance(value: string): Appearance {
  if ((APPEARANCES as readonly string[]).includes(value)) return value as Appearance;
  throw new WallpaperError('invalid_param', `invalid --appearance "${value}": expected auto, light, dark or sun`);
}

/** The portal's number (however deeply wrapped in variants) as a scheme; undefined for "no preference". */
function schemeOfPortalValue(value: GValue): Scheme | undefined {
  let inner = value;
  while (Array.isArray(inner) && inner.length === 1) inner = inner[0]!;
  return inner === 1 ? 'dark' : inner === 2 ? 'light' : undefined;
}

/** A `gdbus monitor` line of the portal's SettingChanged for the colour scheme, as a scheme. */
export function schemeOfSignal(line: string): Scheme | undefined {
  const at = line.indexOf('SettingChanged');
  if (at < 0 || !line.includes(`'${PORTAL.namespace}'`) || !line.includes(`'${PORTAL.key}'`)) return undefined;
  try {
    const args = parseGVariant(line.slice(at + 'SettingChanged'.length).trim()) as GValue[];
    return schemeOfPortalValue(args[2] ?? null) ?? 'light';
  } catch {
    return undefined;
  }
}

async function ask(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const path = findOnPath(tool, env, process.platform);
  if (!path) return undefined;
  try {
    return (await runTool({ name: tool, path }, args, { env, timeoutMs: READ_TIMEOUT_MS })).stdout.trim();
  } catch {
    return undefined;
  }
}

/** GNOME's org.gnome.desktop.interface color-scheme. */
async function gnomeScheme(env: NodeJS.ProcessEnv): Promise<Scheme | undefined> {
  const gnome = await ask('gsettings', ['get', 'org.gnome.desktop.interface', 'color-scheme'], env);
  if (gnome?.includes('prefer-dark')) return 'dark';
  if (gnome?.includes('prefer-light') || gnome?.includes('default')) return 'light';
  return undefined;
}

/** Plasma's colour scheme name (BreezeDark...) from kreadconfig, else from the kdeglobals file. */
async function plasmaScheme(env: NodeJS.ProcessEnv): Promise<Scheme | undefined> {
  for (const tool of ['kreadconfig6', 'kreadconfig5']) {
    const kde = await ask(tool, ['--file', 'kdeglobals', '--group', 'General', '--key', 'ColorScheme'], env);
    if (kde) return /dark/i.test(kde) ? 'dark' : 'light';
  }
  const config = env.XDG_CONFIG_HOME || (env.HOME ? join(env.HOME, '.config') : undefined);
  const text = config ? await readFile(join(config, 'kdeglobals'), 'utf8').catch(() => undefined) : undefined;
  const general = text?.split(/^\[/m).find((section) => section.startsWith('General]'));
  const name = general?.match(/^ColorScheme=(.*)$/m)?.[1]?.trim();
  return name ? (/dark/i.test(name) ? 'dark' : 'light') : undefined;
}

/** The scheme the session prefers now: the portal's, else the running desktop's own; light when
 * none answers. */
export async function colorScheme(env: NodeJS.ProcessEnv): Promise<Scheme> {
  return (await schemeNow(env)).scheme;
}

/** The scheme now, and whether anything said it (`found` false: nothing answered, light is used,
 * as on plain X11; the faces say so once: docs/desktops.md#light-and-dark). */
export async function schemeNow(env: NodeJS.ProcessEnv): Promise<{ scheme: Scheme; found: boolean }> {
  const portal = await ask(
    'gdbus',
    ['call', '--session', '--dest', PORTAL.dest, '--object-path', PORTAL.path, '--method', PORTAL.read, PORTAL.namespace, PORTAL.key],
    env,
  );
  if (portal) {
    try {
      const scheme = schemeOfPortalValue(parseGVariant(portal));
      if (scheme) return { scheme, found: true };
    } catch {
      // Not the portal's answer: ask the next.
    }
  }
  const family = desktopFamily(env);
  // The running desktop's own setting: another desktop's key may hold a stale default (GNOME's
  // `color-scheme 'default'` on a Plasma machine that has gsettings installed).
  const readers = family === 'kde' ? [plasmaScheme] : family === 'gnome' ? [gnomeScheme] : [gnomeScheme, plasmaScheme];
  for (const read of readers) {
    const scheme = await read(env);
    if (scheme) return { scheme, found: true };
  }
  return { scheme: 'light', found: false };
}
