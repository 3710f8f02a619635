// Who runs the tools that refuse root (sway, PostgreSQL's server): this user when it is not root,
// else an unprivileged system user made once (wallpaper-test). Plain JavaScript: the benchmark
// (bench/, run by plain node) starts PostgreSQL the same way the tests do.
import { execFileSync } from 'node:child_process';

const USER = 'wallpaper-test';

/**
 * The uid/gid to run `tool` as, or why it cannot run.
 * @param {string} tool
 * @returns {{ uid: number; gid: number } | string}
 */
export function unprivileged(tool) {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? uid };
  try {
    try {
      execFileSync('id', ['-u', USER], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', USER], { stdio: 'ignore' });
    }
    return { uid: Number(execFileSync('id', ['-u', USER]).toString()), gid: Number(execFileSync('id', ['-g', USER]).toString()) };
  } catch (error) {
    return `${tool} refuses to run as root and no unprivileged user could be made (${error.message})`;
  }
}
