// Node's compile cache for the program (docs/design.md#how-the-program-is-built-and-started): from
// Node 22.1, module.enableCompileCache keeps V8's compiled code of every module loaded, so the next
// start reads it instead of compiling again (a short command's CPU 10 to 20% less on Node 24); on
// Node 20, the program's own (code-cache.ts), for its bundled files (a short command's start ~15 ms
// sooner). It lives in the cache home (docs/design.md#where-files-live; `--home DIR`: in DIR), in
// compile-cache/, removable at any time like the thumbnails. Enabled by bin/wallpaper.js before the
// program loads, so it reads the library's folder from argv itself: the home folders' module only
// (a leaf of the core: the facade would load all of it, which is what the cache is to save).
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCodeCache } from './code-cache.js';
import { commandWord, globalValue } from './commands/argv.js';
import { resolveDirs } from './core/settings/home.js';

/** The folder a run of `argv` keeps its compile cache in. */
export function compileCacheDir(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const given = globalValue(argv, '--home') ?? env.WALLPAPER_HOME;
  return join(resolveDirs(given?.trim() ? given : undefined, env).cache, 'compile-cache');
}

type Enable = (dir: string) => unknown;

/** The commands whose start is no share of their run: those that run until stopped, and scan.
 * The program's own cache is written when a run ends, and these often end by a signal (a stopped
 * serve, a scan given up): nothing is then written into a home that may be going away with them. */
const LONG = new Set(['serve', 'watch', 'tray', 'scan']);

/** Turns Node's compile cache on where Node has it (22.1 and later), and the program's own where
 * it has not (but for the long commands); neither when NODE_DISABLE_COMPILE_CACHE
 * is set, nor Node's when the user has set NODE_COMPILE_CACHE (Node has then turned it on in that
 * folder already). */
export function enableCompileCache(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_DISABLE_COMPILE_CACHE) return;
  const enable = (module as unknown as { enableCompileCache?: Enable }).enableCompileCache;
  try {
    if (enable) {
      if (env.NODE_COMPILE_CACHE === undefined) enable(compileCacheDir(argv, env));
    } else if (!LONG.has(commandWord(argv) ?? '')) useCodeCache(compileCacheDir(argv, env), dirname(fileURLToPath(import.meta.url)));
  } catch {
    // A cache that cannot be written is only a slower start.
  }
}
