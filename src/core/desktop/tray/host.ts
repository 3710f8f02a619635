// The tray host: the session's StatusNotifierWatcher (org.kde.StatusNotifierWatcher, kept by the
// panel: Plasma's, Xfce's Status Tray, waybar's tray, GNOME's AppIndicator extension, ...). Without
// one nothing would draw the item, so the tray refuses to start and names what to install for this
// desktop; when the watcher restarts (a panel restart) the item registers again with the new one.
import dbus from 'dbus-next';
import { WallpaperError } from '../../errors.js';

const WATCHER = 'org.kde.StatusNotifierWatcher';
const WATCHER_PATH = '/StatusNotifierWatcher';

/** The session bus `env` names; no_desktop when there is none. */
export function sessionBusOf(env: NodeJS.ProcessEnv): dbus.MessageBus {
  if (!env.DBUS_SESSION_BUS_ADDRESS)
    throw new WallpaperError('no_desktop', 'no session bus (DBUS_SESSION_BUS_ADDRESS is not set): run the tray inside the desktop session');
  return dbus.sessionBus({ busAddress: env.DBUS_SESSION_BUS_ADDRESS });
}

/** Whether a StatusNotifierWatcher owns its name on `bus`. */
export async function hasWatcher(bus: dbus.MessageBus): Promise<boolean> {
  const daemon = await bus.getProxyObject('org.freedesktop.DBus', '/org/freedesktop/DBus');
  return (await daemon.getInterface('org.freedesktop.DBus').NameHasOwner!(WATCHER)) as boolean;
}

/** Register `name` with the watcher now and again whenever a new watcher takes the name; returns
 * the stop. `onError` hears a registration that failed. */
export async function keepRegistered(bus: dbus.MessageBus, name: string, onError: (error: unknown) => void): Promise<() => void> {
  const register = async () => {
    const watcher = await bus.getProxyObject(WATCHER, WATCHER_PATH);
    await watcher.getInterface(WATCHER).RegisterStatusNotifierItem!(name);
  };
  await register();
  const daemon = await bus.getProxyObject('org.freedesktop.DBus', '/org/freedesktop/DBus');
  const signals = daemon.getInterface('org.freedesktop.DBus');
  const onOwner = (owned: string, _old: string, owner: string) => {
    if (owned === WATCHER && owner !== '') register().catch(onError);
  };
  signals.on('NameOwnerChanged', onOwner);
  return () => signals.off('NameOwnerChanged', onOwner);
}
