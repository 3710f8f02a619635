// Run the CLI the way the tests need it. `runCli`: in this process, the program bin/wallpaper.js
// builds (dist/cli.cjs's run(), built by `npm test`), with the arguments and environment given, its
// output captured and its exit status returned; a spawn costs ~0.3 s of node start-up per call and
// the CLI suites make hundreds. `spawnCli`: the real process, for what only a process shows (signals,
// `serve`/`watch` lifetimes, pipes, start-up, two processes racing) and the end-to-end suite.
import { spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

export const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const BUILT_CLI = new URL('../../dist/cli.cjs', import.meta.url).href;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What a spawned CLI runs with: the test's environment, never the real home, plus `env`. */
const runEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...process.env,
  // As serve, scan and watch set it for themselves (src/relaunch.ts): the spawned process is the one
  // that runs the command (test/cli/relaunch.test.ts runs them without it).
  MALLOC_ARENA_MAX: '2',
  WALLPAPER_HOME: '',
  WALLPAPER_SERVER: '',
  WALLPAPER_TOKEN: '',
  ...env,
});

/** Run `command` with `args` in exactly `env`: what it printed and its exit status. */
export function spawnCollect(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Run the real `bin/wallpaper.js` with `args`; the environment is the test's own plus `env`. */
export const spawnCli = (args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
  spawnCollect(process.execPath, [BIN, ...args], runEnv(env));

type Cli = typeof import('../../src/cli.js');
let cli: Promise<Cli> | undefined;
/** The built program, loaded once per test process (types from src/, code from dist/ like bin/). */
const builtCli = (): Promise<Cli> => (cli ??= load());
async function load(): Promise<Cli> {
  // The settings file's writer (conf) hooks the exit signals once per process when first loaded, as
  // in the real CLI: loaded before any run, so the check below sees only what a run itself adds.
  await import('conf');
  return (await import(BUILT_CLI)) as Cli;
}

/** A stream that keeps what is written to it, as a pipe would deliver it. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}

// Runs in one process take turns: each sets a few process-wide things for its duration.
let turn: Promise<unknown> = Promise.resolve();

/** Run the CLI in this process with `args` and the environment a spawn would have (`spawnCli`), and
 * check it left nothing behind: no exit status set, no signal handler, no open file, same cwd. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const result = turn.then(() => runInProcess(args, runEnv(env)));
  turn = result.catch(() => undefined);
  return result;
}

async function runInProcess(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const { run, createProgram } = await builtCli();
  const stdout = new Captured();
  const stderr = new Captured();
  const ctx = { env, stdout, stderr };
  // Commander reads its options' variables (Option.env) and the colour ones from process.env, not
  // from the context: those few are set to the run's values for the run, then put back.
  const restoreEnv = mirrorEnv(await commanderVariables(createProgram), env);
  const before = processState();
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  let code: number;
  let leftExitCode: typeof process.exitCode;
  try {
    code = await run(['node', BIN, ...args], ctx);
  } finally {
    restoreEnv();
    leftExitCode = process.exitCode;
    process.exitCode = exitCode;
  }
  const left = leftBehind(before, processState(), leftExitCode);
  if (left.length > 0) throw new Error(`wallpaper ${args.join(' ')} in-process left ${left.join(', ')}: run it with spawnCli`);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

let variables: string[] | undefined;
/** Every variable an option of the program reads through commander, nested commands included. */
async function commanderVariables(createProgram: Cli['createProgram']): Promise<string[]> {
  if (variables) return variables;
  const found = new Set(['NO_COLOR', 'FORCE_COLOR', 'CLICOLOR_FORCE']);
  const walk = (command: Command) => {
    for (const option of command.options) if (option.envVar) found.add(option.envVar);
    command.commands.forEach(walk);
  };
  walk(await createProgram({ env: {}, stdout: new Captured(), stderr: new Captured() }));
  variables = [...found];
  return variables;
}

function mirrorEnv(names: readonly string[], env: NodeJS.ProcessEnv): () => void {
  const saved = names.map((name) => [name, process.env[name]] as const);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  for (const name of names) set(name, env[name]);
  return () => {
    for (const [name, value] of saved) set(name, value);
  };
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface ProcessState {
  cwd: string;
  listeners: number[];
  files: Set<string>;
}

/** What a run must leave as it found it (exported for test/cli/in-process.test.ts, as leftBehind). */
export function processState(): ProcessState {
  return { cwd: process.cwd(), listeners: SIGNALS.map((signal) => process.listenerCount(signal)), files: openFiles() };
}

/** The files this process holds open (Linux's /proc; elsewhere none are checked). */
function openFiles(): Set<string> {
  const files = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return files;
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith('/') && !target.startsWith('/dev/') && !target.startsWith('/proc/')) files.add(`${fd}:${target}`);
    } catch {
      // Closed while we looked (the listing's own fd among them).
    }
  }
  return files;
}

export function leftBehind(before: ProcessState, after: ProcessState, exitCode: typeof process.exitCode): string[] {
  const left: string[] = [];
  if (exitCode !== undefined) left.push(`process.exitCode ${exitCode}`);
  if (after.cwd !== before.cwd) {
    left.push(`the working directory ${after.cwd}`);
    process.chdir(before.cwd);
  }
  SIGNALS.forEach((signal, i) => {
    if (after.listeners[i] !== before.listeners[i]) left.push(`a ${signal} handler`);
  });
  const opened = [...after.files].filter((file) => !before.files.has(file));
  if (opened.length > 0) left.push(`open files (${opened.map((file) => file.replace(/^\d+:/, '')).join(', ')})`);
  return left;
}
