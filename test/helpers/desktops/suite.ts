// How a desktop suite starts its desktop: once per file, one suite at a time across the files tap
// runs in parallel, and a start that fails or cannot happen here becomes a failure or a skip with
// the reason instead of an uncaught error that would leave the session's processes behind.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import type { Desktop } from './session.js';

const LOCK = join(tmpdir(), 'wallpaper-desktop-suites.lock');

/** Wait until no other desktop suite runs (tap runs files in parallel; two desktops starting at once
 * on two cores make every deadline flaky), then hold the lock until this process exits. A lock whose
 * holder is gone is taken over. The wait counts towards the file's timeout, so that grows. */
async function oneDesktopAtATime(t: Test): Promise<void> {
  if (process.env.DESKTOP_SUITES_ELSEWHERE) return;
  t.setTimeout(20 * 60_000);
  const pidFile = join(LOCK, 'pid');
  const holderGone = () => {
    if (!existsSync(pidFile)) return Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000;
    try {
      // A zombie (this sandbox's PID 1 does not reap) is gone too.
      return (
        readFileSync(`/proc/${readFileSync(pidFile, 'utf8').trim()}/stat`, 'utf8')
          .split(') ')[1]
          ?.startsWith('Z') ?? true
      );
    } catch {
      return true;
    }
  };
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(pidFile, String(process.pid));
      process.once('exit', () => rmSync(LOCK, { recursive: true, force: true }));
      return;
    } catch {
      if (holderGone()) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Start a suite's desktop once: the desktop, or undefined after planning a skip (with the reason)
 * or failing (a start that throws must still reach the teardowns, so it is not left uncaught). */
export async function startOrSkip<D extends Desktop>(
  t: Test,
  name: string,
  start: (t: Test) => Promise<D | string>,
): Promise<D | undefined> {
  try {
    await oneDesktopAtATime(t);
    const desktop = await start(t);
    if (typeof desktop !== 'string') return desktop;
    t.plan(0, `skipped: ${name}: ${desktop}`);
  } catch (error) {
    t.fail(`${name} did not start: ${(error as Error).message}`);
  }
  return undefined;
}
