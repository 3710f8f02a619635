// `tray --remove` (docs/desktops.md#the-tray) says what it did: the entry it removed, or that there
// was none (it once said "Removed" of a file that never existed). No desktop needed: it only writes
// and removes the XDG autostart entry.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';

t.test('tray --remove reports the entry removed, and says so when there is none', async (t) => {
  const dir = t.testdir({});
  const env = { XDG_CONFIG_HOME: join(dir, 'config') };
  const file = join(dir, 'config', 'autostart', 'wallpaper-tray.desktop');
  t.equal((await runCli(['--home', join(dir, 'home'), 'tray', '--install'], env)).code, 0);
  t.ok(existsSync(file), 'installed');
  const removed = await runCli(['tray', '--remove'], env);
  t.same([removed.code, removed.stdout], [0, `Removed ${file}\n`]);
  t.notOk(existsSync(file));
  const again = await runCli(['tray', '--remove'], env);
  t.same([again.code, again.stdout], [0, `No tray autostart entry to remove (${file}).\n`], 'nothing to remove: not "Removed"');
});
