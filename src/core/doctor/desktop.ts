// `wallpaper doctor`'s desktop findings: which tool sets the wallpaper here (or why none), and
// whether the session bus the desktops that draw their own background are set over answers.
import { createConnection } from 'node:net';
import { type Check, check } from './checks.js';
import { SET_COMMAND_SETTER } from '../desktop/index.js';
import { describeSetter, openDesktop, trayHostAdvice } from '../desktop/index.js';

/** Setters that talk to their desktop over the session bus (gsettings/dconf, xfconf, Plasma). */
const BUS_SETTERS = new Set(['gnome', 'cinnamon', 'mate', 'xfce', 'kde']);
const BUS_DESKTOPS = new Set(['GNOME', 'Cinnamon', 'MATE', 'Xfce', 'KDE Plasma']);
const BUS_TIMEOUT_MS = 1000;

/** The session bus address: DBUS_SESSION_BUS_ADDRESS, else the systemd default in XDG_RUNTIME_DIR. */
function busSocket(env: NodeJS.ProcessEnv): string | undefined {
  const address = env.DBUS_SESSION_BUS_ADDRESS ?? (env.XDG_RUNTIME_DIR ? `unix:path=${env.XDG_RUNTIME_DIR}/bus` : undefined);
  for (const part of (address ?? '').split(';')) {
    const path = /^unix:(?:.*,)?path=([^,]+)/.exec(part)?.[1];
    if (path) return decodeURIComponent(path);
    const abstract = /^unix:(?:.*,)?abstract=([^,]+)/.exec(part)?.[1];
    if (abstract) return `\0${decodeURIComponent(abstract)}`;
  }
  return undefined;
}

function connects(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket);
    const done = (ok: boolean) => {
      connection.destroy();
      resolve(ok);
    };
    connection.setTimeout(BUS_TIMEOUT_MS, () => done(false));
    connection.once('connect', () => done(true));
    connection.once('error', () => done(false));
  });
}

/** Whether `wallpaper tray` has a host here: a StatusNotifierWatcher on the session bus. */
async function checkTrayHost(env: NodeJS.ProcessEnv): Promise<Check> {
  const desktop = openDesktop(env);
  const present = await Promise.race([
    desktop.trayHost().catch(() => false),
    new Promise<false>((resolve) => setTimeout(resolve, BUS_TIMEOUT_MS, false).unref()),
  ]);
  return present
    ? check('ok', 'tray host', 'a StatusNotifierWatcher is on the session bus (wallpaper tray can show)')
    : check('note', 'tray host', 'no StatusNotifierWatcher on the session bus', `for wallpaper tray: ${trayHostAdvice(env)}`);
}

export async function checkDesktop(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, setCommand: string | null): Promise<Check[]> {
  // The facade's own detection (openDesktop's setter), on the platform doctor is asked about.
  const found = describeSetter({ env, platform, setCommand });
  const checks: Check[] = [];
  if (found.name !== undefined) {
    const tools = found.tools.map((tool) => `${tool.name} (${tool.path})`).join(', ');
    checks.push(
      check(
        'ok',
        'desktop',
        found.name === SET_COMMAND_SETTER ? `set_command: ${setCommand}` : `sets with ${found.name}${tools ? ` using ${tools}` : ''}`,
      ),
    );
  } else if (found.desktop) {
    checks.push(
      check('problem', 'desktop', found.reason, `install it, or name your tool: wallpaper config set set_command "your-tool {path}"`),
    );
  } else {
    checks.push(
      check(
        'note',
        'desktop',
        `no desktop session here (${found.reason})`,
        '`random --set` needs one; serve, list and random work without',
      ),
    );
  }
  if (platform === 'darwin' || platform === 'win32') return checks;
  // The desktops that draw their own background are set over the bus, their tool found or not.
  const needsBus = found.name !== undefined ? BUS_SETTERS.has(found.name) : BUS_DESKTOPS.has(found.desktop ?? '');
  const socket = busSocket(env);
  const reachable = socket !== undefined && (await connects(socket));
  if (reachable) {
    checks.push(check('ok', 'session bus', 'reachable'));
    checks.push(await checkTrayHost({ ...env, DBUS_SESSION_BUS_ADDRESS: env.DBUS_SESSION_BUS_ADDRESS ?? `unix:path=${socket}` }));
  } else {
    const detail =
      socket === undefined
        ? 'no session bus address (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR unset)'
        : 'the session bus does not answer';
    const fix = 'run from the desktop session, or from a systemd user unit (`wallpaper schedule`), which has the bus';
    checks.push(check(needsBus ? 'problem' : 'note', 'session bus', detail, fix));
  }
  return checks;
}
