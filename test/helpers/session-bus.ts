// A private D-Bus session bus for the desktop tests (dbus-daemon from Debian's packages) with stub
// services built on dbus-next: the settings portal's colour scheme (Read, and SettingChanged when
// the test flips it) and KDE Plasma's evaluateScript (recording each script).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import dbus from 'dbus-next';
import type { Test } from 'tap';

const { Interface } = dbus.interface;

/** The portal's org.freedesktop.portal.Settings, colour scheme only: 0 none, 1 dark, 2 light. */
class PortalSettings extends Interface {
  scheme = 2;
  Read(namespace: string, key: string): unknown {
    if (namespace !== 'org.freedesktop.appearance' || key !== 'color-scheme') {
      throw new dbus.DBusError('org.freedesktop.portal.Error.NotFound', 'Requested setting not found');
    }
    // The portal's Read wraps the value in a second variant.
    return new dbus.Variant('v', new dbus.Variant('u', this.scheme));
  }
  SettingChanged(namespace: string, key: string, value: unknown): unknown[] {
    return [namespace, key, value];
  }
}
PortalSettings.configureMembers({
  methods: { Read: { inSignature: 'ss', outSignature: 'v' } },
  signals: { SettingChanged: { signature: 'ssv' } },
});

/** KDE Plasma's org.kde.PlasmaShell, evaluateScript only. */
class PlasmaShell extends Interface {
  scripts: string[] = [];
  evaluateScript(script: string): string {
    this.scripts.push(script);
    return '';
  }
}
PlasmaShell.configureMembers({ methods: { evaluateScript: { inSignature: 's', outSignature: 's' } } });

export interface SessionBus {
  address: string;
  /** Flip the portal's scheme and emit SettingChanged. */
  setScheme(scheme: 'dark' | 'light'): void;
  plasmaScripts(): string[];
}

/** Start dbus-daemon and the stubs; a reason to skip when the machine cannot. */
export async function startSessionBus(t: Test): Promise<SessionBus | string> {
  if (!existsSync('/usr/bin/dbus-daemon')) return 'dbus-daemon is not installed (apt-get install dbus)';
  const daemon: ChildProcess = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    daemon.on('error', reject);
    createInterface({ input: daemon.stdout! }).once('line', (line) => resolve(line.trim()));
  });
  const portal = new PortalSettings('org.freedesktop.portal.Settings');
  const plasma = new PlasmaShell('org.kde.PlasmaShell');
  const portalBus = dbus.sessionBus({ busAddress: address });
  const plasmaBus = dbus.sessionBus({ busAddress: address });
  await portalBus.requestName('org.freedesktop.portal.Desktop', 0);
  portalBus.export('/org/freedesktop/portal/desktop', portal);
  await plasmaBus.requestName('org.kde.plasmashell', 0);
  plasmaBus.export('/PlasmaShell', plasma);
  t.teardown(() => {
    portalBus.disconnect();
    plasmaBus.disconnect();
    daemon.kill();
  });
  return {
    address,
    setScheme(scheme) {
      portal.scheme = scheme === 'dark' ? 1 : 2;
      portal.SettingChanged('org.freedesktop.appearance', 'color-scheme', new dbus.Variant('u', portal.scheme));
    },
    plasmaScripts: () => plasma.scripts,
  };
}
