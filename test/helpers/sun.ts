// Shared by the `--appearance sun` tests: a library of one dark and one light wallpaper whose
// desktop is a set_command appending each path to a file (no desktop needed), driven in-process
// where the real clock will do and through the real bin under Debian's libfaketime where the clock
// must move (`faketime` for a fixed start; the library itself, stepped by stepped-clock.ts, where
// the fake time changes while it runs: the wrapper's FAKETIME would take precedence over a file).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Test } from 'tap';
import { run } from '../../src/cli.js';
import { BIN, type CliResult } from './cli.js';
import { tempDir, writeImage } from './fixtures.js';

/** Auckland, whose sunrise and sunset on 5 January 2020 (17:09 and 07:44 UTC) are in the USNO table
 * of test/fixtures/sun/. */
export const AUCKLAND = '-36.833333,174.8';

/** No desktop here: the set_command is the desktop, and nothing else is detected. */
export const NO_DESKTOP = { WALLPAPER_HOME: '', DISPLAY: '', WAYLAND_DISPLAY: '', XDG_CURRENT_DESKTOP: '', DESKTOP_SESSION: '', TZ: 'UTC' };

/** Debian's libfaketime (package libfaketime, brought by faketime), wherever the architecture puts it. */
export const LIBFAKETIME = ['/usr/lib', ...readdirSync('/usr/lib').map((entry) => join('/usr/lib', entry))]
  .map((dir) => join(dir, 'faketime', 'libfaketime.so.1'))
  .find((path) => existsSync(path));

export async function sunLibrary(t: Test) {
  const root = tempDir(t);
  const home = join(root, 'home');
  const dark = await writeImage(join(root, 'walls', 'night.jpg'), { width: 64, height: 48, color: '#101418' });
  const light = await writeImage(join(root, 'walls', 'day.jpg'), { width: 64, height: 48, color: '#f0f0e8' });
  const log = join(root, 'desktop.log');
  /** The CLI in this process, on the real clock. */
  const cli = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> => {
    const out = new PassThrough();
    const err = new PassThrough();
    let stdout = '';
    let stderr = '';
    out.on('data', (chunk: Buffer) => (stdout += chunk));
    err.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await run(['node', 'wallpaper', '--home', home, ...args], { env: { ...NO_DESKTOP, ...env }, stdout: out, stderr: err });
    return { code, stdout, stderr };
  };
  /** The real bin at a fake time (`faketime` and its arguments before the program). */
  const faked = (faketime: string[], args: string[]) => spawned([...faketime, process.execPath, BIN, '--home', home, ...args], NO_DESKTOP);
  t.equal((await cli(['scan', join(root, 'walls'), '--quiet'])).code, 0);
  t.equal((await cli(['config', 'set', 'set_command', `sh -c 'echo {path} >> ${log}'`])).code, 0);
  /** The files put on the "desktop", in order. */
  const shown = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  return { root, home, dark, light, cli, faked, shown };
}

function spawned(argv: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
