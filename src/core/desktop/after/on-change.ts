// The `on_change` hook (docs/colors.md#on-change): a command line run after every change, split
// like set_command (no shell), `{path}` and `{id}` replaced inside its words, with WALLPAPER_PATH,
// WALLPAPER_ID and WALLPAPER_COLORS in its environment. Nobody waits for it: the change is done and
// recorded before it starts; a guard process (on-change-guard.ts) runs it, kills it with its
// process group after ON_CHANGE_TIMEOUT_MS and reports a failure as one line on the stderr the
// command had.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { oneLine } from '../../errors.js';
import { ON_CHANGE_TIMEOUT_MS } from '../../limits.js';
import { splitCommandLine } from '../../common/index.js';

export interface ChangedWallpaper {
  id: string;
  path: string;
  /** The written colors.json, when the `colors` setting wrote one. */
  colors?: string;
}

/** The guard's compiled file: beside this one when it runs built, else its built twin in dist/ (the
 * tests run the sources). */
const GUARD = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('../../../../dist/core/desktop/after/on-change-guard.js', import.meta.url)
    : new URL('./on-change-guard.js', import.meta.url),
);

/** Start `line` for `changed` under its guard and return at once; a line that does not split is
 * reported through `report` and not run. */
export function runOnChange(line: string, changed: ChangedWallpaper, env: NodeJS.ProcessEnv, report: (line: string) => void): void {
  let words: string[];
  try {
    words = splitCommandLine(line, 'on_change').map((word) => word.replaceAll('{path}', changed.path).replaceAll('{id}', changed.id));
  } catch (error) {
    report(`on_change not run: ${oneLine(error)}`);
    return;
  }
  if (words.length === 0) return;
  const hookEnv = {
    ...env,
    WALLPAPER_PATH: changed.path,
    WALLPAPER_ID: changed.id,
    ...(changed.colors ? { WALLPAPER_COLORS: changed.colors } : {}),
  };
  const guard = spawn(process.execPath, [GUARD, String(ON_CHANGE_TIMEOUT_MS), ...words], {
    env: hookEnv,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  guard.on('error', (error) => report(`on_change not run: ${oneLine(error)}`));
  guard.unref();
}
