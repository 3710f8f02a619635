// GNOME Shell 43 for the desktop tests: headless Wayland with two virtual monitors (1920x1080 and a
// 1080x1920 portrait one beside it), a private session bus and the stand-in system bus (the Shell
// dies without one). A 10-line test extension turns on unsafe mode, which opens the Shell's Eval
// (to wait for start-up and close the overview it opens) and its Screenshot API to this private bus.
// The AppIndicator extension, when installed, is enabled too: the tray's host.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { eventually } from '../serve.js';
import type { Place } from './screen.js';
import { standInSystemBus, underSessionBus } from './bus.js';
import { baseEnv, cannotRun, type Desktop, scratch } from './session.js';

const run = promisify(execFile);

export const GNOME_MONITORS: Place[] = [
  { name: 'Meta-0', x: 0, y: 0, width: 1920, height: 1080 },
  { name: 'Meta-1', x: 1920, y: 0, width: 1080, height: 1920 },
];

const EXTENSION = 'no-overview@wp-test';
/** gnome-shell-extension-appindicator: the tray host (StatusNotifierWatcher) `wallpaper tray` needs. */
export const APPINDICATOR = 'ubuntu-appindicators@ubuntu.com';

/** The Shell's Eval: its answer, e.g. `(true, 'false')`. */
async function shellEval(env: NodeJS.ProcessEnv, script: string): Promise<string> {
  const args = ['call', '--session', '-d', 'org.gnome.Shell', '-o', '/org/gnome/Shell', '-m', 'org.gnome.Shell.Eval', script];
  return (await run('gdbus', args, { env })).stdout.trim();
}

/** Start the Shell; a reason to skip when this machine cannot. */
export async function startGnome(t: Test): Promise<Desktop | string> {
  const reason = cannotRun(
    ['gnome-shell', 'gdbus', 'gsettings', 'dbus-run-session', 'dbus-daemon'],
    'gnome-shell dconf-cli xdg-desktop-portal-gnome libglib2.0-bin dbus',
  );
  if (reason) return reason;
  const dir = scratch(t, 'gnome');
  const extension = join(dir, 'home', '.local', 'share', 'gnome-shell', 'extensions', EXTENSION);
  mkdirSync(extension, { recursive: true });
  writeFileSync(
    join(extension, 'metadata.json'),
    JSON.stringify({ uuid: EXTENSION, name: 'wallpaper tests', description: 'unsafe mode', 'shell-version': ['43'] }),
  );
  writeFileSync(
    join(extension, 'extension.js'),
    'function init() { return { enable() { global.context.unsafe_mode = true; }, disable() {} }; }\n',
  );
  const env = baseEnv(dir, {
    XDG_CURRENT_DESKTOP: 'GNOME',
    XDG_SESSION_TYPE: 'wayland',
    WAYLAND_DISPLAY: 'wayland-0',
    DBUS_SYSTEM_BUS_ADDRESS: await standInSystemBus(t, dir),
  });
  const extensions = [EXTENSION, ...(existsSync(`/usr/share/gnome-shell/extensions/${APPINDICATOR}`) ? [APPINDICATOR] : [])];
  const shell = `gsettings set org.gnome.shell enabled-extensions "${JSON.stringify(extensions).replace(/"/g, "'")}" && exec gnome-shell --headless --wayland --no-x11 --virtual-monitor 1920x1080 --virtual-monitor 1080x1920`;
  const bus = await underSessionBus(t, dir, env, ['sh', '-c', shell]);
  if (!bus) throw new Error(`the GNOME session bus did not start (see ${dir}/session.log)`);
  const clientEnv = { ...env, DBUS_SESSION_BUS_ADDRESS: bus };
  const started = await eventually(
    async () => (await shellEval(clientEnv, 'Main.layoutManager._startingUp').catch(() => '')) === "(true, 'false')",
    30_000,
  );
  if (!started) throw new Error(`gnome-shell did not start within 30 s (see ${dir}/session.log)`);
  await shellEval(clientEnv, 'Main.overview.hide(); true');
  const screenshot = async (file: string) => {
    const args = [
      'call',
      '--session',
      '-d',
      'org.gnome.Shell.Screenshot',
      '-o',
      '/org/gnome/Shell/Screenshot',
      '-m',
      'org.gnome.Shell.Screenshot.Screenshot',
      'false',
      'false',
      file,
    ];
    await run('gdbus', args, { env: clientEnv });
  };
  return { env: clientEnv, dir, screenshot };
}

/** GNOME's style: `prefer-dark` or `default`. */
export async function setColorScheme(desktop: Desktop, scheme: 'prefer-dark' | 'default'): Promise<void> {
  await run('gsettings', ['set', 'org.gnome.desktop.interface', 'color-scheme', scheme], { env: desktop.env });
}
