// KDE Plasma 5.27 for the desktop tests: kwin_wayland's virtual backend with two 1920x1080 outputs
// and plasmashell inside it, under a private session bus that has no settings portal (a Plasma
// without xdg-desktop-portal-kde: `--appearance auto` must read Plasma's own setting). kwin_wayland
// carries a file capability this sandbox cannot grant, so a copy (cp drops it) runs instead.
// WAYLAND_DISPLAY and QT_QPA_PLATFORM are set before the bus starts: services it activates
// (kactivitymanagerd) inherit the bus's environment, and plasmashell refuses to load without them.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { markKconfUpdatesDone } from '../../../bench/lib/kded-config.js';
import { eventually } from '../serve.js';
import type { Place } from './screen.js';
import { busConfigWithoutPortal, standInSystemBus, underSessionBus } from './bus.js';
import { baseEnv, cannotRun, type Desktop, scratch } from './session.js';

const run = promisify(execFile);

/** Start kwin and plasmashell; a reason to skip when this machine cannot. */
export async function startPlasma(t: Test): Promise<Desktop | string> {
  const tools = [
    'kwin_wayland',
    'plasmashell',
    'spectacle',
    'qdbus',
    'kscreen-doctor',
    'plasma-apply-wallpaperimage',
    'plasma-apply-colorscheme',
    'kreadconfig5',
    'dbus-run-session',
  ];
  const reason = cannotRun(tools, 'kwin-wayland plasma-workspace plasma-desktop kde-spectacle qdbus-qt5 libkf5screen-bin qtwayland5 dbus');
  if (reason) return reason;
  const dir = scratch(t, 'kde');
  mkdirSync(join(dir, 'bin'));
  copyFileSync('/usr/bin/kwin_wayland', join(dir, 'bin', 'kwin_wayland'));
  // kded5 (the panel's StatusNotifierWatcher, for the tray) would first run every kconf_update script,
  // and Debian 12's krunnerhistory one never returns headless.
  mkdirSync(join(dir, 'home', '.config'));
  markKconfUpdatesDone(join(dir, 'home', '.config'));
  const env = baseEnv(dir, {
    XDG_CURRENT_DESKTOP: 'KDE',
    XDG_SESSION_TYPE: 'wayland',
    XDG_SESSION_DESKTOP: 'KDE',
    DESKTOP_SESSION: 'plasmawayland',
    KDE_FULL_SESSION: 'true',
    KDE_SESSION_VERSION: '5',
    WAYLAND_DISPLAY: 'wayland-kde',
    QT_QPA_PLATFORM: 'wayland',
    DBUS_SYSTEM_BUS_ADDRESS: await standInSystemBus(t, dir),
  });
  const kwin = [join(dir, 'bin', 'kwin_wayland'), '--virtual', '--width', '1920', '--height', '1080', '--output-count', '2'];
  const command = [...kwin, '--no-lockscreen', '--socket', 'wayland-kde', 'plasmashell'];
  const bus = await underSessionBus(t, dir, env, command, busConfigWithoutPortal(dir));
  if (!bus) throw new Error(`the Plasma session bus did not start (see ${dir}/session.log)`);
  const clientEnv = { ...env, DBUS_SESSION_BUS_ADDRESS: bus };
  const script = ['org.kde.plasmashell', '/PlasmaShell', 'org.kde.PlasmaShell.evaluateScript', 'print(desktops().length)'];
  const desktops = () =>
    run('qdbus', script, { env: clientEnv }).then(
      ({ stdout }) => stdout.trim(),
      () => '',
    );
  if (!(await eventually(async () => (await desktops()) === '2', 45_000))) {
    throw new Error(`plasmashell did not show two desktops within 45 s (see ${dir}/session.log)`);
  }
  // The second output turned to portrait, as a rotated monitor.
  await run('kscreen-doctor', ['output.Virtual-1.rotation.left'], { env: clientEnv });
  const screenshot = async (file: string) => {
    await run('spectacle', ['-b', '-n', '-f', '-o', file], { env: clientEnv });
  };
  return { env: clientEnv, dir, screenshot };
}

/** Where each output's picture can be read in a spectacle capture: KWin 5.27's whole-workspace
 * capture of a quarter-turned virtual output keeps only its top square (the rest is black), so the
 * region read is that square; the wallpapers are solid colours, so any part of the output will do. */
export function capturedPart(places: readonly Place[]): Place[] {
  return places.map((place) => ({ ...place, height: Math.min(place.height, place.width) }));
}

/** Switch Plasma's colour scheme (BreezeDark, BreezeLight). */
export async function applyColorScheme(desktop: Desktop, scheme: string): Promise<void> {
  await run('plasma-apply-colorscheme', [scheme], { env: desktop.env });
}
