// The guard of one `on_change` hook (docs/colors.md#on-change), a process of its own started by
// on-change.ts and left running: `node on-change-guard.js TIMEOUT_MS PROGRAM [ARG...]`. It runs the
// hook in a new process group, kills that group (the hook's own children too) after TIMEOUT_MS,
// and writes one line to its stderr (the command's) when the hook failed, could not start or was
// killed. So `wallpaper next` returns as soon as the change is done, and a hook that hangs is still
// ended and reported.
import { spawn } from 'node:child_process';

const [timeoutArg = '', program = '', ...args] = process.argv.slice(2);
const timeoutMs = Number(timeoutArg);
const lastLine = (text: string): string => text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
const report = (problem: string) => {
  process.stderr.write(`wallpaper: ${problem}\n`);
  process.exitCode = 1;
};

const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
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
    report(`on_change could not be killed after ${timeoutMs / 1000} s: ${(error as Error).message}`);
  }
}, timeoutMs);
let ended = false;
const end = (problem?: string) => {
  if (ended) return;
  ended = true;
  clearTimeout(timer);
  if (problem) report(problem);
};
child.on('error', (error) => end(`on_change failed: ${program}: ${error.message}`));
child.on('close', (code, signal) => {
  if (killed) end(`on_change killed after ${timeoutMs / 1000} s: ${program}`);
  else if (code !== 0) end(`on_change failed (${signal ?? `exit ${code}`}): ${program}${stderr.trim() ? `: ${lastLine(stderr)}` : ''}`);
  else end();
});
