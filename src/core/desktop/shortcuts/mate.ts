// MATE's custom shortcuts (mate-keybinding-properties, run by mate-settings-daemon): one dconf folder
// per shortcut under /org/mate/desktop/keybindings/, read and written through the relocatable schema
// org.mate.control-center.keybinding (name, action, binding). There is no list key: the folders
// themselves are the list, so the other custom shortcuts are found with `dconf dump` (gsettings
// cannot list folders). `remove` resets our folders' keys, which leaves nothing of them in dconf.
import { WallpaperError } from '../../errors.js';
import { runTool } from '../tools/index.js';
import type { Tool } from '../tools/index.js';
import { type GSettings, gvString, ownBindings, stringsIn } from './gsettings.js';
import { type Binding, gtkKey, SHORTCUTS, type Shortcut, titleOf } from './keys.js';
import type { Backend, Stored } from './types.js';

const BASE = '/org/mate/desktop/keybindings/';
const SCHEMA = 'org.mate.control-center.keybinding';
/** Marco's own bindings and mate-settings-daemon's media keys. */
const OWN = ['org.mate.Marco.global-keybindings', 'org.mate.Marco.window-keybindings', 'org.mate.SettingsDaemon.plugins.media-keys'];
/** Reset binding first, so the daemon drops the shortcut before its command goes. */
const KEYS = ['binding', 'action', 'name'];

const schemaOf = (shortcut: Shortcut) => `${SCHEMA}:${BASE}${shortcut.name}/`;

/** `dconf dump` text (`[folder]` then `key=GVariant` lines) as folder -> key -> value. */
export function parseDump(text: string): Map<string, Map<string, string>> {
  const folders = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    const section = /^\[(.+)\]$/.exec(line.trim());
    if (section) {
      current = new Map();
      folders.set(section[1]!, current);
      continue;
    }
    const pair = /^([^=]+)=(.*)$/.exec(line);
    if (pair && current) current.set(pair[1]!.trim(), pair[2]!);
  }
  return folders;
}

export function mateBackend(gsettings: GSettings, dconf: Tool | undefined, env: NodeJS.ProcessEnv, timeoutMs: number): Backend {
  const installed = async (): Promise<Stored[]> => {
    const found: Stored[] = [];
    for (const shortcut of SHORTCUTS) {
      const keys = await gsettings.read(schemaOf(shortcut));
      if (!keys) throw missingSchema();
      const [binding = ''] = stringsIn(keys.get('binding') ?? '');
      const [command = ''] = stringsIn(keys.get('action') ?? '');
      if (binding || command) found.push({ shortcut, binding, command });
    }
    return found;
  };
  return {
    desktop: 'MATE',
    installed,
    async bindings() {
      const bindings: Binding[] = [];
      for (const schema of OWN) {
        const keys = await gsettings.read(schema);
        if (keys) bindings.push(...ownBindings(schema, keys, 'MATE'));
      }
      if (!dconf) {
        throw new WallpaperError(
          'unavailable',
          'MATE keeps its custom shortcuts as dconf folders, which only the dconf tool can list (to leave a taken key alone): install it (Debian, Ubuntu: apt install dconf-cli)',
        );
      }
      const { stdout } = await runTool(dconf, ['dump', BASE], { env, timeoutMs });
      for (const [folder, keys] of parseDump(stdout)) {
        const [binding] = stringsIn(keys.get('binding') ?? '');
        if (!binding) continue;
        const [name = folder] = stringsIn(keys.get('name') ?? '');
        const [action = ''] = stringsIn(keys.get('action') ?? '');
        const ours = SHORTCUTS.find((shortcut) => shortcut.name === folder)?.name;
        bindings.push({ key: binding, holder: `the custom shortcut "${name}" (${action})`, ...(ours ? { ours } : {}) });
      }
      return bindings;
    },
    async install(items, keys) {
      for (const { shortcut, command } of items) {
        const schema = schemaOf(shortcut);
        if (!(await gsettings.read(schema))) throw missingSchema();
        await gsettings.set(schema, 'name', gvString(titleOf(shortcut)));
        await gsettings.set(schema, 'action', gvString(command));
        // The binding last: mate-settings-daemon takes up a folder once it has one.
        await gsettings.set(schema, 'binding', gvString(gtkKey(shortcut, keys)));
      }
    },
    async remove() {
      const removed = await installed();
      for (const shortcut of SHORTCUTS) for (const key of KEYS) await gsettings.reset(schemaOf(shortcut), key);
      return removed;
    },
  };
}

function missingSchema(): WallpaperError {
  return new WallpaperError(
    'unavailable',
    `MATE's custom-shortcut schema ${SCHEMA} is not installed: it comes with MATE's Control Center (Debian, Ubuntu: apt install mate-control-center)`,
  );
}
