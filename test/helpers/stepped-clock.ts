// A clock the test moves in steps, for a program it spawns under Debian's libfaketime (no switch in
// the product): the program's time is the real time plus an offset in a file
// (FAKETIME_TIMESTAMP_FILE, re-read at every clock read: FAKETIME_NO_CACHE=1), so it runs at the real
// rate from each instant the test sets until the next step. An offset, not a start time (`@DATE`):
// libfaketime restarts a start time whenever it reads the file anew, and a thread of the program
// that does so moves its clock back (Node stops on a monotonic clock that goes back). The
// product's timers run on the same fake clock (the monotonic clock is faked too), so a step makes
// every timer it passed due. Each step is a small suspend: the program is stopped (SIGSTOP, seen
// stopped in /proc), the file rewritten, the program continued (SIGCONT); a wait stopped and
// continued returns at once (man 7 signal: epoll_wait fails with EINTR after SIGSTOP/SIGCONT) and
// Node then runs its due timers. Were that not so, the product's own longest sleep (`watch` reads
// the clock at least every 30 s, docs/desktops.md#follow-the-sun) still sees the step: callers wait
// for the event that proves it with a limit well above that, never measuring how long it took.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIBFAKETIME } from './sun.js';

/** How long a step waits for the program to be stopped before it gives up (a limit, not a measure). */
const STOP_LIMIT_MS = 10_000;

/** The state letter of process `pid` (`T`: stopped), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** A stepped clock kept in `dir`, starting at `start` (`YYYY-MM-DD HH:MM:SS` UTC: run the program
 * with TZ=UTC). */
export function steppedClock(dir: string, start: string) {
  const file = join(dir, 'faketime');
  /** Put the clock at `at`, or within a second after it (whole seconds, rounded up); atomically:
   * the program never reads half a file. */
  const set = (at: string) => {
    const seconds = Math.ceil((Date.parse(`${at.replace(' ', 'T')}Z`) - Date.now()) / 1000);
    writeFileSync(`${file}.new`, `${seconds < 0 ? '' : '+'}${seconds}\n`);
    renameSync(`${file}.new`, file);
  };
  set(start);
  return {
    /** The variables that put a spawned program on this clock. */
    env: { LD_PRELOAD: LIBFAKETIME, FAKETIME_TIMESTAMP_FILE: file, FAKETIME_NO_CACHE: '1' } as NodeJS.ProcessEnv,
    /** Move the clock to `at` without stopping anyone (the resume test: only the wall clock moves). */
    set,
    /** Stop process `pid`, move the clock to `at`, continue it. */
    async step(pid: number, at: string): Promise<void> {
      process.kill(pid, 'SIGSTOP');
      for (const started = Date.now(); stateOf(pid) !== 'T'; await sleep(10)) {
        if (stateOf(pid) === undefined) throw new Error(`process ${pid} ended before the clock could move to ${at}`);
        if (Date.now() - started > STOP_LIMIT_MS) throw new Error(`process ${pid} did not stop within ${STOP_LIMIT_MS} ms`);
      }
      set(at);
      process.kill(pid, 'SIGCONT');
    },
  };
}
