// Xfce 4.18 for the desktop tests: xfdesktop (which draws the backdrop) and xfconfd under a private
// session bus, on the dummy Xorg's two real outputs. Ready when xfdesktop has created both outputs'
// `last-image` properties (it does at start, for every output it sees).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { eventually } from '../serve.js';
import { underSessionBus } from './bus.js';
import { baseEnv, cannotRun, type Desktop, scratch } from './session.js';
import { screenshotX, startDummyXorg } from './xserver.js';

const run = promisify(execFile);

/** Start Xfce's desktop; a reason to skip when this machine cannot. */
export async function startXfce(t: Test): Promise<Desktop | string> {
  const reason = cannotRun(
    ['Xorg', 'xrandr', 'import', 'xfdesktop', 'xfconf-query', 'dbus-run-session'],
    'xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils imagemagick xfdesktop4 xfconf dbus',
  );
  if (reason) return reason;
  const dir = scratch(t, 'xfce');
  const display = await startDummyXorg(t, dir);
  const env = baseEnv(dir, { DISPLAY: display, XDG_CURRENT_DESKTOP: 'XFCE', DESKTOP_SESSION: 'xfce' });
  const bus = await underSessionBus(t, dir, env, ['xfdesktop', '--disable-wm-check']);
  if (!bus) throw new Error(`xfdesktop's session bus did not start (see ${dir}/session.log)`);
  const clientEnv = { ...env, DBUS_SESSION_BUS_ADDRESS: bus };
  const ready = await eventually(async () => {
    // xfdesktop saw only DUMMY0 at start until a client asked RandR for the outputs (which makes the
    // dummy driver probe them and tell xfdesktop): as a display manager's session start would.
    await run('xrandr', ['--query'], { env: clientEnv });
    const listed = await run('xfconf-query', ['-c', 'xfce4-desktop', '-l'], { env: clientEnv }).catch(() => ({ stdout: '' }));
    return ['DUMMY0', 'DUMMY1'].every((output) => listed.stdout.includes(`/monitor${output}/workspace0/last-image`));
  }, 15_000);
  if (!ready) throw new Error(`xfdesktop did not create both outputs' last-image within 15 s (see ${dir}/session.log)`);
  return { env: clientEnv, dir, screenshot: (file) => screenshotX(display, file) };
}
