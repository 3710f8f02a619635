// The tray on a desktop's own host (docs/desktops.md#the-tray), inside a desktop suite's session:
// the item registers with the panel's StatusNotifierWatcher (RegisteredStatusNotifierItems read back),
// the panel draws the wallpaper on screen as its icon (the icon's colour found in a screenshot of the
// panel's strip), and the menu's Next, sent as the host sends it (com.canonical.dbusmenu Event
// "clicked"), puts another wallpaper on the screen, which the icon follows. Used where no pointer
// click reaches the panel (Wayland: GNOME, Plasma, sway's waybar); Xfce's panel is clicked with
// xdotool (tray-proofs.ts).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import dbus from 'dbus-next';
import sharp from 'sharp';
import type { Test } from 'tap';
import { BIN } from '../cli.js';
import { eventually } from '../serve.js';
import { clickMenu, menuLabels } from '../tray-host.js';
import { wallpaperIn } from './cli.js';
import { isColour, type Library, type Place, reported, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

const run = promisify(execFile);
const WATCHER = 'org.kde.StatusNotifierWatcher';

/** The watcher's RegisteredStatusNotifierItems on `bus` ([] while there is no watcher). */
export async function registeredItems(bus: string): Promise<string[]> {
  const { stdout } = await run('busctl', [
    `--address=${bus}`,
    '--json=short',
    'get-property',
    WATCHER,
    '/StatusNotifierWatcher',
    WATCHER,
    'RegisteredStatusNotifierItems',
  ]).catch(() => ({ stdout: '{"data":[]}' }));
  return (JSON.parse(stdout) as { data: string[] }).data;
}

/** Whether a StatusNotifierWatcher owns its name on `bus`. */
export const watcherUp = (bus: string): Promise<boolean> =>
  run('busctl', [`--address=${bus}`, 'status', WATCHER]).then(
    () => true,
    () => false,
  );

/** Where in `region` of a screenshot the pixels of `colour` are (their centre), or undefined when
 * there are too few or too many of them for a tray icon (16 to 48 px square). */
export async function findIcon(
  desktop: Desktop,
  colour: string,
  region: Place,
): Promise<{ x: number; y: number; count: number } | undefined> {
  const file = join(desktop.dir, 'panel.png');
  await desktop.screenshot(file);
  const { data, info } = await sharp(readFileSync(file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = region.y; y < Math.min(region.y + region.height, info.height); y++)
    for (let x = region.x; x < Math.min(region.x + region.width, info.width); x++) {
      const at = (y * info.width + x) * 3;
      const hex = `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      if (isColour(hex, colour)) {
        count++;
        sx += x;
        sy += y;
      }
    }
  return count >= 100 && count <= 48 * 48 ? { x: Math.round(sx / count), y: Math.round(sy / count), count } : undefined;
}

/** `wallpaper tray` in the session (its stderr kept), killed at teardown. */
export function trayIn(t: Test, desktop: Desktop, home: string): { child: ChildProcess; name: string; said: () => string } {
  const child = spawn(process.execPath, [BIN, '--home', home, 'tray'], { env: desktop.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk));
  t.teardown(() => child.kill('SIGKILL'));
  return { child, name: `org.kde.StatusNotifierItem-${child.pid}-1`, said: () => said };
}

export interface TrayHostProof {
  /** The host, for the test's name: "Plasma's panel". */
  host: string;
  /** The monitors' regions the screen check reads. */
  monitors: () => readonly Place[];
  /** The panel's strip where the icon is drawn; undefined where no screenshot shows the panel. */
  panel?: Place;
  /** The arguments of the first set (e.g. --same, so every monitor shows one colour). */
  setArgs?: readonly string[];
}

export function trayOnHostCases(t: Test, desktop: Desktop, library: Library, proof: TrayHostProof): void {
  const icon = proof.panel ? ', the icon is the wallpaper' : '';
  t.test(`the tray on ${proof.host}: registered${icon}, the menu's Next changes the screen`, async (t) => {
    const bus = desktop.env.DBUS_SESSION_BUS_ADDRESS!;
    t.ok(await eventually(() => watcherUp(bus), 20_000), `${proof.host} owns ${WATCHER}`);
    const set = await wallpaperIn(desktop, library.home, ['random', '--set', ...(proof.setArgs ?? [])]);
    t.equal(set.code, 0, set.stderr);
    const shown = async () => reported((await wallpaperIn(desktop, library.home, ['current'])).stdout)[0]?.[1] ?? '';
    const colourOf = (file: string) => library.fixtureOf(file)?.colour ?? '#000000';
    const first = await shown();
    const tray = trayIn(t, desktop, library.home);
    const client = dbus.sessionBus({ busAddress: bus });
    t.teardown(() => client.disconnect());
    // Hosts list an item by the name it registered with its path (`NAME/PATH`: KDE, Xfce, waybar) or
    // by the name alone (GNOME's AppIndicator extension; `:1.N@/PATH` for an item known by its path).
    const daemon = (await client.getProxyObject('org.freedesktop.DBus', '/org/freedesktop/DBus')).getInterface('org.freedesktop.DBus');
    let listed: string[] = [];
    const registered = await eventually(async () => {
      const owner = await daemon.GetNameOwner!(tray.name).catch(() => undefined);
      if (!owner) return false;
      listed = await registeredItems(bus);
      const forms = [tray.name, owner].flatMap((name) => [name, `${name}/StatusNotifierItem`, `${name}@/StatusNotifierItem`]);
      return listed.some((entry) => forms.includes(entry));
    }, 15_000);
    t.ok(registered, `registered with the watcher (it lists ${listed.join(', ')}) ${tray.said()}`);
    const panel = proof.panel;
    if (panel)
      t.ok(
        await eventually(async () => (await findIcon(desktop, colourOf(first), panel)) !== undefined, 15_000),
        `the panel draws the icon in ${colourOf(first)}`,
      );

    // Next from the menu, as the host sends it: AboutToShow, then Event(id, "clicked").
    const next = (await menuLabels(client, tray.name)).find((item) => item.label === 'Next');
    t.ok(next, 'the menu has Next');
    await clickMenu(client, tray.name, next!.id);
    let second = first;
    const changed = await eventually(async () => {
      second = await shown();
      return second !== first;
    }, 10_000);
    t.ok(changed, `the menu's Next puts another on screen ${tray.said()}`);
    const screen = await waitForScreen(
      desktop,
      proof.monitors(),
      proof.monitors().map(() => colourOf(second)),
      10_000,
    );
    t.ok(screen.ok, `the screen shows ${colourOf(second)} (seen ${screen.seen.join(', ')})`);
    if (panel)
      t.ok(await eventually(async () => (await findIcon(desktop, colourOf(second), panel)) !== undefined, 10_000), 'and the icon follows');
    tray.child.kill('SIGTERM');
    t.equal(tray.said(), '', 'the tray said nothing on stderr');
  });
}
