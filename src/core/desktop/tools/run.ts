// Runs one setter command: no shell, an argument array, a timeout, and the exit status and stderr
// checked. Every failure becomes a one-line WallpaperError naming the tool, never silence.
// The tool writes its output into files, not pipes (docs/design.md#how-the-program-is-built-and-started):
// read once it has exited, so a daemon it leaves holding them keeps nobody waiting, and a `next`
// from a key loads none of Node's stream machinery (11 to 16 ms of its start on Node 24).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WallpaperError, oneLine } from '../../errors.js';
import type { Tool } from './tool.js';

/** Default per-command timeout: desktop tools answer in well under a second; 15 s leaves room for a
 * cold D-Bus activation on a loaded machine while still ending a hung cron job. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** Output kept per stream: enough for any error message or value read back. */
const OUTPUT_LIMIT = 64 * 1024;

/** Longest tool message carried into an error: one readable line. */
const MESSAGE_LIMIT = 300;

/** On POSIX the tool gets its own process group, so a timeout can kill it with its children (a
 * script that runs `sleep` would otherwise leave the sleep running). */
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

/** A file for one of the tool's streams in `dir`, unlinked at once where the system allows (then
 * only the open descriptor names it), else once it is closed. */
function outputFile(dir: string): { fd: number; path?: string } {
  const path = join(dir, `wallpaper-tool-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const fd = openSync(path, 'wx+', 0o600);
  try {
    unlinkSync(path);
    return { fd };
  } catch {
    return { fd, path };
  }
}

function closeOutput({ fd, path }: { fd: number; path?: string }): void {
  closeSync(fd);
  if (path) unlinkSync(path);
}

/** What the tool wrote into `fd` so far, bounded. */
function readOutput(fd: number): string {
  const buffer = Buffer.allocUnsafe(OUTPUT_LIMIT);
  return buffer.toString('utf8', 0, readSync(fd, buffer, 0, OUTPUT_LIMIT, 0));
}

/** Run `tool` with `args`; resolves with its output on exit status 0, rejects otherwise. */
export function runTool(tool: Tool, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // The tools' own temporary folder: the environment they run with names it.
    const dir = options.env.TMPDIR || tmpdir();
    const files: { fd: number; path?: string }[] = [];
    try {
      files.push(outputFile(dir), outputFile(dir));
    } catch (error) {
      for (const file of files) closeOutput(file);
      reject(setterFailure(tool, `could not be started: no file for its output in ${dir} (TMPDIR): ${oneLine(error)}`));
      return;
    }
    let child: ChildProcess;
    try {
      child = spawn(tool.path, args, {
        env: options.env,
        stdio: ['ignore', files[0]!.fd, files[1]!.fd],
        detached: KILL_GROUP,
        windowsHide: true,
      });
    } catch (error) {
      for (const file of files) closeOutput(file);
      reject(setterFailure(tool, `could not be started: ${oneLine(error)}`));
      return;
    }
    let settled = false;

    /** Ends the run: reads what the tool wrote, closes the files, and resolves or rejects. */
    const settle = (problem?: (said: string) => string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const [stdout, stderr] = files.map(({ fd }) => readOutput(fd)) as [string, string];
      for (const file of files) closeOutput(file);
      if (problem) reject(setterFailure(tool, problem(toolMessage(stderr, stdout))));
      else resolve({ stdout, stderr });
    };

    const timer = setTimeout(() => {
      killTree(child);
      settle((said) => `timed out after ${options.timeoutMs} ms${said ? `: ${said}` : ''}`);
    }, options.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(() => `could not be started: ${error.code ?? oneLine(error)}`);
    });
    child.on('exit', (code, signal) => {
      if (code === 0) return settle();
      const how = signal ? `was killed by ${signal}` : `failed (exit status ${code})`;
      settle((said) => (said ? `${how}: ${said}` : how));
    });
  });
}
