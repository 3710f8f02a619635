// MATE 1.26 for the desktop tests: caja draws the desktop (and its background) under a private
// session bus, on the dummy Xorg's two outputs (1920x1080 and 1080x1920). Ready when caja has put
// its pixmap on the X root.
import type { Test } from 'tap';
import { eventually } from '../serve.js';
import type { Place } from './screen.js';
import { underSessionBus } from './bus.js';
import { baseEnv, cannotRun, type Desktop, scratch } from './session.js';
import { listMonitors, rootPainted, screenshotX, startDummyXorg } from './xserver.js';

/** Start MATE's desktop; a reason to skip when this machine cannot. */
export async function startMate(t: Test): Promise<(Desktop & { places: Place[] }) | string> {
  const reason = cannotRun(
    ['Xorg', 'xrandr', 'xprop', 'import', 'caja', 'gsettings', 'dbus-run-session'],
    'xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils x11-utils imagemagick caja libglib2.0-bin dbus',
  );
  if (reason) return reason;
  const dir = scratch(t, 'mate');
  const display = await startDummyXorg(t, dir);
  const env = baseEnv(dir, { DISPLAY: display, XDG_CURRENT_DESKTOP: 'MATE', DESKTOP_SESSION: 'mate' });
  const bus = await underSessionBus(t, dir, env, ['caja', '--force-desktop', '-n']);
  if (!bus) throw new Error(`caja's session bus did not start (see ${dir}/session.log)`);
  if (!(await eventually(() => rootPainted(display), 20_000)))
    throw new Error(`caja did not paint the desktop within 20 s (see ${dir}/session.log)`);
  const places = await listMonitors(display);
  return { env: { ...env, DBUS_SESSION_BUS_ADDRESS: bus }, dir, places, screenshot: (file) => screenshotX(display, file) };
}
