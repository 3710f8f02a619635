// Cinnamon 5.6 for the desktop tests: the real session manager (`cinnamon-session`: without it
// csd-background never paints, and the screen keeps its old root pixmap) on the dummy Xorg, with the
// stand-in system bus. Muffin lays the outputs out at their preferred modes (two 2048x1536 side by
// side), so the places are read back from RandR once the background is painted.
import type { Test } from 'tap';
import { eventually } from '../serve.js';
import type { Place } from './screen.js';
import { standInSystemBus, underSessionBus } from './bus.js';
import { baseEnv, cannotRun, type Desktop, scratch } from './session.js';
import { listMonitors, rootPainted, screenshotX, startDummyXorg } from './xserver.js';

/** Start a Cinnamon session; a reason to skip when this machine cannot. */
export async function startCinnamon(t: Test): Promise<(Desktop & { places: Place[] }) | string> {
  const reason = cannotRun(
    ['Xorg', 'xrandr', 'xprop', 'import', 'cinnamon-session', 'gsettings', 'dbus-run-session'],
    'xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils x11-utils imagemagick cinnamon libglib2.0-bin dbus',
  );
  if (reason) return reason;
  const dir = scratch(t, 'cinnamon');
  const display = await startDummyXorg(t, dir);
  const env = baseEnv(dir, {
    DISPLAY: display,
    XDG_CURRENT_DESKTOP: 'X-Cinnamon',
    DESKTOP_SESSION: 'cinnamon',
    XDG_SESSION_TYPE: 'x11',
    DBUS_SYSTEM_BUS_ADDRESS: await standInSystemBus(t, dir),
  });
  const bus = await underSessionBus(t, dir, env, ['cinnamon-session', '--session', 'cinnamon']);
  if (!bus) throw new Error(`the Cinnamon session bus did not start (see ${dir}/session.log)`);
  if (!(await eventually(() => rootPainted(display), 30_000)))
    throw new Error(`csd-background did not paint within 30 s (see ${dir}/session.log)`);
  const places = await listMonitors(display);
  return { env: { ...env, DBUS_SESSION_BUS_ADDRESS: bus }, dir, places, screenshot: (file) => screenshotX(display, file) };
}
