// The pieces every real-desktop helper shares: when a suite runs at all (its tools present; in CI a
// missing tool is a failure, never a skip), a scratch folder with a private HOME and XDG_RUNTIME_DIR
// (0700), process groups started detached and killed by -pgid at teardown (this sandbox's PID 1 does
// not reap, so a whole session must go at once) and the base environment of a session. The buses are
// in bus.ts, starting a suite's desktop in suite.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';

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
