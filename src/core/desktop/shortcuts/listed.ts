// GNOME's and Cinnamon's custom shortcuts: a list key naming each shortcut, and a relocatable schema
// at a path per shortcut holding its name, command and binding. Ours are written first and listed
// after (the desktops reload their shortcuts when the list changes), and unlisted first and reset
// after, so `remove` leaves the list as it was and nothing under our paths.
import { type Binding, gtkKey, SHORTCUTS, type Shortcut, titleOf } from './keys.js';
import { type GSettings, gvString, gvStrings, ownBindings, stringsIn } from './gsettings.js';
import type { Backend, Stored } from './types.js';

interface Layout {
  desktop: string;
  /** The list of custom shortcuts. */
  list: { schema: string; key: string };
  /** The relocatable schema of one shortcut, and the folder its paths are under. */
  entry: { schema: string; base: string };
  /** What the list holds per shortcut: its whole path (GNOME) or its name (Cinnamon). */
  listsPaths: boolean;
  /** The binding key is a string list (Cinnamon) rather than one string (GNOME). */
  bindingList: boolean;
  /** The schemas of the desktop's own bindings, checked for a taken key (absent ones skipped). */
  own: readonly string[];
}

export const GNOME_LAYOUT: Layout = {
  desktop: 'GNOME',
  list: { schema: 'org.gnome.settings-daemon.plugins.media-keys', key: 'custom-keybindings' },
  entry: {
    schema: 'org.gnome.settings-daemon.plugins.media-keys.custom-keybinding',
    base: '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/',
  },
  listsPaths: true,
  bindingList: false,
  own: [
    'org.gnome.desktop.wm.keybindings',
    'org.gnome.mutter.keybindings',
    'org.gnome.mutter.wayland.keybindings',
    'org.gnome.shell.keybindings',
    'org.gnome.settings-daemon.plugins.media-keys',
  ],
};

export const CINNAMON_LAYOUT: Layout = {
  desktop: 'Cinnamon',
  list: { schema: 'org.cinnamon.desktop.keybindings', key: 'custom-list' },
  entry: { schema: 'org.cinnamon.desktop.keybindings.custom-keybinding', base: '/org/cinnamon/desktop/keybindings/custom-keybindings/' },
  listsPaths: false,
  bindingList: true,
  own: [
    'org.cinnamon.desktop.keybindings',
    'org.cinnamon.desktop.keybindings.wm',
    'org.cinnamon.desktop.keybindings.media-keys',
    'org.cinnamon.muffin.keybindings',
  ],
};

const ENTRY_KEYS = ['name', 'command', 'binding'];

export function listedBackend(layout: Layout, gsettings: GSettings): Backend {
  const pathOf = (entry: string) => (layout.listsPaths ? entry : `${layout.entry.base}${entry}/`);
  const entryOf = (shortcut: Shortcut) => (layout.listsPaths ? `${layout.entry.base}${shortcut.name}/` : shortcut.name);
  const schemaAt = (path: string) => `${layout.entry.schema}:${path}`;
  const oursOf = (entry: string) => SHORTCUTS.find((shortcut) => entryOf(shortcut) === entry);
  const readList = async () => stringsIn((await gsettings.read(layout.list.schema))?.get(layout.list.key) ?? '');
  const readEntry = async (path: string) => {
    const keys = await gsettings.read(schemaAt(path));
    const one = (key: string) => stringsIn(keys?.get(key) ?? '');
    return { name: one('name')[0] ?? '', command: one('command')[0] ?? '', bindings: one('binding') };
  };

  const installed = async (): Promise<Stored[]> => {
    const found: Stored[] = [];
    for (const entry of await readList()) {
      const shortcut = oursOf(entry);
      if (!shortcut) continue;
      const { command, bindings } = await readEntry(pathOf(entry));
      found.push({ shortcut, binding: bindings.join(', '), command });
    }
    return found;
  };

  return {
    desktop: layout.desktop,
    installed,
    async bindings() {
      const bindings: Binding[] = [];
      for (const schema of layout.own) {
        const keys = await gsettings.read(schema);
        if (keys) bindings.push(...ownBindings(schema, keys, layout.desktop, [layout.list.key]));
      }
      for (const entry of await readList()) {
        const { name, command, bindings: keys } = await readEntry(pathOf(entry));
        const ours = oursOf(entry)?.name;
        const holder = `the custom shortcut "${name || entry}" (${command})`;
        bindings.push(...keys.map((key) => ({ key, holder, ...(ours ? { ours } : {}) })));
      }
      return bindings;
    },
    async install(items, keys) {
      for (const { shortcut, command } of items) {
        const schema = schemaAt(pathOf(entryOf(shortcut)));
        await gsettings.set(schema, 'name', gvString(titleOf(shortcut)));
        await gsettings.set(schema, 'command', gvString(command));
        const binding = gtkKey(shortcut, keys);
        await gsettings.set(schema, 'binding', layout.bindingList ? gvStrings([binding]) : gvString(binding));
      }
      const list = await readList();
      const added = items.map(({ shortcut }) => entryOf(shortcut)).filter((entry) => !list.includes(entry));
      if (added.length > 0) await gsettings.set(layout.list.schema, layout.list.key, gvStrings([...list, ...added]));
    },
    async remove() {
      const removed = await installed();
      const list = await readList();
      const kept = list.filter((entry) => !oursOf(entry));
      if (kept.length !== list.length) await restoreList(gsettings, layout.list, kept);
      // Every path of ours is reset, listed or not: a half-written one (an install that failed
      // midway) goes too.
      for (const shortcut of SHORTCUTS) for (const key of ENTRY_KEYS) await gsettings.reset(schemaAt(pathOf(entryOf(shortcut))), key);
      return removed;
    },
  };
}

/** Set a list key to `list`, or reset it when that is its default: a list that was never set before
 * install is unset again after remove, not set to an equal value. */
async function restoreList(gsettings: GSettings, list: { schema: string; key: string }, entries: string[]): Promise<void> {
  await gsettings.reset(list.schema, list.key);
  const fallback = stringsIn((await gsettings.read(list.schema))?.get(list.key) ?? '');
  if (fallback.join('\n') !== entries.join('\n') || fallback.length !== entries.length) {
    await gsettings.set(list.schema, list.key, gvStrings(entries));
  }
}
