// Node's compile cache (docs/design.md#how-the-program-is-built-and-started): in the cache home of
// the library a command runs on, read from argv and the environment before the program loads; on a
// Node with module.enableCompileCache (22.1 and later) the real bin fills it, on Node 20 it writes
// nothing.
import { existsSync, readdirSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import t from 'tap';
import { compileCacheDir } from '../../src/compile-cache.js';
import { spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const argv = (...args: string[]) => ['node', 'wallpaper', ...args];
const cases: [string, string[], NodeJS.ProcessEnv, string][] = [
  ['--home DIR', argv('--home', '/lib/a', 'list'), {}, '/lib/a/compile-cache'],
  ['--home=DIR', argv('--no-color', '--home=/lib/b', 'current'), {}, '/lib/b/compile-cache'],
  ['the flag before WALLPAPER_HOME', argv('--home', '/lib/c', 'next'), { WALLPAPER_HOME: '/lib/env' }, '/lib/c/compile-cache'],
  ['WALLPAPER_HOME', argv('random', '--json'), { WALLPAPER_HOME: '/lib/env' }, '/lib/env/compile-cache'],
  [
    "a --home after the command is the command's own",
    argv('list', '--home', '/x'),
    { XDG_CACHE_HOME: '/xdg' },
    '/xdg/wallpaper/compile-cache',
  ],
  [
    'an empty WALLPAPER_HOME counts as unset',
    argv('--version'),
    { WALLPAPER_HOME: ' ', XDG_CACHE_HOME: '/xdg' },
    '/xdg/wallpaper/compile-cache',
  ],
  ['the XDG cache home', argv('--database', 'postgres://h/db', 'list'), { XDG_CACHE_HOME: '/xdg' }, '/xdg/wallpaper/compile-cache'],
];
for (const [title, args, env, dir] of cases) {
  t.test(title, async (t) => {
    t.equal(compileCacheDir(args, env), dir);
  });
}

const hasCache = typeof (module as unknown as { enableCompileCache?: unknown }).enableCompileCache === 'function';

t.test(`the real bin ${hasCache ? "keeps its compiled code in the library's cache home" : 'writes no cache on this Node'}`, async (t) => {
  const home = tempDir(t);
  const result = await spawnCli(['--home', home, 'list', '--json'], { NODE_COMPILE_CACHE: undefined });
  t.equal(result.code, 1, 'an empty library: no match');
  const cache = join(home, 'compile-cache');
  if (!hasCache) {
    t.notOk(existsSync(cache), `${process.version}: no compile-cache/`);
    return;
  }
  t.ok(existsSync(cache), 'compile-cache/ in --home');
  t.ok(
    readdirSync(cache).some((name) => name.startsWith(process.version)),
    `a folder for ${process.version}`,
  );
});
