// The tray on Xfce's real panel (xfce4-panel 4.18 with its Status Tray plugin, which is also the
// session's StatusNotifierWatcher), inside the Xfce suite's session: the item is registered with the
// panel, the panel draws the wallpaper on the primary monitor as the icon (its colour in a
// screenshot of the panel), a pointer click on the icon (Activate) puts the next one on screen, and
// the menu the panel draws, opened with a right click and chosen with the keyboard (Down selects its
// first enabled item, Next; Return sends the dbusmenu Event), does too: the screen shows each change.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { eventually } from '../serve.js';
import { wallpaperIn } from './cli.js';
import { type Library, reported, waitForScreen } from './screen.js';
import { findIcon, registeredItems, trayIn, watcherUp } from './tray-hosts.js';
import { type Desktop, startGroup } from './session.js';
import type { Place } from './screen.js';

const run = promisify(execFile);

/** A panel along the top of the primary monitor, 32 px, holding only the Status Tray. */
const PANEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<channel name="xfce4-panel" version="1.0">
  <property name="configver" type="int" value="2"/>
  <property name="panels" type="array">
    <value type="int" value="1"/>
    <property name="panel-1" type="empty">
      <property name="position" type="string" value="p=6;x=0;y=0"/>
      <property name="length" type="uint" value="100"/>
      <property name="position-locked" type="bool" value="true"/>
      <property name="size" type="uint" value="32"/>
      <property name="plugin-ids" type="array"><value type="int" value="1"/></property>
    </property>
  </property>
  <property name="plugins" type="empty">
    <property name="plugin-1" type="string" value="systray"/>
  </property>
</channel>
`;
const PANEL_HEIGHT = 32;

export function xfceTrayProofs(t: Test, desktop: Desktop, monitors: () => readonly Place[], library: Library): void {
  t.test('the tray on xfce4-panel: registered, the icon is the wallpaper, a click on it and on Next change the screen', async (t) => {
    const home = desktop.env.HOME!;
    const xml = join(home, '.config', 'xfce4', 'xfconf', 'xfce-perchannel-xml');
    mkdirSync(xml, { recursive: true });
    writeFileSync(join(xml, 'xfce4-panel.xml'), PANEL_XML);
    startGroup(t, 'xfce4-panel', [], desktop.env, join(desktop.dir, 'panel.log'));
    const bus = desktop.env.DBUS_SESSION_BUS_ADDRESS!;
    const registered = () => registeredItems(bus);
    const panelUp = await eventually(() => watcherUp(bus), 20_000);
    t.ok(panelUp, `xfce4-panel's Status Tray owns org.kde.StatusNotifierWatcher (see ${desktop.dir}/panel.log)`);
    if (!panelUp) return;

    const set = await wallpaperIn(desktop, library.home, ['random', '--set', '--same']);
    t.equal(set.code, 0, set.stderr);
    const shown = () => wallpaperIn(desktop, library.home, ['current']).then((r) => reported(r.stdout).map(([, path]) => path.trim()));
    const [first] = await shown();
    const { child: tray, name, said } = trayIn(t, desktop, library.home);
    const path = `${name}/StatusNotifierItem`;
    t.ok(await eventually(async () => (await registered()).includes(path), 15_000), `registered with the panel as ${path}`);

    // The panel spans the primary monitor (the first); the strip beside it shows the wallpaper.
    const strip = { name: 'panel', x: 0, y: 0, width: monitors()[0]!.width, height: PANEL_HEIGHT - 2 };
    const colourOf = (file: string | undefined) => library.fixtureOf(file ?? '')?.colour ?? '#000000';
    let icon: Awaited<ReturnType<typeof findIcon>>;
    t.ok(
      await eventually(async () => {
        icon = await findIcon(desktop, colourOf(first), strip);
        return icon !== undefined;
      }, 10_000),
      `the panel draws the icon in ${colourOf(first)}`,
    );
    if (!icon) return;
    const xdotool = (...args: string[]) => run('xdotool', args, { env: desktop.env });

    // A left click on the icon: Activate, which is `next`.
    await xdotool('mousemove', String(icon.x), String(icon.y), 'click', '1');
    let second: string | undefined;
    t.ok(
      await eventually(async () => {
        second = (await shown())[0];
        return second !== first;
      }, 8000),
      `a click on the icon puts the next one on screen ${said()}`,
    );
    const afterClick = await waitForScreen(
      desktop,
      monitors(),
      monitors().map(() => colourOf(second)),
      8000,
    );
    t.ok(afterClick.ok, `the screen shows ${colourOf(second)} (seen ${afterClick.seen.join(', ')})`);
    t.ok(await eventually(async () => (await findIcon(desktop, colourOf(second), strip)) !== undefined, 8000), 'and the icon follows');

    // The menu the panel draws: right click, Down to its first enabled item (Next), Return.
    await xdotool('mousemove', String(icon.x), String(icon.y), 'click', '3');
    await new Promise((resolve) => setTimeout(resolve, 800)); // the menu maps before it takes keys
    await xdotool('key', 'Down', 'Return');
    let third: string | undefined;
    const changed = await eventually(async () => {
      third = (await shown())[0];
      return third !== second;
    }, 8000);
    t.ok(changed, `the menu's Next puts another on screen ${said()}`);
    const afterMenu = await waitForScreen(
      desktop,
      monitors(),
      monitors().map(() => colourOf(third)),
      8000,
    );
    t.ok(afterMenu.ok, `the screen shows ${colourOf(third)} (seen ${afterMenu.seen.join(', ')})`);
    tray.kill('SIGTERM');
  });
}
