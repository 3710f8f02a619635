// Where the files live (docs/design.md#where-files-live): the platform's folders as a table, `--home` keeping all in
// one, an old one-folder library used in place, and a real scan writing each file where it belongs.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { oneFolder, platformDirs, resolveDirs } from '../../src/core/settings/home.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const H = '/home/ada';

t.test('the platform folders', async (t) => {
  const cases: [string, NodeJS.Platform, NodeJS.ProcessEnv, { config: string; data: string; cache: string }][] = [
    [
      'linux defaults',
      'linux',
      {},
      { config: `${H}/.config/wallpaper`, data: `${H}/.local/share/wallpaper`, cache: `${H}/.cache/wallpaper` },
    ],
    [
      'linux XDG variables',
      'linux',
      { XDG_CONFIG_HOME: '/x/c', XDG_DATA_HOME: '/x/d', XDG_CACHE_HOME: '/x/k' },
      { config: '/x/c/wallpaper', data: '/x/d/wallpaper', cache: '/x/k/wallpaper' },
    ],
    [
      'relative or empty XDG variables are ignored',
      'freebsd',
      { XDG_CONFIG_HOME: 'rel/c', XDG_DATA_HOME: '', XDG_CACHE_HOME: './k' },
      { config: `${H}/.config/wallpaper`, data: `${H}/.local/share/wallpaper`, cache: `${H}/.cache/wallpaper` },
    ],
    [
      'macOS',
      'darwin',
      { XDG_CONFIG_HOME: '/ignored' },
      {
        config: `${H}/Library/Application Support/wallpaper`,
        data: `${H}/Library/Application Support/wallpaper`,
        cache: `${H}/Library/Caches/wallpaper`,
      },
    ],
    [
      'Windows: settings roam, the index and caches stay local',
      'win32',
      { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' },
      {
        config: join('C:\\Users\\ada\\AppData\\Roaming', 'wallpaper'),
        data: join('C:\\Users\\ada\\AppData\\Local', 'wallpaper'),
        cache: join('C:\\Users\\ada\\AppData\\Local', 'wallpaper', 'cache'),
      },
    ],
  ];
  for (const [name, platform, env, expected] of cases) {
    t.same(platformDirs(env, platform, H), { ...expected, layout: 'platform' }, name);
  }
});

t.test('--home keeps everything in one folder', async (t) => {
  const dirs = resolveDirs('/srv/wall', { XDG_DATA_HOME: '/x/d' }, 'linux');
  t.same(dirs, { config: '/srv/wall', data: '/srv/wall', cache: '/srv/wall', layout: 'home' });
  t.same(oneFolder('/a/b/../c'), { config: '/a/c', data: '/a/c', cache: '/a/c', layout: 'home' }, 'absolute and normal');
});

t.test('an old library in the config home is used in place until the data home has an index', async (t) => {
  const root = tempDir(t);
  const env = { XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'data'), XDG_CACHE_HOME: join(root, 'cache') };
  t.equal(resolveDirs(undefined, env, 'linux').layout, 'platform', 'a new user gets the platform layout');
  mkdirSync(join(root, 'config', 'wallpaper'), { recursive: true });
  writeFileSync(join(root, 'config', 'wallpaper', 'index.sqlite'), '');
  t.same(resolveDirs(undefined, env, 'linux'), oneFolder(join(root, 'config', 'wallpaper'), 'legacy'), 'the old library, in place');
  mkdirSync(join(root, 'data', 'wallpaper'), { recursive: true });
  writeFileSync(join(root, 'data', 'wallpaper', 'index.sqlite'), '');
  t.equal(resolveDirs(undefined, env, 'linux').layout, 'platform', 'a data-home index wins');
});

t.test('a real scan writes settings, index and thumbnails each in its home', async (t) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  await writeImage(join(pictures, 'a.jpg'), { width: 64, height: 40, color: '#336699' });
  const env = {
    HOME: join(root, 'user'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(root, 'cache'),
  };
  const scan = await runCli(['scan', pictures], env);
  t.equal(scan.code, 0, scan.stderr);
  t.ok(existsSync(join(root, 'config', 'wallpaper', 'settings.json')), 'settings in the config home');
  t.ok(existsSync(join(root, 'data', 'wallpaper', 'index.sqlite')), 'index in the data home');
  t.same(readdirSync(join(root, 'cache', 'wallpaper')), ['thumbnails'], 'thumbnails in the cache home');
  t.notOk(existsSync(join(root, 'config', 'wallpaper', 'index.sqlite')), 'no index in the config home');
  const settings = await runCli(['config', 'get', 'upload_folder'], env);
  t.equal(settings.stdout.trim(), join(root, 'data', 'wallpaper', 'uploads'), 'uploads in the data home');

  // The cache home may be removed at any time: thumbnails are made again.
  const { rmSync } = await import('node:fs');
  rmSync(join(root, 'cache'), { recursive: true });
  const list = await runCli(['list', '--json'], env);
  t.equal(JSON.parse(list.stdout).wallpapers.length, 1, 'the library is intact without its cache');
});
