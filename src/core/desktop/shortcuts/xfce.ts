// Xfce's custom shortcuts: the xfconf channel xfce4-keyboard-shortcuts, one string property per key
// (`/commands/custom/<Alt><Super>Right` = the command line), read by xfsettingsd. Xfce keys its
// shortcuts by key alone, so ours are recognised by their command (a `wallpaper` running the
// shortcut's action) on the shortcut's arrow, under any key set. Xfce only honours /commands/custom once `/commands/custom/override` is true;
// until then (a profile Xfce never started) it would replace that subtree with its defaults at the
// next start, wiping ours, so install first does what Xfce's own first start does: copy the defaults
// and set override. `remove` takes away our properties and nothing else.
import { runTool } from '../tools/index.js';
import type { Tool } from '../tools/index.js';
import type { KeySet } from './key-sets.js';
import { type Binding, normalKey, onArrow, runsShortcut, SHORTCUTS, type Shortcut, xfceKey } from './keys.js';
import type { Backend, Stored } from './types.js';

const CHANNEL = 'xfce4-keyboard-shortcuts';
/** Xfce's two shortcut providers: commands (xfsettingsd) and the window manager's actions. */
const PROVIDERS = ['commands', 'xfwm4'] as const;

/** `xfconf-query -l -v` lines (`PROPERTY<spaces>VALUE`) as property -> value. */
export function parseListing(text: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^(\/\S*)\s*(.*)$/.exec(line);
    if (match) properties.set(match[1]!, match[2]!);
  }
  return properties;
}

/** The keys a provider's subtree binds (`/commands/custom/<Super>e`: `<Super>e`), not deeper
 * properties (`…/<Alt>F2/startup-notify`) nor `override`. */
function keysUnder(properties: Map<string, string>, base: string): [key: string, value: string, property: string][] {
  return [...properties].flatMap(([property, value]) => {
    const key = property.startsWith(base) ? property.slice(base.length) : '';
    return key && !key.includes('/') && key !== 'override' ? [[key, value, property] as [string, string, string]] : [];
  });
}

const isOurs = (key: string, value: string, shortcut: Shortcut) => onArrow(key, shortcut) && runsShortcut(value, shortcut);

export function xfceBackend(tool: Tool, env: NodeJS.ProcessEnv, timeoutMs: number): Backend {
  const query = (args: string[]) => runTool(tool, ['-c', CHANNEL, ...args], { env, timeoutMs });
  const read = async () => parseListing((await query(['-l', '-v'])).stdout);
  const overridden = (properties: Map<string, string>, provider: string) => properties.get(`/${provider}/custom/override`) === 'true';
  const ours = (properties: Map<string, string>) =>
    keysUnder(properties, '/commands/custom/')
      .flatMap(([key, command, property]) => {
        const shortcut = SHORTCUTS.find((candidate) => isOurs(key, command, candidate));
        return shortcut ? [{ shortcut, binding: key, command, property }] : [];
      })
      // In the shortcuts' own order, not the channel's alphabetical one.
      .sort((a, b) => SHORTCUTS.indexOf(a.shortcut) - SHORTCUTS.indexOf(b.shortcut));
  const setString = (property: string, value: string) => query(['-p', property, '-n', '-t', 'string', '-s', value]);

  return {
    desktop: 'Xfce',
    installed: async (): Promise<Stored[]> => ours(await read()).map(({ shortcut, binding, command }) => ({ shortcut, binding, command })),
    async bindings() {
      const properties = await read();
      const bindings: Binding[] = [];
      for (const provider of PROVIDERS) {
        // What is in force: the custom subtree once Xfce made it, else the defaults it will copy.
        const base = `/${provider}/${overridden(properties, provider) ? 'custom' : 'default'}/`;
        for (const [key, value] of keysUnder(properties, base)) {
          const shortcut = provider === 'commands' ? SHORTCUTS.find((candidate) => isOurs(key, value, candidate)) : undefined;
          const holder = provider === 'commands' ? `Xfce's shortcut running "${value}"` : `Xfce's window manager action ${value}`;
          bindings.push({ key, holder, ...(shortcut ? { ours: shortcut.name } : {}) });
        }
      }
      return bindings;
    },
    async install(items, keys: KeySet) {
      const properties = await read();
      if (!overridden(properties, 'commands')) {
        for (const [key, value] of keysUnder(properties, '/commands/default/')) await setString(`/commands/custom/${key}`, value);
        await query(['-p', '/commands/custom/override', '-n', '-t', 'bool', '-s', 'true']);
      }
      const present = ours(properties);
      for (const { shortcut, command } of items) {
        // One of ours already on this key (under any spelling) is rewritten in place; one on
        // another key set is moved.
        const key = xfceKey(shortcut, keys);
        const before = present.find((entry) => entry.shortcut === shortcut);
        if (before && normalKey(before.binding) !== normalKey(key)) await query(['-p', before.property, '-r']);
        const property = before && normalKey(before.binding) === normalKey(key) ? before.property : `/commands/custom/${key}`;
        await setString(property, command);
      }
    },
    async remove() {
      const present = ours(await read());
      for (const { property } of present) await query(['-p', property, '-r']);
      return present.map(({ shortcut, binding, command }) => ({ shortcut, binding, command }));
    },
  };
}
