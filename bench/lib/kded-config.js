// A config home in which KDE's kded5 (the StatusNotifierWatcher the tray tests and bench/tray.js
// start alone) finds every kconf_update script already done, so it starts without running them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const UPDATES = '/usr/share/kconf_update';

/** Write `config`/kconf_updaterc marking every shipped update as done. */
export function markKconfUpdatesDone(config) {
  const sections = readdirSync(UPDATES)
    .filter((name) => name.endsWith('.upd'))
    .map((name) => {
      const ids = [...readFileSync(join(UPDATES, name), 'utf8').matchAll(/^Id=(.*)$/gm)].map((m) => m[1]);
      return `[${name}]\ndone=${ids.join(',')}\n`;
    });
  writeFileSync(join(config, 'kconf_updaterc'), sections.join('\n'));
}
