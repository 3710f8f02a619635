// The real process, once per command: the CLI suites run the program in-process
// (helpers/cli.ts runCli); here bin/wallpaper.js is spawned for each command on a real library, and
// where the answer does not depend on chance the spawned process and the in-process run must print
// the same and exit alike, which is what lets the other suites stand for the real program. `serve`
// and `watch` are spawned by their own suites (serve-start, http/serve, desktop/session-bus).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { type CliResult, runCli, spawnCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

// Many cases in one file: at the suite's load on a machine half as fast as usual it took up to 154 s
// in fresh-clone runs, near tap's 180 s: a longer limit, so that only a hang ends it.
t.setTimeout(360_000);

/** Spawn `args`, and when `compare`, run them in-process too and expect the same answer. */
async function both(t: Test, args: string[], env: NodeJS.ProcessEnv = {}, compare = true): Promise<CliResult> {
  const spawned = await spawnCli(args, env);
  if (compare) t.same(await runCli(args, env), spawned, `${args.join(' ')}: in-process as spawned`);
  return spawned;
}

t.test('help, version, completion and usage errors: the process and the in-process run agree', async (t) => {
  for (const args of [
    ['--help'],
    ['--version'],
    ['list', '--help'],
    ['completion', 'bash'],
    ['frobnicate'],
    ['list', '--limit', '0'],
    ['random', '--hue', 'blue'],
    ['--database', 'mysql://user:secret@db/x', 'list'],
  ]) {
    const result = await both(t, args);
    t.not(result.code, null, `${args.join(' ')}: exited`);
  }
  t.equal((await spawnCli(['frobnicate'])).code, 2, 'a usage error is exit 2 from the real process');
  t.equal((await spawnCli(['list'], { WALLPAPER_DATABASE_URL: 'sqlite:///x' })).code, 2, 'and so is a bad variable');
});

t.test('every command once as a process on a real library', async (t) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  await writeImage(join(pictures, 'dark.jpg'), { width: 1920, height: 1080, color: '#101048' });
  await writeImage(join(pictures, 'light.png'), { width: 1080, height: 1920, color: '#ff9090', format: 'png' });
  await writeImage(join(pictures, 'green.webp'), { width: 1000, height: 1000, color: '#30a030', format: 'webp' });
  const home = join(root, 'home');
  // No desktop: set_command (a no-op here) is the setter.
  const env = {
    HOME: join(root, 'user'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_CURRENT_DESKTOP: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    DBUS_SESSION_BUS_ADDRESS: '',
  };
  const cli = (args: string[], compare = true) => both(t, ['--home', home, ...args], env, compare);
  const ok = (result: CliResult, what: string) => t.equal(result.code, 0, `${what}: ${result.stderr}`);

  const scan = await cli(['scan', pictures, '--json'], false);
  ok(scan, 'scan');
  t.match(JSON.parse(scan.stdout), { added: 3, total: 3 });
  const list = await cli(['list', '--json']);
  ok(list, 'list');
  const [a, b] = JSON.parse(list.stdout).wallpapers.map((w: { id: string }) => w.id);
  const random = await cli(['random', '--json'], false);
  ok(random, 'random');
  t.match(JSON.parse(random.stdout).filename, /^(dark\.jpg|light\.png|green\.webp)$/);
  ok(await cli(['favorite', a], false), 'favorite');
  ok(await cli(['hide', b], false), 'hide');
  ok(await cli(['tag', a, '+night'], false), 'tag');
  t.match((await cli(['tag'])).stdout, /night/);
  ok(await cli(['duplicates', '--json']), 'duplicates');
  t.same(JSON.parse((await cli(['config', 'get'])).stdout).folders, [pictures]);
  ok(await cli(['source', 'list', '--json']), 'source');
  t.same(JSON.parse((await cli(['fetch', '--json'])).stdout), { sources: [] }, 'fetch: no sources, nothing fetched');
  t.same(JSON.parse((await cli(['monitors', '--monitors', 'DP-1=2560x1440', '--json'])).stdout), [
    { name: 'DP-1', width: 2560, height: 1440, x: 0, y: 0, primary: true },
  ]);
  const schedule = await cli(['schedule', '--every', '30m', '--dry-run']);
  ok(schedule, 'schedule');
  t.match(schedule.stdout, 'wallpaper-random.timer');
  t.match((await cli(['shortcuts', 'install', '--print'])).stdout, /next/, 'shortcuts: what it would install');
  ok(await cli(['config', 'set', 'set_command', 'true'], false), 'config set');
  const set = await cli(['random', '--set', '--json'], false);
  ok(set, 'random --set');
  ok(await cli(['next'], false), 'next');
  ok(await cli(['back'], false), 'back');
  t.equal(
    JSON.parse((await cli(['current', '--json'])).stdout)[0].wallpaper.id,
    JSON.parse(set.stdout).id,
    'current: back put the first back',
  );
  const doctor = await cli(['doctor', '--json']);
  t.ok(Array.isArray(JSON.parse(doctor.stdout)), 'doctor: its checks as JSON');

  const file = join(root, 'data.json');
  ok(await cli(['export', file], false), 'export');
  t.match(JSON.parse(readFileSync(file, 'utf8')), { favorites: [{ id: a }], hidden: [{ id: b }] });
  const other = join(root, 'other');
  t.equal((await runCli(['--home', other, 'scan', pictures, '--quiet'])).code, 0);
  const imported = await spawnCli(['--home', other, 'import', file, '--json']);
  ok(imported, 'import');
  t.match(JSON.parse(imported.stdout).added, { favorites: 1, hidden: 1, tags: 1 });
  const copy = await cli(['database', 'copy', '--to', `sqlite:${join(root, 'copy.sqlite')}`, '--json'], false);
  ok(copy, 'database copy');
  t.match(JSON.parse(copy.stdout).rows, { wallpapers: 3 });
});
