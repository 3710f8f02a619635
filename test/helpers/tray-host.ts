// A real tray host's watcher for the tray's protocol tests: KDE's StatusNotifierWatcher (kded5's
// statusnotifierwatcher module, from plasma-workspace) on a private session bus, without a panel.
// kded5 runs each kconf_update script not yet recorded at start (Debian 12's krunnerhistory one
// never returns headless), so its config home records them all as done. `restart()` stops kded5 and
// starts it again: a panel restart, as the tray sees it (the watcher's name goes and comes back).
// And a client of the tray's item and menu over the same bus, a library of four solid colours
// on it, and `wallpaper tray` as its own process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import dbus from 'dbus-next';
import type { Test } from 'tap';
import { cannotRun, scratch, startGroup } from './desktops/session.js';
import { BIN, runCli } from './cli.js';
import { writeImage } from './fixtures.js';
import { eventually } from './serve.js';
import { markKconfUpdatesDone } from '../../bench/lib/kded-config.js';

const WATCHER = 'org.kde.StatusNotifierWatcher';

export interface TrayHost {
  /** The bus address, for the tray's DBUS_SESSION_BUS_ADDRESS. */
  address: string;
  dir: string;
  client: dbus.MessageBus;
  /** The watcher's RegisteredStatusNotifierItems. */
  registered(): Promise<string[]>;
  startWatcher(): Promise<void>;
  stopWatcher(): Promise<void>;
}

/** A private bus, and the watcher on it unless `watcher` is false; a reason to skip when this
 * machine cannot. */
export async function startTrayHost(t: Test, watcher = true): Promise<TrayHost | string> {
  const reason = cannotRun(['dbus-daemon', 'kded5'], 'dbus plasma-workspace');
  if (reason) return reason;
  const dir = scratch(t, 'tray');
  const daemon: ChildProcess = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  t.teardown(() => daemon.kill());
  const address = await new Promise<string>((resolve, reject) => {
    daemon.on('error', reject);
    createInterface({ input: daemon.stdout! }).once('line', (line) => resolve(line.trim()));
  });
  const config = join(dir, 'config');
  mkdirSync(config);
  markKconfUpdatesDone(config);
  const client = dbus.sessionBus({ busAddress: address });
  t.teardown(() => client.disconnect());
  const daemonIface = (await client.getProxyObject('org.freedesktop.DBus', '/org/freedesktop/DBus')).getInterface('org.freedesktop.DBus');
  const owned = async (name: string) => (await daemonIface.NameHasOwner!(name)) as boolean;
  let kded: ChildProcess | undefined;
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: join(dir, 'home'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
    XDG_CONFIG_HOME: config,
    QT_QPA_PLATFORM: 'offscreen',
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  const host: TrayHost = {
    address,
    dir,
    client,
    async registered() {
      const proxy = await client.getProxyObject(WATCHER, '/StatusNotifierWatcher');
      const value = await proxy.getInterface('org.freedesktop.DBus.Properties').Get!(WATCHER, 'RegisteredStatusNotifierItems');
      return (value as { value: string[] }).value;
    },
    async startWatcher() {
      kded = startGroup(t, 'kded5', [], env, join(dir, 'kded5.log'));
      if (!(await eventually(() => owned('org.kde.kded5'), 20_000))) throw new Error(`kded5 did not start (see ${dir}/kded5.log)`);
      const kdedProxy = await client.getProxyObject('org.kde.kded5', '/kded');
      await kdedProxy.getInterface('org.kde.kded5').loadModule!('statusnotifierwatcher');
      if (!(await eventually(() => owned(WATCHER), 10_000))) throw new Error('the StatusNotifierWatcher did not appear');
    },
    async stopWatcher() {
      if (kded?.pid) process.kill(-kded.pid, 'SIGTERM');
      await eventually(async () => !(await owned(WATCHER)), 10_000);
    },
  };
  if (watcher) await host.startWatcher();
  return host;
}

/** A property of the tray's item (`/StatusNotifierItem`) or menu (`/MenuBar`), read over the bus. */
export async function trayProperty(bus: dbus.MessageBus, name: string, path: string, iface: string, property: string): Promise<unknown> {
  const proxy = await bus.getProxyObject(name, path);
  return ((await proxy.getInterface('org.freedesktop.DBus.Properties').Get!(iface, property)) as { value: unknown }).value;
}

/** The menu's labels, depth first, each submenu's after its parent's (separators left out). */
export async function menuLabels(
  bus: dbus.MessageBus,
  name: string,
): Promise<{ id: number; label: string; enabled: boolean; checked?: boolean }[]> {
  const menu = (await bus.getProxyObject(name, '/MenuBar')).getInterface('com.canonical.dbusmenu');
  const [, layout] = (await menu.GetLayout!(0, -1, [])) as [number, Layout];
  const out: { id: number; label: string; enabled: boolean; checked?: boolean }[] = [];
  const walk = ([id, props, children]: Layout) => {
    const label = props.label?.value as string | undefined;
    if (id !== 0 && label !== undefined)
      out.push({
        id,
        label,
        enabled: props.enabled?.value !== false,
        ...(props['toggle-state'] ? { checked: props['toggle-state'].value === 1 } : {}),
      });
    for (const child of children) walk(child.value as Layout);
  };
  walk(layout);
  return out;
}
type Layout = [number, Record<string, { value: unknown }>, { value: unknown }[]];

/** Click menu item `id` as a GTK host does (data int32 0). */
export async function clickMenu(bus: dbus.MessageBus, name: string, id: number): Promise<void> {
  const menu = (await bus.getProxyObject(name, '/MenuBar')).getInterface('com.canonical.dbusmenu');
  await menu.AboutToShow!(0);
  await menu.Event!(id, 'clicked', new dbus.Variant('i', 0), 0);
}

export const ITEM = 'org.kde.StatusNotifierItem';
export const COLOURS = { red: [0xd0, 0x20, 0x20], green: [0x20, 0xb0, 0x20], blue: [0x20, 0x20, 0xd0], grey: [0x80, 0x80, 0x80] } as const;

/** A library of COLOURS' pictures (320x200 PNGs; none when `pictures` is false) set by `true {path}`,
 * on `host`'s bus; `cli` runs the CLI in-process on it. */
export async function trayLibrary(t: Test, host: TrayHost, pictures = true, extraEnv: NodeJS.ProcessEnv = {}) {
  const dir = t.testdir({ walls: {} });
  if (pictures)
    for (const [name, [r, g, b]] of Object.entries(COLOURS))
      await writeImage(join(dir, 'walls', `${name}.png`), {
        width: 320,
        height: 200,
        color: `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`,
        format: 'png',
      });
  const home = join(dir, 'home');
  const env = { XDG_CURRENT_DESKTOP: 'KDE', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: host.address, ...extraEnv };
  const cli = (...args: string[]) => runCli(['--home', home, ...args], env);
  t.equal((await cli('scan', join(dir, 'walls'))).code, 0);
  t.equal((await cli('config', 'set', 'set_command', 'true {path}')).code, 0);
  return { cli, home, env, dir };
}

/** `wallpaper tray` as its own process; its stderr kept. */
export function startTray(t: Test, home: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, '--home', home, 'tray'], {
    env: { ...process.env, WALLPAPER_HOME: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => child.kill('SIGKILL'));
  return { child, name: `${ITEM}-${child.pid}-1`, exited, stderr: () => stderr };
}
