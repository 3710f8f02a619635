// `wallpaper watch` through the real bin (its lifetime and signals are what is tested), for the
// tests of time: its lines as they come, waited for as events. A wait's limit is generous (well
// above the product's longest sleep, 30 s) and only ever ends a test that would otherwise hang: it
// is never what the test measures.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Test } from 'tap';
import { BIN } from './cli.js';

/** How long a wait for a line may take before the test fails: a hung watch, not a slow machine. */
const LINE_LIMIT_MS = 90_000;

export interface WatchProcess {
  pid: number;
  /** Every line printed so far. */
  lines: string[];
  /** Resolves with the lines once there are `count` of them; rejects if watch ends first or after LINE_LIMIT_MS. */
  untilLines(count: number): Promise<string[]>;
  stderr(): string;
  /** SIGTERM; resolves with the exit status. */
  stop(): Promise<number | null>;
}

/** `wallpaper --home HOME watch ARGS` with exactly `env` as its environment. */
export function spawnWatch(t: Test, home: string, args: string[], env: NodeJS.ProcessEnv): WatchProcess {
  const child: ChildProcess = spawn(process.execPath, [BIN, '--home', home, 'watch', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const check of waiting) check();
  });
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      ended = true;
      for (const check of waiting) check();
      resolve(code);
    }),
  );
  return {
    pid: child.pid!,
    lines,
    stderr: () => stderr,
    untilLines: (count) =>
      new Promise((resolve, reject) => {
        const limit = setTimeout(() => {
          waiting.delete(check);
          reject(
            new Error(`watch printed ${lines.length} of ${count} lines in ${LINE_LIMIT_MS / 1000} s: ${JSON.stringify(lines)} ${stderr}`),
          );
        }, LINE_LIMIT_MS);
        function check() {
          if (lines.length < count && !ended) return;
          clearTimeout(limit);
          waiting.delete(check);
          if (lines.length >= count) resolve(lines.slice(0, count));
          else reject(new Error(`watch ended after ${lines.length} of ${count} lines: ${JSON.stringify(lines)} ${stderr}`));
        }
        waiting.add(check);
        check();
      }),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
