// The real CLI run inside a desktop session: with exactly the session's environment (nothing of the
// test runner's own desktop, bus or WALLPAPER_* leaks in), on a given wallpaper home.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Test } from 'tap';
import { BIN, type CliResult, runCli } from '../cli.js';
import type { Desktop } from './session.js';

/** The environment `wallpaper` gets in `desktop`, plus `extra`. */
export const sessionEnv = (desktop: Desktop, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...desktop.env, ...extra });

/** Run `wallpaper --home HOME ARGS...` in the session and collect what it printed. */
export function wallpaperIn(desktop: Desktop, home: string, args: readonly string[], extra: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--home', home, ...args], {
      env: sessionEnv(desktop, extra),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The same as wallpaperIn, run in this process (runCli): nothing of the runner's own environment is
 * seen, only the session's. Saves a Node start per call where no real process is needed. */
export function wallpaperInProcess(
  desktop: Desktop,
  home: string,
  args: readonly string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  const none = Object.fromEntries(Object.keys(process.env).map((name) => [name, undefined]));
  return runCli(['--home', home, ...args], { ...none, ...sessionEnv(desktop, extra) });
}

/** Start a long-running `wallpaper` (watch, serve) in the session; stopped at teardown. Its output
 * is collected in `output.text`. */
export function startWallpaperIn(
  t: Test,
  desktop: Desktop,
  home: string,
  args: readonly string[],
): { child: ChildProcess; output: { text: string } } {
  const child = spawn(process.execPath, [BIN, '--home', home, ...args], { env: sessionEnv(desktop), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.text += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk));
  t.teardown(() => {
    child.kill();
  });
  return { child, output };
}
