// Following what this library puts on the screen (`current --follow`, the tray): the record of what
// is on screen (on-screen.js, one JSON file in the data home, written whole by a rename) is watched
// with fs.watch on its folder, so a change made by any process (a shortcut's `next`, the schedule,
// POST /api/wallpapers/{id}/set, the gallery) is seen within a second. Where fs.watch cannot run
// (no inotify, a network file system) the file's size and mtime are polled every second instead.
import { type FSWatcher, mkdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { ON_SCREEN_FILE } from './on-screen.js';

/** How often the record is looked at when fs.watch cannot watch its folder. */
const POLL_MS = 1000;
/** A burst of events (write, rename) is handed on once, this long after its last event. */
const SETTLE_MS = 50;

/** Call `onChange` after each change of the record in `dataDir`; returns the function that stops. */
export function followShown(dataDir: string, onChange: () => void): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ON_SCREEN_FILE);
  let settle: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(settle);
    settle = setTimeout(onChange, SETTLE_MS);
  };
  let poll: NodeJS.Timeout | undefined;
  const startPolling = () => {
    const stamp = () => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : '';
    };
    let last = stamp();
    poll ??= setInterval(() => {
      const now = stamp();
      if (now !== last) changed();
      last = now;
    }, POLL_MS);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dataDir, { persistent: true }, (_event, name) => {
      if (name === null || name === ON_SCREEN_FILE) changed();
    });
    watcher.on('error', () => {
      watcher?.close();
      startPolling();
    });
  } catch {
    startPolling();
  }
  return () => {
    watcher?.close();
    clearInterval(poll);
    clearTimeout(settle);
  };
}
