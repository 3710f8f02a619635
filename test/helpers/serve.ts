// Spawn the real `wallpaper serve` on port 0 with a temporary home, wait for its `Listening on` line,
// and stop it with SIGTERM when the test ends.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { BIN } from './cli.js';

interface Teardown {
  teardown(fn: () => unknown): void;
}

const STOP_TIMEOUT_MS = 15_000;
/** How long a start may take before the test fails: a server that never listens, not a slow one (at
 * load 25 with two CPU loops beside it, a start took over 30 s). */
const LISTEN_LIMIT_MS = 120_000;

export interface ServeProcess {
  base: string;
  pid: number;
  output(): { stdout: string; stderr: string };
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ServeOptions {
  home: string;
  folders?: readonly string[];
  /** More serve flags, e.g. ['--token', 'secret']. */
  flags?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export async function startServe(t: Teardown, { home, folders = [], flags = [], env = {} }: ServeOptions): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, '--home', home, 'serve', ...folders, '--port', '0', ...flags], {
    // MALLOC_ARENA_MAX as serve sets it for itself (src/relaunch.ts), so `pid` is the serving process.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', WALLPAPER_HOME: '', WALLPAPER_SERVER: '', WALLPAPER_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // A server that does not stop within the grace time plus margin is killed, so no test hangs.
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  t.teardown(stop);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "Listening on" line in ${LISTEN_LIMIT_MS / 1000} s: ${stdout} ${stderr}`)),
      LISTEN_LIMIT_MS,
    );
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
  });
  return { base, pid: child.pid!, output: () => ({ stdout, stderr }), stop };
}

/** The waits for a state, with their generous least limit (test/helpers/wait.ts). */
export { eventually, until } from './wait.js';
