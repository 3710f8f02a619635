// One tray per library: `tray.pid` in the library's data home holds the running tray's pid. A second
// tray for the same library finds it alive and refuses (`already running (pid N)`); a pid whose
// process is gone (a crash, a reboot) is stale and taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WallpaperError } from '../../errors.js';

const FILE = 'tray.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie (a parent that never reaps it) is gone too.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' || (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Take the lock in `dir` for this process; returns its release. */
export function lockTray(dir: string): () => void {
  const file = join(dir, FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (pid > 0 && pid !== process.pid && alive(pid)) throw new WallpaperError('busy', `already running (pid ${pid})`);
      rmSync(file, { force: true });
    }
  }
  throw new WallpaperError('busy', `cannot take ${file}: another tray is starting`);
}
