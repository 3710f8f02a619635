// Node's compile cache (docs/design.md#how-the-program-is-built-and-started): in the cache home of
// the library a command runs on, read from argv and the environment before the program loads; on a
// Node with module.enableCompileCache (22.1 and later) the real bin fills it, on Node 20 the
// program's own (src/code-cache.ts) does, for its bundled files.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

t.test("the real bin keeps its compiled code in the library's cache home", async (t) => {
  const home = tempDir(t);
  const result = await spawnCli(['--home', home, 'list', '--json'], { NODE_COMPILE_CACHE: undefined });
  t.equal(result.code, 1, 'an empty library: no match');
  const cache = join(home, 'compile-cache');
  t.ok(existsSync(cache), 'compile-cache/ in --home');
  const folders = readdirSync(cache);
  if (hasCache)
    t.ok(
      folders.some((name) => name.startsWith(process.version)),
      `Node's own, a folder for ${process.version}`,
    );
  else t.match(folders, [new RegExp(`^program-${process.version}-`)], `the program's own on ${process.version}`);
});

t.test('NODE_DISABLE_COMPILE_CACHE=1: no cache at all', async (t) => {
  const home = tempDir(t);
  t.equal((await spawnCli(['--home', home, 'list', '--json'], { NODE_DISABLE_COMPILE_CACHE: '1' })).code, 1);
  t.notOk(existsSync(join(home, 'compile-cache')));
});

t.test("the program's own cache, on a Node without one (20)", { skip: hasCache && `${process.version} has its own` }, async (t) => {
  const home = tempDir(t);
  const cache = join(home, 'compile-cache');
  // A folder an earlier build of the program left: removed when this build's is made.
  mkdirSync(join(cache, 'program-v20.0.0-old-build'), { recursive: true });
  const list = () => spawnCli(['--home', home, 'list', '--json'], { NODE_COMPILE_CACHE: undefined });
  const uncached = await spawnCli(['--home', home, 'list', '--json'], { NODE_DISABLE_COMPILE_CACHE: '1' });
  const first = await list();
  t.same(
    [first.code, first.stdout, first.stderr],
    [uncached.code, uncached.stdout, uncached.stderr],
    'the run is the same as without a cache',
  );
  const [folder, ...others] = readdirSync(cache);
  t.same(others, [], "the earlier build's folder is gone");
  const dir = join(cache, folder!);
  const files = readdirSync(dir);
  t.ok(files.includes('cli.cjs.code'), 'the program itself');
  t.ok(
    files.some((name) => /^context-.+\.cjs\.code$/.test(name)),
    'the chunks the command loaded',
  );
  t.notOk(
    files.some((name) => name.endsWith('.tmp')),
    'no half-written file left',
  );
  const written = statSync(join(dir, 'cli.cjs.code')).mtimeMs;

  // Read, not made again: V8 took the cache, so nothing is written at exit.
  const second = await list();
  t.same([second.code, second.stdout, second.stderr], [first.code, first.stdout, first.stderr]);
  t.equal(statSync(join(dir, 'cli.cjs.code')).mtimeMs, written, 'the cache the next run read was kept as it was');

  // A damaged file (a disk error, a half copy) is turned away by V8: the program compiles as without
  // one, and writes it again.
  writeFileSync(join(dir, 'cli.cjs.code'), Buffer.from('not V8 code'));
  const third = await list();
  t.same(
    [third.code, third.stdout, third.stderr],
    [first.code, first.stdout, first.stderr],
    'a damaged cache changes nothing the user sees',
  );
  t.not(readFileSync(join(dir, 'cli.cjs.code')).toString(), 'not V8 code', 'and is written again');
});

t.test(
  "no cache of the program's own for a long command (scan, serve, watch, tray)",
  { skip: hasCache && `${process.version} has its own` },
  async (t) => {
    // They often end by a signal (a stopped serve, a scan given up), their start no share of their
    // run: nothing written into a home that may be going away with them.
    const home = tempDir(t);
    t.equal((await spawnCli(['--home', home, 'scan', tempDir(t), '--quiet'], { NODE_COMPILE_CACHE: undefined })).code, 0);
    t.notOk(existsSync(join(home, 'compile-cache')), 'scan: no compile-cache/');
  },
);
