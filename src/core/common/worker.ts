// How a room starts a worker thread of its own: the worker's file beside the module that starts it,
// and the node flags it is started with.
import { existsSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface OwnWorker {
  file: URL;
  /** undefined: the process's own flags (a .ts worker needs the loader that runs the sources). */
  execArgv: string[] | undefined;
}

/** Where the sources are and where `npm run build` writes them (tsconfig.build.json). */
export interface Roots {
  sources: URL;
  built: URL;
}
const ROOTS: Roots = { sources: new URL('../../', import.meta.url), built: new URL('../../../dist/', import.meta.url) };

/** The built twin (dist/) of a worker source in src/, when it is at least as new as the source. A
 * worker imports packages only (bridge-worker, wasm-worker), so the twin is the same code. */
function builtTwin(source: URL, roots: Roots): URL | undefined {
  const path = relative(fileURLToPath(roots.sources), fileURLToPath(source));
  if (path.startsWith('..')) return undefined;
  const twin = new URL(path.replace(/\.ts$/, '.js'), roots.built);
  const built = statSync(twin, { throwIfNoEntry: false });
  return built && built.mtimeMs >= statSync(source).mtimeMs ? twin : undefined;
}

/** The worker `name` (without extension) beside the module at `base` (its import.meta.url). Built
 * code starts the .js beside it, without the process's flags: built code needs no loader, and a test
 * runner's TypeScript loader, passed on to every thread, costs each a second or more of CPU (five
 * seconds a command on a loaded machine). Run from the sources (tests), the .ts worker's built twin in
 * dist/ is started the same way when `npm run build` made it from the current source (a PostgreSQL
 * connection's thread: 1 s of CPU less, 40% of a PostgreSQL test file's); otherwise the .ts, with the
 * process's flags, whose loader hook runs it. */
export function ownWorker(base: string, name: string, roots: Roots = ROOTS): OwnWorker {
  const ts = new URL(`./${name}.ts`, base);
  if (base.endsWith('.ts') && existsSync(fileURLToPath(ts))) {
    const twin = builtTwin(ts, roots);
    return twin ? { file: twin, execArgv: [] } : { file: ts, execArgv: undefined };
  }
  return { file: new URL(`./${name}.js`, base), execArgv: [] };
}
