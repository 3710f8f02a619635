// "Nothing changed" proved by an event, not by a pause: a monitor of the desktop's settings store
// (`dconf watch /`, `xfconf-query -m`) runs while the action runs, then a marker key of our own is
// written after it. The store reports changes in the order they were made, so once the monitor has
// reported the marker, every change the action made has been reported before it: the lines before
// the marker are all the action changed. Awaited with a generous limit, never timed.
import { spawn } from 'node:child_process';
import type { Test } from 'tap';
import { eventually } from '../serve.js';

export interface MarkerWatch {
  /** The monitor's command line, e.g. ['dconf', 'watch', '/']. */
  monitor: readonly string[];
  /** Writes the marker (given a fresh value each time), e.g. ['dconf', 'write', '/x/marker', ...]. */
  mark: (value: number) => readonly string[];
  /** How the marker's change shows in the monitor's output. */
  marked: RegExp;
}

export const DCONF_MARKER: MarkerWatch = {
  monitor: ['dconf', 'watch', '/'],
  mark: (value) => ['dconf', 'write', '/org/wallpaper-test/marker', String(value)],
  marked: /\/org\/wallpaper-test\/marker/,
};

export const XFCONF_MARKER: MarkerWatch = {
  monitor: ['xfconf-query', '-c', 'xfce4-desktop', '-m'],
  mark: (value) => ['xfconf-query', '-c', 'xfce4-desktop', '-p', '/wallpaper-test/marker', '-n', '-t', 'int', '-s', String(value)],
  marked: /\/wallpaper-test\/marker/,
};

let markers = 0;

/** Run `action` under `watch.monitor`, then write the marker; resolves with what the monitor
 * reported before the marker (the action's changes, all of them), or throws when the marker never
 * showed within 20 s. */
export async function changesDuring(t: Test, env: NodeJS.ProcessEnv, watch: MarkerWatch, action: () => Promise<void>): Promise<string> {
  const [command, ...args] = watch.monitor;
  const monitor = spawn(command!, args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
  t.teardown(() => monitor.kill());
  let text = '';
  monitor.stdout.on('data', (chunk: Buffer) => (text += chunk));
  // The monitor is listening once a first marker has come through.
  const write = (value: number) => {
    const [mark, ...markArgs] = watch.mark(value);
    return new Promise<void>((resolve) => spawn(mark!, markArgs, { env, stdio: 'ignore' }).on('close', () => resolve()));
  };
  const count = () => text.split('\n').filter((line) => watch.marked.test(line)).length;
  const seen = async (times: number) => {
    await write(++markers);
    return eventually(() => count() >= times, 20_000);
  };
  if (!(await seen(1))) throw new Error(`${watch.monitor.join(' ')} reported no marker: ${text}`);
  const from = text.length;
  await action();
  if (!(await seen(2))) throw new Error(`${watch.monitor.join(' ')} reported no marker after the action: ${text}`);
  monitor.kill();
  const during = text.slice(from);
  const lines = during.split('\n');
  const at = lines.findIndex((line) => watch.marked.test(line));
  return lines.slice(0, at).join('\n');
}
