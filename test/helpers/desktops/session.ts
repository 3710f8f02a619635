// The pieces every real-desktop helper shares: when a suite runs at all (its tools present; in CI a
// missing tool is a failure, never a skip), a scratch folder with a private HOME and XDG_RUNTIME_DIR
// (0700), process groups started detached and killed by -pgid at teardown (this sandbox's PID 1 does
// not reap, so a whole session must go at once), a private session bus whose address lands in a file,
// and the stand-in system bus GNOME, KDE and Cinnamon need where no systemd runs.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { eventually } from '../serve.js';

/** A desktop that started: the environment its clients need, and a way to screenshot it whole. */
export interface Desktop {
  env: NodeJS.ProcessEnv;
  /** Write a PNG of the whole desktop (every monitor at its place in the layout) to `file`. */
  screenshot(file: string): Promise<void>;
  /** The scratch folder (HOME is `home/` in it). */
  dir: string;
}

const onPath = (tool: string): boolean =>
  tool.startsWith('/') ? existsSync(tool) : ['/usr/bin', '/usr/local/bin', '/bin', '/usr/sbin'].some((dir) => existsSync(join(dir, tool)));

/** Why this machine cannot run a desktop suite, or undefined when it can. The CI runs the suites on
 * one Node only (DESKTOP_SUITES_ELSEWHERE holds the reason on the others); in CI a missing tool
 * throws, so a desktop that silently stopped being installed fails the run. */
export function cannotRun(tools: readonly string[], packages: string): string | undefined {
  const elsewhere = process.env.DESKTOP_SUITES_ELSEWHERE;
  if (elsewhere) return elsewhere;
  const missing = tools.filter((tool) => !onPath(tool));
  if (missing.length === 0) return undefined;
  const reason = `${missing.join(', ')} not installed (apt-get install --no-install-recommends ${packages})`;
  if (process.env.CI) throw new Error(`CI must have every desktop: ${reason}`);
  return reason;
}

/** A scratch folder with home/ and run/ (0700, as XDG_RUNTIME_DIR must be), removed at teardown
 * (kept with DESKTOP_KEEP_SCRATCH=1, to read the session's logs). */
export function scratch(t: Test, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `wallpaper-${name}-`));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'home'));
  mkdirSync(join(dir, 'run'), { mode: 0o700 });
  if (!process.env.DESKTOP_KEEP_SCRATCH) t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Start `command` in a process group of its own, output appended to `log`; the whole group is
 * killed at teardown (TERM, then KILL after a moment for what ignores TERM). */
export function startGroup(t: Test, command: string, args: readonly string[], env: NodeJS.ProcessEnv, log: string): ChildProcess {
  const out = openSync(log, 'a');
  const child = spawn(command, args, { env, stdio: ['ignore', out, out], detached: true });
  child.on('error', () => {});
  t.teardown(async () => {
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        // Already gone.
      }
    };
    signal('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    signal('SIGKILL');
  });
  return child;
}

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

/** The base environment of a session in `dir`: a private HOME and runtime folder, nothing of ours. */
export function baseEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: join(dir, 'home'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
    LANG: 'C.UTF-8',
    ...extra,
  };
}

const LOCK = join(tmpdir(), 'wallpaper-desktop-suites.lock');

/** Wait until no other desktop suite runs (tap runs files in parallel; two desktops starting at once
 * on two cores make every deadline flaky), then hold the lock until this process exits. A lock whose
 * holder is gone is taken over. The wait counts towards the file's timeout, so that grows. */
async function oneDesktopAtATime(t: Test): Promise<void> {
  if (process.env.DESKTOP_SUITES_ELSEWHERE) return;
  t.setTimeout(20 * 60_000);
  const pidFile = join(LOCK, 'pid');
  const holderGone = () => {
    if (!existsSync(pidFile)) return Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000;
    try {
      // A zombie (this sandbox's PID 1 does not reap) is gone too.
      return (
        readFileSync(`/proc/${readFileSync(pidFile, 'utf8').trim()}/stat`, 'utf8')
          .split(') ')[1]
          ?.startsWith('Z') ?? true
      );
    } catch {
      return true;
    }
  };
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(pidFile, String(process.pid));
      process.once('exit', () => rmSync(LOCK, { recursive: true, force: true }));
      return;
    } catch {
      if (holderGone()) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Start a suite's desktop once: the desktop, or undefined after planning a skip (with the reason)
 * or failing (a start that throws must still reach the teardowns, so it is not left uncaught). */
export async function startOrSkip<D extends Desktop>(
  t: Test,
  name: string,
  start: (t: Test) => Promise<D | string>,
): Promise<D | undefined> {
  try {
    await oneDesktopAtATime(t);
    const desktop = await start(t);
    if (typeof desktop !== 'string') return desktop;
    t.plan(0, `skipped: ${name} cannot run here: ${desktop}`);
  } catch (error) {
    t.fail(`${name} did not start: ${(error as Error).message}`);
  }
  return undefined;
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
