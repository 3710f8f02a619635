// swaybg, the fallback on wlroots compositors without swaymsg (river, labwc, niri, ...): it is a
// daemon that must keep running to keep the wallpaper, so it is started detached and never awaited;
// the swaybg we started last time is then stopped, or every change would stack another daemon.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { WallpaperError } from '../../errors.js';
import { setterFailure, toolMessage } from '../tools/index.js';
import { toolOf, type SetContext, type Setter, type Tool } from './types.js';

/** How long a new swaybg is watched for an immediate failure (bad image, no compositor) before the
 * call returns: short enough for a CLI, long enough for swaybg to fail on its first frame. */
export const SWAYBG_STARTUP_MS = 500;

/** Where the pid of our swaybg and its error output are kept: the session's runtime dir, which dies
 * with the session (as the daemon does), else a per-user name in the temporary dir. */
export function swaybgStateFiles(env: NodeJS.ProcessEnv): { pidFile: string; logFile: string } {
  const runtime = env.XDG_RUNTIME_DIR;
  const dir = runtime && path.isAbsolute(runtime) ? runtime : tmpdir();
  const suffix = runtime ? '' : `-${userInfo().uid}`;
  return {
    pidFile: path.join(dir, `wallpaper-swaybg${suffix}.pid`),
    logFile: path.join(dir, `wallpaper-swaybg${suffix}.log`),
  };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // no previous run, or the file was cleaned with the session
  }
}

/** True only when `pid` is still a swaybg: a stale pid file must never make us kill a stranger
 * that happens to reuse the number. Without /proc we cannot tell, so we leave it alone. */
function isSwaybg(pid: number): boolean {
  const argv = readText(`/proc/${pid}/cmdline`).split('\0');
  // argv[0] is swaybg itself, or an interpreter running a script named swaybg.
  return argv.slice(0, 2).some((arg) => path.basename(arg) === 'swaybg');
}

function stopPrevious(pid: number): void {
  if (!isSwaybg(pid)) return;
  try {
    // We started it as a process-group leader: stop the group, then the process if that failed.
    process.kill(-pid, 'SIGTERM');
  } catch {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone: nothing left to stop.
    }
  }
}

/** Resolve once the child has survived its start-up window; reject if it exits or fails to start. */
function watchStartup(child: ChildProcess, logFile: string, tool: Tool): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: WallpaperError): void => {
      clearTimeout(timer);
      child.removeAllListeners('error');
      child.removeAllListeners('exit');
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => done(), SWAYBG_STARTUP_MS);
    child.once('error', (error: NodeJS.ErrnoException) => {
      done(setterFailure(tool, `could not be started: ${error.code ?? error.message}`));
    });
    child.once('exit', (code, signal) => {
      const said = toolMessage(readText(logFile));
      const how = signal ? `was killed by ${signal}` : `exited right after starting (exit status ${code})`;
      done(setterFailure(tool, said ? `${how}: ${said}` : how));
    });
  });
}

export const swaybg: Setter = {
  name: 'swaybg',
  redrawsAll: true,
  set: (file: string, context: SetContext) => start(['-i', file, '-m', 'fill'], context),
  setEach: (assignments, context) =>
    start(
      assignments.flatMap(({ monitor, file }) => ['-o', monitor.name, '-i', file, '-m', 'fill']),
      context,
    ),
};

/** Start a swaybg daemon with `args`, then stop the one it replaces. */
async function start(args: string[], context: SetContext): Promise<void> {
  const tool = toolOf(context, 'swaybg');
  const { pidFile, logFile } = swaybgStateFiles(context.env);
  const previous = Number.parseInt(readText(pidFile).trim(), 10);

  // stderr goes to a file, not a pipe: a pipe would tie the daemon's life to ours.
  const log = openSync(logFile, 'w', 0o600);
  let child: ChildProcess;
  try {
    child = spawn(tool.path, args, {
      env: context.env,
      detached: true,
      stdio: ['ignore', 'ignore', log],
      windowsHide: true,
    });
  } catch (error) {
    throw setterFailure(tool, `could not be started: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    closeSync(log);
  }
  // Never keep the CLI alive for the daemon.
  child.unref();
  await watchStartup(child, logFile, tool);

  if (child.pid !== undefined) writeFileSync(pidFile, `${child.pid}\n`, { mode: 0o600 });
  // The old one goes only once the new one is up, so the screen never shows an empty background.
  if (Number.isInteger(previous) && previous > 0 && previous !== child.pid) stopPrevious(previous);
}
