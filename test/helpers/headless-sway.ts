// A real sway compositor for the desktop tests: headless (no GPU, no seat), two outputs, the second
// rotated by `transform 90`. sway refuses to run as root, so as root it runs as an unprivileged
// system user (created once: wallpaper-test); grim screenshots an output. Callers skip with the
// reason when the machine cannot run it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { eventually } from './serve.js';
import { unprivileged } from './unprivileged.js';

const onPath = (tool: string): boolean => ['/usr/bin', '/usr/local/bin', '/bin'].some((dir) => existsSync(join(dir, tool)));

export interface Sway {
  /** The environment a client of this session needs (SWAYSOCK, WAYLAND_DISPLAY, ...). */
  env: NodeJS.ProcessEnv;
  /** Screenshot one output with grim: a PNG path. */
  screenshot(output: string, file: string): void;
}

/** Start headless sway with two outputs (HEADLESS-2 rotated); undefined and a reason to skip. */
export async function startHeadlessSway(t: Test): Promise<Sway | string> {
  for (const tool of ['sway', 'swaymsg', 'swaybg', 'grim'])
    if (!onPath(tool)) return `${tool} is not installed (apt-get install sway swaybg grim)`;
  const user = unprivileged('sway');
  if (typeof user === 'string') return user;
  const runtime = mkdtempSync(join(tmpdir(), 'wallpaper-sway-'));
  chmodSync(runtime, 0o700);
  chownSync(runtime, user.uid, user.gid);
  const config = join(runtime, 'config');
  writeFileSync(config, 'output HEADLESS-2 transform 90\n', { mode: 0o644 });
  chownSync(config, user.uid, user.gid);
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: runtime,
    XDG_RUNTIME_DIR: runtime,
    WLR_BACKENDS: 'headless',
    WLR_HEADLESS_OUTPUTS: '2',
    WLR_LIBINPUT_NO_DEVICES: '1',
    WLR_RENDERER: 'pixman',
  };
  const asUser = process.getuid?.() === 0 ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', 'sway'] : ['sway'];
  const sway: ChildProcess = spawn(asUser[0]!, [...asUser.slice(1), '-c', config], { env, stdio: 'ignore', detached: true });
  t.teardown(() => {
    try {
      process.kill(-sway.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    rmSync(runtime, { recursive: true, force: true });
  });
  const socketIn = () => readdirSync(runtime).find((name) => name.startsWith('sway-ipc.'));
  await eventually(() => socketIn() !== undefined, 15_000);
  const socket = socketIn();
  if (!socket || !existsSync(join(runtime, 'wayland-1'))) return 'headless sway did not start within 15 s';
  const clientEnv = { ...env, SWAYSOCK: join(runtime, socket), WAYLAND_DISPLAY: 'wayland-1', XDG_CURRENT_DESKTOP: 'sway' };
  return {
    env: clientEnv,
    screenshot: (output, file) => execFileSync('grim', ['-o', output, file], { env: clientEnv, stdio: 'ignore' }),
  };
}
