// Run a test file in a network namespace of its own (`unshare -n`, root): only loopback is up, with
// the extra addresses asked for put on it, so a test about addresses a program must never reach
// cannot send a packet off this machine even when the code under test is broken: a connect to any
// other address fails at once (ENETUNREACH). Every connection the process attempts is recorded.
import { spawnSync } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { Test } from 'tap';

const INSIDE = 'WALLPAPER_TEST_NETNS';

/** True inside the namespace: run the tests. Outside, spawns `file` inside one (its TAP output is a
 * subtest of `t`) and returns false; without unshare (not root) the file is skipped, and fails in CI. */
export function inOwnNetns(t: Test, file: string, addresses: string[]): boolean {
  if (process.env[INSIDE] === '1') return true;
  const probe = spawnSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    const why = `needs a network namespace of its own (unshare -n and ip, as root): ${(probe.stderr || String(probe.error)).trim()}`;
    if (process.env.CI) t.fail(why);
    else t.plan(0, why);
    return false;
  }
  const setup = ['ip link set lo up', ...addresses.map((address) => `ip addr add ${address} dev lo`)].join(' && ');
  t.spawn(
    'unshare',
    ['-n', 'sh', '-c', `${setup} && exec "$@"`, 'sh', process.execPath, ...process.execArgv, file],
    { env: { ...process.env, [INSIDE]: '1' } },
    'in a network namespace of its own',
  );
  return false;
}

/** Every address:port this process tries to connect to (net's sockets, as undici makes them). */
export function connectAttempts(): string[] {
  const attempts: string[] = [];
  subscribe('net.client.socket', (message) => {
    const { socket } = message as { socket: Socket };
    socket.on('connectionAttempt', (ip: string, port: number) => attempts.push(`${ip}:${port}`));
  });
  return attempts;
}
