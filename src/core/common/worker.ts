// How a room starts a worker thread of its own: the worker's file beside the module that starts it,
// and the node flags it is started with.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface OwnWorker {
  file: URL;
  /** undefined: the process's own flags (a .ts worker needs the loader that runs the sources). */
  execArgv: string[] | undefined;
}

/** The worker `name` (without extension) beside the module at `base` (its import.meta.url): the .ts
 * when run from the sources (tests), with the process's flags, whose loader hook runs it; the .js once
 * built, started without them: built code needs no loader, and a test runner's TypeScript loader, passed
 * on to every thread, cost each a second or more of CPU (five seconds a command on a loaded machine). */
export function ownWorker(base: string, name: string): OwnWorker {
  const ts = new URL(`./${name}.ts`, base);
  if (base.endsWith('.ts') && existsSync(fileURLToPath(ts))) return { file: ts, execArgv: undefined };
  return { file: new URL(`./${name}.js`, base), execArgv: [] };
}
