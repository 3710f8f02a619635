// Waiting for a state the test can see (a process gone, a file written, a line logged) instead of a
// fixed time: a poll whose limit is generous and only ever ends a test that would otherwise hang,
// never a measure of how fast the machine is. So a limit is never below WAIT_LIMIT_MS, whatever a
// caller asks: at the suite's load (or two CPU loops beside it) a desktop repaints, a bus starts or
// a server rescans in seconds that a quiet machine never shows, and only a failing test pays the
// full minute. `running` tells a live process from a gone or zombie one (a killed process whose
// parent has not reaped it yet still answers kill(pid, 0)).
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The least limit of a wait: a hang, not a slow machine. */
const WAIT_LIMIT_MS = 60_000;

/** Whether process `pid` exists and is not a zombie. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

/** Poll `check` every 50 ms until it holds; true if it did within `ms` (at least WAIT_LIMIT_MS),
 * else its last answer. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = WAIT_LIMIT_MS): Promise<boolean> {
  const deadline = Date.now() + Math.max(ms, WAIT_LIMIT_MS);
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

/** Poll until `check` holds, or throw after `ms` (at least WAIT_LIMIT_MS). */
export async function until(check: () => boolean | Promise<boolean>, ms = WAIT_LIMIT_MS): Promise<void> {
  if (!(await eventually(check, ms))) throw new Error(`condition not met within ${Math.max(ms, WAIT_LIMIT_MS)} ms (a hang)`);
}
