// The `on_change` hook (docs/colors.md#on-change): a command line run after every change, split
// like set_command (no shell), `{path}` and `{id}` replaced inside its words, with WALLPAPER_PATH,
// WALLPAPER_ID and WALLPAPER_COLORS in its environment. It runs in a process group of its own that
// is killed after ON_CHANGE_TIMEOUT_MS; nobody waits for it: the change is done and recorded before
// it starts, and its failure is one reported line.
import { spawn } from 'node:child_process';
import { oneLine } from '../errors.js';
import { ON_CHANGE_TIMEOUT_MS } from '../limits.js';
import { splitCommandLine } from './setters/command-line.js';

export interface ChangedWallpaper {
  id: string;
  path: string;
  /** The written colors.json, when the `colors` setting wrote one. */
  colors?: string;
}

const lastLine = (text: string): string => text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';

/** Start `line` for `changed`; resolves when it has ended (exited, failed to start, or was killed),
 * having reported any failure through `report`. */
export function runOnChange(
  line: string,
  changed: ChangedWallpaper,
  env: NodeJS.ProcessEnv,
  report: (line: string) => void,
  timeoutMs = ON_CHANGE_TIMEOUT_MS,
): Promise<void> {
  let words: string[];
  try {
    words = splitCommandLine(line).map((word) => word.replaceAll('{path}', changed.path).replaceAll('{id}', changed.id));
  } catch (error) {
    report(`on_change not run: ${oneLine(error).replace('set_command', 'on_change')}`);
    return Promise.resolve();
  }
  const [program, ...args] = words;
  if (!program) return Promise.resolve();
  const hookEnv = {
    ...env,
    WALLPAPER_PATH: changed.path,
    WALLPAPER_ID: changed.id,
    ...(changed.colors ? { WALLPAPER_COLORS: changed.colors } : {}),
  };
  return new Promise((resolve) => {
    const child = spawn(program, args, { env: hookEnv, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    let killed = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    const timer = setTimeout(() => {
      killed = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch (error) {
        report(`on_change could not be killed after ${timeoutMs / 1000} s: ${oneLine(error)}`);
      }
    }, timeoutMs);
    let ended = false;
    const end = (problem?: string) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      if (problem) report(problem);
      resolve();
    };
    child.on('error', (error) => end(`on_change failed: ${program}: ${oneLine(error)}`));
    child.on('close', (code, signal) => {
      if (killed) end(`on_change killed after ${timeoutMs / 1000} s: ${program}`);
      else if (code !== 0) end(`on_change failed (${signal ?? `exit ${code}`}): ${program}${stderr.trim() ? `: ${lastLine(stderr)}` : ''}`);
      else end();
    });
  });
}
