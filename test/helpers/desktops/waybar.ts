// waybar with its tray module on the sway suite's headless sway (docs/desktops.md#the-tray): the tray
// host of sway users. waybar is its own StatusNotifierWatcher. sway runs as the unprivileged test
// user, so the session bus and waybar run as that user too; the bus lets root (the tests, the tray)
// connect. A dark opaque bar, 30 px, along the top of every output.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Test } from 'tap';
import { unprivileged } from '../unprivileged.js';
import { startGroup } from './session.js';

export const BAR_HEIGHT = 30;

const busConfig = (socket: string) => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

/** Start a session bus and waybar in sway's session (`swayEnv`); the bus address, or a reason to skip. */
export async function startWaybar(t: Test, swayEnv: NodeJS.ProcessEnv): Promise<string> {
  if (!existsSync('/usr/bin/waybar')) {
    const reason = 'waybar not installed (apt-get install --no-install-recommends waybar)';
    if (process.env.CI) throw new Error(`CI must have every desktop: ${reason}`);
    return reason;
  }
  const user = unprivileged('sway');
  if (typeof user === 'string') return user;
  const runtime = swayEnv.XDG_RUNTIME_DIR!;
  const asUser = process.getuid?.() === 0 ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : [];
  writeFileSync(join(runtime, 'bus.conf'), busConfig(join(runtime, 'bus')), { mode: 0o644 });
  const daemon = spawn(
    asUser[0] ?? 'dbus-daemon',
    [
      ...asUser.slice(1),
      ...(asUser.length ? ['dbus-daemon'] : []),
      `--config-file=${join(runtime, 'bus.conf')}`,
      '--nofork',
      '--print-address=1',
    ],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  t.teardown(() => daemon.kill());
  const address = await new Promise<string>((resolve, reject) => {
    daemon.on('error', reject);
    createInterface({ input: daemon.stdout! }).once('line', (line) => resolve(line.trim()));
  });
  writeFileSync(
    join(runtime, 'waybar.json'),
    JSON.stringify({ layer: 'top', position: 'top', height: BAR_HEIGHT, 'modules-right': ['tray'], tray: { 'icon-size': 22, spacing: 4 } }),
    { mode: 0o644 },
  );
  writeFileSync(join(runtime, 'waybar.css'), 'window#waybar { background: #303030; }\n', { mode: 0o644 });
  const env = { ...swayEnv, DBUS_SESSION_BUS_ADDRESS: address };
  const command = [...asUser, 'waybar', '-c', join(runtime, 'waybar.json'), '-s', join(runtime, 'waybar.css')];
  startGroup(t, command[0]!, command.slice(1), env, join(runtime, 'waybar.log'));
  return address;
}
