// Quiet pipes: a reader that stops early (`wallpaper list --json | head -1`) ends the command quietly
// with exit 0, no EPIPE stack trace, through a real shell pipe closed by head.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import t from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

/** Run `wallpaper ARGS | head -1` in bash with pipefail: the status is the command's own. */
function throughHead(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const quoted = [process.execPath, BIN, ...args].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    const shell = spawn('bash', ['-c', `set -o pipefail; ${quoted} | head -1`], {
      env: { ...process.env, WALLPAPER_HOME: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    shell.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    shell.on('error', reject);
    shell.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

t.test('list --json | head -1: exit 0 and nothing on stderr', async (t) => {
  const home = tempDir(t);
  const pictures = tempDir(t);
  // Enough wallpapers that the JSON (about 1 kB each) outgrows the pipe's 64 kB buffer: head has
  // gone before the last write.
  for (let i = 0; i < 160; i++) {
    await writeImage(join(pictures, `${String(i).padStart(3, '0')}.png`), {
      width: 16 + (i % 40),
      height: 16 + Math.floor(i / 40),
      color: `#${(i % 256).toString(16).padStart(2, '0')}4080`,
      format: 'png',
    });
  }
  const scanned = await runCli(['--home', home, 'scan', pictures, '--quiet']);
  t.equal(scanned.code, 0, scanned.stderr);
  const whole = await runCli(['--home', home, 'list', '--json', '--limit', '200']);
  t.ok(whole.stdout.length > 64 * 1024, `the whole answer (${whole.stdout.length} bytes) is larger than a pipe holds`);
  for (const args of [
    ['list', '--json', '--limit', '200'],
    ['list', '--json', '--limit', '200', '--sort', 'name'],
  ]) {
    const piped = await throughHead(['--home', home, ...args]);
    t.equal(piped.code, 0, `${args.join(' ')} | head -1: exit 0`);
    t.equal(piped.stderr, '', 'no EPIPE stack trace');
    t.equal(piped.stdout.split('\n').length, 2, 'head printed its one line');
  }
});
