// "Nothing changed" proved by an event, not by a pause: a monitor of the desktop's settings store
// (`dconf watch /`, `xfconf-query -m`) runs while the action runs, then a marker key of our own is
// written after it. The store reports changes in the order they were made, so once the monitor has
// reported the marker, every change the action made has been reported before it: the lines before
// the marker are all the action changed. A monitor just started may not be subscribed yet and
// misses what is written meanwhile, so each marker is a key of its own and a new one is written
// every second until the latest written shows. Awaited with the suite's generous limit (wait.ts),
// never timed.
import { spawn } from 'node:child_process';
import type { Test } from 'tap';
import { eventually } from '../wait.js';

export interface MarkerWatch {
  /** The monitor's command line, e.g. ['dconf', 'watch', '/']. */
  monitor: readonly string[];
  /** Writes marker key number `n`, e.g. ['dconf', 'write', '/x/marker-3', '3']. */
  mark: (n: number) => readonly string[];
  /** How a marker key's change shows in the monitor's output. */
  marked: RegExp;
}

export const DCONF_MARKER: MarkerWatch = {
  monitor: ['dconf', 'watch', '/'],
  mark: (n) => ['dconf', 'write', `/org/wallpaper-test/marker-${n}`, String(n)],
  marked: /\/org\/wallpaper-test\/marker-\d+/,
};

export const XFCONF_MARKER: MarkerWatch = {
  monitor: ['xfconf-query', '-c', 'xfce4-desktop', '-m'],
  mark: (n) => ['xfconf-query', '-c', 'xfce4-desktop', '-p', `/wallpaper-test/marker-${n}`, '-n', '-t', 'int', '-s', String(n)],
  marked: /\/wallpaper-test\/marker-\d+/,
};

/** How long a marker is waited for before a new one is written. */
const REWRITE_MS = 1_000;

let markers = 0;

/** Run `action` under `watch.monitor`, then write the marker; resolves with what the monitor
 * reported before the marker (the action's changes, all of them), or throws when no marker showed
 * (a hang). */
export async function changesDuring(t: Test, env: NodeJS.ProcessEnv, watch: MarkerWatch, action: () => Promise<void>): Promise<string> {
  const [command, ...args] = watch.monitor;
  const monitor = spawn(command!, args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
  t.teardown(() => monitor.kill());
  let text = '';
  monitor.stdout.on('data', (chunk: Buffer) => (text += chunk));
  let latest = 0;
  const write = () => {
    latest = ++markers;
    const [mark, ...markArgs] = watch.mark(latest);
    return new Promise<void>((resolve) => spawn(mark!, markArgs, { env, stdio: 'ignore' }).on('close', () => resolve()));
  };
  const latestShown = (from: number) => new RegExp(`marker-${latest}(?!\\d)`).test(text.slice(from));
  // A marker is written at once and then every REWRITE_MS until the latest one written is reported
  // after `from`: the store reports in order, so every change made before it (ours or the
  // action's) has been reported by then.
  const markerAfter = (from: number) => {
    let writtenAt = 0;
    return eventually(async () => {
      if (Date.now() - writtenAt >= REWRITE_MS) {
        await write();
        writtenAt = Date.now();
      }
      return latestShown(from);
    });
  };
  if (!(await markerAfter(0))) throw new Error(`${watch.monitor.join(' ')} reported no marker: ${text}`);
  const from = text.length;
  await action();
  if (!(await markerAfter(from))) throw new Error(`${watch.monitor.join(' ')} reported no marker after the action: ${text}`);
  monitor.kill();
  const lines = text.slice(from).split('\n');
  const marker = lines.findIndex((line) => watch.marked.test(line));
  return lines.slice(0, marker).join('\n');
}
