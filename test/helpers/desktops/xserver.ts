// X servers for the X11 desktops: Xvfb (one screen; monitors split off with `xrandr --setmonitor`) and
// Xorg's dummy driver (real RandR outputs, which Xfce needs per monitor): two outputs, 1920x1080 and a
// 1080x1920 portrait mode standing in for a rotated monitor (the dummy driver refuses rotation). Both
// choose a free display number themselves (-displayfd), so two runs never clash; -noreset keeps the
// root pixmap when the last client leaves.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import type { Place } from './screen.js';
import { eventually } from '../serve.js';
import { startGroup } from './session.js';

const run = promisify(execFile);

/** The two monitors of the dummy Xorg, as `wallpaper monitors` should report them. */
export const DUMMY_MONITORS = [
  { name: 'DUMMY0', width: 1920, height: 1080, x: 0, y: 0, primary: true },
  { name: 'DUMMY1', width: 1080, height: 1920, x: 1920, y: 0, primary: false },
];

const XORG_CONF = `Section "ServerFlags"
  Option "AutoAddDevices" "false"
  Option "DontVTSwitch" "true"
EndSection
Section "Device"
  Identifier "dummy"
  Driver "dummy"
  VideoRam 256000
EndSection
Section "Monitor"
  Identifier "monitor"
  HorizSync 5.0-1000.0
  VertRefresh 5.0-200.0
EndSection
Section "Screen"
  Identifier "screen"
  Device "dummy"
  Monitor "monitor"
  DefaultDepth 24
  SubSection "Display"
    Depth 24
    Virtual 4096 4096
  EndSubSection
EndSection
`;

/** Start a server whose argv asks for -displayfd 3; resolves to its DISPLAY. */
async function startServer(t: Test, dir: string, command: string, args: readonly string[]): Promise<string> {
  const numberFile = join(dir, 'display');
  // The server writes its display number to fd 3, a shell redirection to a file.
  startGroup(
    t,
    'sh',
    ['-c', `exec "$@" 3>"${numberFile}"`, 'sh', command, ...args],
    { PATH: '/usr/bin:/bin' },
    join(dir, `${command}.log`),
  );
  const started = await eventually(() => existsSync(numberFile) && /^\d+\n/.test(readFileSync(numberFile, 'utf8')), 15_000);
  if (!started) throw new Error(`${command} did not report a display within 15 s (see ${dir}/${command}.log)`);
  return `:${readFileSync(numberFile, 'utf8').trim()}`;
}

/** Xvfb with one screen of `size` (e.g. 3000x1920). */
export function startXvfb(t: Test, dir: string, size: string): Promise<string> {
  return startServer(t, dir, 'Xvfb', ['-displayfd', '3', '-screen', '0', `${size}x24`, '-nolisten', 'tcp', '-noreset']);
}

/** Xorg on the dummy driver, laid out as DUMMY_MONITORS. */
export async function startDummyXorg(t: Test, dir: string): Promise<string> {
  const config = join(dir, 'xorg.conf');
  writeFileSync(config, XORG_CONF);
  const display = await startServer(t, dir, 'Xorg', [
    '-displayfd',
    '3',
    '-config',
    config,
    '-logfile',
    join(dir, 'Xorg.0.log'),
    '-noreset',
    '-nolisten',
    'tcp',
    '-novtswitch',
    '-sharevts',
  ]);
  const xrandr = (...args: string[]) => run('xrandr', args, { env: { PATH: '/usr/bin:/bin', DISPLAY: display } });
  await xrandr('--output', 'DUMMY0', '--mode', '1920x1080', '--pos', '0x0', '--primary');
  await xrandr('--newmode', '1080x1920d', '176.50', '1080', '1168', '1280', '1480', '1920', '1923', '1933', '1989', '-hsync', '+vsync');
  await xrandr('--addmode', 'DUMMY1', '1080x1920d');
  await xrandr('--output', 'DUMMY1', '--mode', '1080x1920d', '--right-of', 'DUMMY0');
  return display;
}

/** Screenshot the X root window (with no compositor, the desktop window is what it shows). */
export async function screenshotX(display: string, file: string): Promise<void> {
  await run('import', ['-window', 'root', file], { env: { PATH: '/usr/bin:/bin', DISPLAY: display } });
}

/** The monitors RandR lists now (`xrandr --listmonitors`), at their places in the root window. */
export async function listMonitors(display: string): Promise<Place[]> {
  const { stdout } = await run('xrandr', ['--listmonitors'], { env: { PATH: '/usr/bin:/bin', DISPLAY: display } });
  return [...stdout.matchAll(/^\s*\d+: \S+ (\d+)\/\d+x(\d+)\/\d+\+(\d+)\+(\d+)\s+(\S+)/gm)].map((m) => ({
    name: m[5]!,
    width: Number(m[1]),
    height: Number(m[2]),
    x: Number(m[3]),
    y: Number(m[4]),
  }));
}

/** Whether a desktop has painted the X root (set its pixmap, as caja and csd-background do). */
export async function rootPainted(display: string): Promise<boolean> {
  const { stdout } = await run('xprop', ['-root', '_XROOTPMAP_ID'], { env: { PATH: '/usr/bin:/bin', DISPLAY: display } }).catch(() => ({
    stdout: '',
  }));
  return stdout.includes('pixmap id');
}
