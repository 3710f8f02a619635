// Runs one setter command: no shell, an argument array, a timeout, and the exit status and stderr
// checked. Every failure becomes a one-line WallpaperError naming the tool, never silence.
import { spawn, type ChildProcess } from 'node:child_process';
import { WallpaperError, oneLine } from '../../errors.js';
import type { Tool } from './tool.js';

/** Default per-command timeout: desktop tools answer in well under a second; 15 s leaves room for a
 * cold D-Bus activation on a loaded machine while still ending a hung cron job. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** Output kept per stream: enough for any error message, bounded against a chatty tool. */
const OUTPUT_LIMIT = 64 * 1024;

/** How long to wait for the output pipes after the tool exited. A tool that forks a daemon which
 * inherits its stdout would otherwise keep us waiting for the daemon's whole life. */
const CLOSE_GRACE_MS = 200;

/** Longest tool message carried into an error: one readable line. */
const MESSAGE_LIMIT = 300;

/** On POSIX the tool gets its own process group, so a timeout can kill it with its children (a
 * script that runs `sleep` would otherwise leave the sleep holding our pipes open). */
const KILL_GROUP = process.platform !== 'win32';

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** What a tool said, on one line and bounded, for an error message. */
export function toolMessage(stderr: string, stdout = ''): string {
  const text = oneLine(stderr) || oneLine(stdout);
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 3)}...` : text;
}

export function setterFailure(tool: Tool, problem: string): WallpaperError {
  return new WallpaperError('setter_failed', `${tool.name} ${problem}`);
}

function killTree(child: ChildProcess): void {
  if (KILL_GROUP && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
      return;
    } catch {
      // The group is already gone or was never formed: fall back to the process itself.
    }
  }
  child.kill('SIGKILL');
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    if (text.length < OUTPUT_LIMIT) text += chunk.slice(0, OUTPUT_LIMIT - text.length);
  });
  return () => text;
}

/** Run `tool` with `args`; resolves with its output on exit status 0, rejects otherwise. */
export function runTool(tool: Tool, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(tool.path, args, {
        env: options.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: KILL_GROUP,
        windowsHide: true,
      });
    } catch (error) {
      reject(setterFailure(tool, `could not be started: ${oneLine(error)}`));
      return;
    }
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    let settled = false;
    let closeTimer: NodeJS.Timeout | undefined;

    const settle = (error?: WallpaperError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(closeTimer);
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (error) reject(error);
      else resolve({ stdout: stdout(), stderr: stderr() });
    };

    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (code === 0) {
        settle();
        return;
      }
      const said = toolMessage(stderr(), stdout());
      const how = signal ? `was killed by ${signal}` : `failed (exit status ${code})`;
      settle(setterFailure(tool, said ? `${how}: ${said}` : how));
    };

    const timer = setTimeout(() => {
      killTree(child);
      const said = toolMessage(stderr(), stdout());
      settle(setterFailure(tool, `timed out after ${options.timeoutMs} ms${said ? `: ${said}` : ''}`));
    }, options.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(setterFailure(tool, `could not be started: ${error.code ?? oneLine(error)}`));
    });
    child.on('close', finish);
    child.on('exit', (code, signal) => {
      closeTimer = setTimeout(() => finish(code, signal), CLOSE_GRACE_MS);
    });
  });
}
