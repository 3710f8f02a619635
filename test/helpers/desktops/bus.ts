// Private D-Bus buses for the real desktops: the session bus every desktop runs under
// (dbus-run-session, its address written to a file for the clients), a configuration of it without
// the settings portal, and the stand-in system bus GNOME, KDE and Cinnamon need where no systemd runs.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'tap';
import { eventually } from '../serve.js';
import { startGroup } from './session.js';

/** Run `command` under a private session bus (dbus-run-session, with the session `config` file when
 * given) in its own process group; resolves to the bus address (written to `bus` in the scratch
 * folder) once the bus is up. */
export async function underSessionBus(
  t: Test,
  dir: string,
  env: NodeJS.ProcessEnv,
  command: readonly string[],
  config?: string,
): Promise<string | undefined> {
  const file = join(dir, 'bus');
  const script = 'echo "$DBUS_SESSION_BUS_ADDRESS" > "$0"; exec "$@"';
  const configArgs = config ? [`--config-file=${config}`] : [];
  startGroup(t, 'dbus-run-session', [...configArgs, '--', 'sh', '-c', script, file, ...command], env, join(dir, 'session.log'));
  const ready = await eventually(() => existsSync(file) && readFileSync(file, 'utf8').includes('unix:'), 10_000);
  return ready ? readFileSync(file, 'utf8').trim() : undefined;
}

/** A second private dbus-daemon standing in for the system bus (no systemd here: GNOME Shell dies
 * without one; nothing owns login1 or UPower on it, and everything tolerates that). */
export async function standInSystemBus(t: Test, dir: string): Promise<string> {
  const socket = join(dir, 'run', 'system_bus');
  startGroup(
    t,
    'dbus-daemon',
    ['--session', '--nofork', `--address=unix:path=${socket}`],
    { PATH: '/usr/bin:/bin' },
    join(dir, 'system-bus.log'),
  );
  await eventually(() => existsSync(socket), 5000);
  return `unix:path=${socket}`;
}

/** A session bus configuration whose activatable services are the system's but none of the
 * settings portal's (`org.freedesktop.portal.*`, `org.freedesktop.impl.portal.*`): a desktop that
 * runs without a portal answering. */
export function busConfigWithoutPortal(dir: string): string {
  const services = join(dir, 'dbus-services');
  mkdirSync(services);
  const system = '/usr/share/dbus-1/services';
  for (const name of existsSync(system) ? readdirSync(system) : [])
    if (!name.includes('.portal.')) symlinkSync(join(system, name), join(services, name));
  const config = join(dir, 'session-bus.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>${services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  return config;
}
