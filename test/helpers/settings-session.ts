// A desktop's settings without the desktop: Debian's real `gsettings` with its keyfile backend (the
// real schemas, values kept in a file under a private XDG_CONFIG_HOME, no session bus) for GNOME and
// MATE, and KDE's real kwriteconfig5/kreadconfig5 with a fake plasma-apply-wallpaperimage that logs
// its calls. The lock-screen tests of the CLI, the HTTP API and the gallery set and read back there
// in milliseconds; the real desktops' own read-back is in test/desktop/.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { FAKE } from './fake-desktop.js';

export type SettingsDesktop = 'GNOME' | 'MATE' | 'KDE' | 'XFCE' | 'X-Cinnamon';

/** The tools each desktop is detected by, as fakes that log their calls (KDE: the wallpaper tool). */
const FAKES: Record<SettingsDesktop, string[]> = {
  GNOME: [],
  MATE: [],
  KDE: ['plasma-apply-wallpaperimage'],
  XFCE: ['xfconf-query'],
  'X-Cinnamon': ['gsettings'],
};
const REAL: Record<SettingsDesktop, string[]> = {
  GNOME: ['gsettings'],
  MATE: ['gsettings'],
  KDE: ['kwriteconfig5', 'kreadconfig5'],
  XFCE: [],
  'X-Cinnamon': [],
};

/** Whether this machine has what `desktop`'s lock screen needs (false: the reason to skip). */
export function lockToolsHere(desktop: SettingsDesktop): true | string {
  for (const tool of REAL[desktop]) if (!existsSync(`/usr/bin/${tool}`)) return `/usr/bin/${tool} is not installed`;
  if (desktop === 'MATE' && !existsSync('/usr/share/glib-2.0/schemas/org.mate.screensaver.gschema.xml'))
    return "MATE's screensaver schema is not installed (apt-get install mate-screensaver-common)";
  return true;
}

/** A session of `desktop` under `root`: its env, the fakes' call log, and readers of its settings. */
export function settingsSession(root: string, desktop: SettingsDesktop, extra: NodeJS.ProcessEnv = {}) {
  const bin = join(root, 'session-bin');
  const config = join(root, 'session-config');
  mkdirSync(bin, { recursive: true });
  mkdirSync(config, { recursive: true });
  for (const tool of FAKES[desktop]) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  for (const tool of REAL[desktop]) if (!existsSync(join(bin, tool))) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
  const log = join(root, 'session-calls.log');
  const env: NodeJS.ProcessEnv = {
    PATH: bin,
    HOME: root,
    XDG_CONFIG_HOME: config,
    GSETTINGS_BACKEND: 'keyfile',
    XDG_CURRENT_DESKTOP: desktop,
    DESKTOP_SESSION: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    DBUS_SESSION_BUS_ADDRESS: '',
    FAKE_LOG: log,
    ...extra,
  };
  const run = (tool: string, args: string[]) => execFileSync(`/usr/bin/${tool}`, args, { env, encoding: 'utf8' }).replace(/\n$/, '');
  return {
    env,
    log,
    /** `gsettings get SCHEMA KEY`, as it prints it. */
    gsettings: (schema: string, key: string) => run('gsettings', ['get', schema, key]),
    /** kscreenlockerrc's lock-screen image, read with kreadconfig5 (`fallback`: its --default, to
     * tell a key never written from an empty one). */
    kdeLockImage: (fallback?: string) =>
      run('kreadconfig5', [
        '--file',
        'kscreenlockerrc',
        '--group',
        'Greeter',
        '--group',
        'Wallpaper',
        '--group',
        'org.kde.image',
        '--group',
        'General',
        '--key',
        'Image',
        ...(fallback === undefined ? [] : ['--default', fallback]),
      ]),
  };
}
