// A settings-only desktop session for the shortcuts suites: a private HOME and session bus (dconf
// and xfconfd are activated on it as in a real session), the CLI run in-process in it, and the
// desktop's own tools (gsettings, dconf, xfconf-query) to read back what it wrote.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import type { Test } from 'tap';
import { run } from '../../../src/cli.js';
import { underSessionBus } from './bus.js';
import { baseEnv, scratch } from './session.js';

const exec = promisify(execFile);
export const BIN = join(process.cwd(), 'bin', 'wallpaper.js');

export interface Session {
  env: NodeJS.ProcessEnv;
  home: string;
  /** `wallpaper --home HOME ARGS...` in-process: exit code and output. */
  cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** A tool of the session (gsettings, dconf, xfconf-query): its stdout, trimmed. */
  tool(program: string, ...args: string[]): Promise<string>;
}

/** The CLI in-process with `env`: exit code and output. */
export async function wallpaper(env: NodeJS.ProcessEnv, args: readonly string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk: Buffer) => (stdout += chunk));
  err.on('data', (chunk: Buffer) => (stderr += chunk));
  const code = await run(['node', 'wallpaper', ...args], { env, stdout: out, stderr: err });
  return { code, stdout, stderr };
}

export async function settingsSession(t: Test, name: string, desktop: string): Promise<Session> {
  const dir = scratch(t, `shortcuts-${name}`);
  const base = baseEnv(dir, { XDG_CURRENT_DESKTOP: desktop });
  const bus = await underSessionBus(t, dir, base, ['sleep', '600']);
  if (!bus) throw new Error(`the session bus did not start (see ${dir}/session.log)`);
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: bus };
  const home = join(dir, 'library');
  return {
    env,
    home,
    cli: (...args) => wallpaper(env, ['--home', home, ...args]),
    tool: async (program, ...args) => (await exec(program, args, { env })).stdout.trim(),
  };
}

/** The command each shortcut must run: this node, this bin, this library. */
export const commandFor = (s: Session, action: string) => `${process.execPath} ${BIN} --home ${s.home} ${action}`;
