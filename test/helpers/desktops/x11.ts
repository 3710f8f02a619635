// Plain X11 for the desktop tests: Xvfb (-noreset: feh's root pixmap must outlive feh's connection)
// with one 4K screen split by `xrandr --setmonitor` into a 3840x2160 landscape monitor (the screen's
// own output, `screen`) and a 1080x1920 portrait one (DP-2, no output): the window manager's case,
// set with feh through Xinerama. Ready as soon as the monitors are added.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import type { Place } from './screen.js';
import { baseEnv, cannotRun, type Desktop, scratch } from './session.js';
import { screenshotX, startXvfb } from './xserver.js';

const run = promisify(execFile);

/** The two monitors, as `wallpaper monitors` names them. */
export const X11_MONITORS: Place[] = [
  { name: 'screen', x: 0, y: 0, width: 3840, height: 2160 },
  { name: 'DP-2', x: 3840, y: 0, width: 1080, height: 1920 },
];

/** Start the X server; a reason to skip when this machine cannot. */
export async function startX11(t: Test): Promise<Desktop | string> {
  const reason = cannotRun(['Xvfb', 'xrandr', 'feh', 'import'], 'xvfb x11-xserver-utils feh imagemagick');
  if (reason) return reason;
  const dir = scratch(t, 'x11');
  const display = await startXvfb(t, dir, '4920x2160');
  const env = baseEnv(dir, { DISPLAY: display });
  await run('xrandr', ['--setmonitor', 'DP-1', '3840/1016x2160/572+0+0', 'screen'], { env });
  await run('xrandr', ['--setmonitor', 'DP-2', '1080/286x1920/508+3840+0', 'none'], { env });
  return { env, dir, screenshot: (file) => screenshotX(display, file) };
}
