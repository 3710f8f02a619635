// The soak's child processes: the real `wallpaper serve` and `wallpaper scan` spawned from bin/,
// with a temporary home, and what /proc says about them (open descriptors, resident memory).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const ENV = { ...process.env, WALLPAPER_HOME: '', WALLPAPER_SERVER: '', WALLPAPER_TOKEN: '' };

/** Open file descriptors of a process. */
export const fdCount = (pid) => readdirSync(`/proc/${pid}/fd`).length;

/** Resident memory of a process, in bytes. */
export function rssOf(pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Start `wallpaper serve` on a free loopback port; resolves once it prints its Listening line. */
export function startServe({ home, folders = [], flags = [] }) {
  const child = spawn(process.execPath, [BIN, '--home', home, 'serve', ...folders, '--host', '127.0.0.1', '--port', '0', ...flags], {
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no Listening line in 30 s: ${stderr}`)), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({
          base: match[1],
          pid: child.pid,
          stderr: () => stderr,
          exited,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
          kill: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            return exited;
          },
        });
      }
    });
    exited.then(({ code }) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
  });
}

/** Run the CLI to its end: { code, signal, stdout, stderr }. `killAfterMs` SIGKILLs it first. */
export function runCli(args, { killAfterMs } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    // 'close', not 'exit': the output is complete only once the pipes are closed.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
