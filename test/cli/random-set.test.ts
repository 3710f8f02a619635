// `random --set` against fake desktop tools on PATH, the no-repeat history, set_command, and remote
// mode (`--server`) against a real `wallpaper serve`.
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { readCalls } from '../helpers/fake-desktop.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startServe, until } from '../helpers/serve.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));
const COLOURS = ['#101048', '#104810', '#481010', '#484810', '#104848'];

async function setup(t: Test, count = COLOURS.length) {
  const root = tempDir(t);
  const pictures = join(root, 'my "dark" walls');
  for (let i = 0; i < count; i++) {
    await writeImage(join(pictures, `it's wall ${i}.jpg`), { width: 1920, height: 1080, color: COLOURS[i]! });
  }
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const tool of ['gsettings', 'my-setter']) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  const log = join(root, 'calls.log');
  const home = join(root, 'home');
  const desktop = { PATH: bin, FAKE_LOG: log, XDG_CURRENT_DESKTOP: 'GNOME' };
  const cli = (args: string[], env: NodeJS.ProcessEnv = desktop) => runCli(['--home', home, ...args], env);
  const calls = () => readCalls(log);
  await cli(['scan', pictures, '--quiet']);
  return { root, pictures, home, bin, log, cli, calls };
}

t.test('--set on GNOME sets both keys to the picked file', async (t) => {
  const s = await setup(t);
  const result = await s.cli(['random', '--set', '--json', '--brightness', 'dark']);
  t.equal(result.code, 0, result.stderr);
  const picked = JSON.parse(result.stdout);
  const uri = pathToFileURL(picked.path).href;
  t.same(
    s.calls(),
    [
      // What the screen showed, read back first: what `back` would put back (docs/design.md#the-wallpaper-on-screen).
      ['gsettings', 'get', 'org.gnome.desktop.background', 'picture-uri'],
      ['gsettings', 'get', 'org.gnome.desktop.background', 'picture-uri-dark'],
      ['gsettings', 'get', 'org.gnome.desktop.background', 'picture-options'],
      ['gsettings', 'set', 'org.gnome.desktop.background', 'picture-uri', uri],
      ['gsettings', 'get', 'org.gnome.desktop.background', 'picture-uri'],
      ['gsettings', 'set', 'org.gnome.desktop.background', 'picture-uri-dark', uri],
      ['gsettings', 'get', 'org.gnome.desktop.background', 'picture-uri-dark'],
    ],
    'what was shown read back, then both keys set and read back (a span undone first: picture-options read)',
  );
});

t.test('a failing setter fails --set with its message; no setter is a clear error', async (t) => {
  const s = await setup(t, 1);
  const failed = await s.cli(['random', '--set'], {
    PATH: s.bin,
    FAKE_LOG: s.log,
    XDG_CURRENT_DESKTOP: 'GNOME',
    FAKE_FAIL: 'gsettings',
    FAKE_STDERR: 'dconf is down',
  });
  t.equal(failed.code, 1);
  t.equal(failed.stdout, '');
  t.match(failed.stderr, /^wallpaper: gsettings .*dconf is down\n$/);
  const cron = await s.cli(['random', '--set'], { PATH: s.bin, FAKE_LOG: s.log, XDG_CURRENT_DESKTOP: 'GNOME', FAKE_NO_BUS: '1' });
  t.equal(cron.code, 1, 'no session bus (cron): gsettings exits 0 but nothing changed, and that is a failure');
  t.match(
    cron.stderr,
    /^wallpaper: gsettings set org\.gnome\.desktop\.background picture-uri was accepted but not kept .*DBUS_SESSION_BUS_ADDRESS; see docs\/desktops\.md#cron\n$/,
  );
  const none = await s.cli(['random', '--set'], { PATH: s.bin });
  t.equal(none.code, 1);
  t.match(none.stderr, /^wallpaper: no wallpaper setter found.*set_command/);
  t.equal(none.stderr.split('\n').length, 2, 'one line');
});

t.test('set_command gets the path as one argument, spaces and quotes intact', async (t) => {
  const s = await setup(t, 1);
  await s.cli(['config', 'set', 'set_command', `${join(s.bin, 'my-setter')} --mode "fill it" {path}`]);
  const result = await s.cli(['random', '--set'], { PATH: s.bin, FAKE_LOG: s.log });
  t.equal(result.code, 0, result.stderr);
  const path = result.stdout.trim();
  t.match(path, /my "dark" walls\/it's wall 0\.jpg$/);
  t.same(s.calls(), [['my-setter', '--mode', 'fill it', path]]);
});

t.test('history: --set avoids the last ones set, --allow-repeat does not', async (t) => {
  const s = await setup(t);
  const picks: string[] = [];
  for (let i = 0; i < COLOURS.length; i++) picks.push((await s.cli(['random', '--set'])).stdout.trim());
  t.equal(new Set(picks).size, COLOURS.length, 'every wallpaper once before any repeat');
  const sixth = (await s.cli(['random', '--set'])).stdout.trim();
  t.equal(sixth, picks[0], 'when all were set recently, the least recent comes back');

  // with only two matches, they alternate
  const two = await setup(t, 2);
  const alternating: string[] = [];
  for (let i = 0; i < 4; i++) alternating.push((await two.cli(['random', '--set'])).stdout.trim());
  t.equal(alternating[0], alternating[2]);
  t.equal(alternating[1], alternating[3]);
  t.not(alternating[0], alternating[1]);

  const repeat = await two.cli(['random', '--set', '--allow-repeat']);
  t.equal(repeat.code, 0);
  // random without --set neither avoids nor records
  const before = two.calls().length;
  await two.cli(['random']);
  t.equal(two.calls().length, before);
});

t.test('remote mode: list and random ask a running server; --set downloads first', async (t) => {
  const s = await setup(t);
  const server = await startServe(t, { home: join(s.root, 'server-home'), folders: [s.pictures] });
  await until(
    async () => JSON.parse((await runCli(['list', '--json', '--server', server.base])).stdout).pagination.total === COLOURS.length,
  );
  const localHome = join(s.root, 'client-home');
  const remote = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCli(['--home', localHome, ...args], { PATH: s.bin, FAKE_LOG: s.log, XDG_CURRENT_DESKTOP: 'GNOME', ...env });

  const list = await remote(['list', '--json', '--server', server.base, '--limit', '2', '--brightness', 'dark']);
  t.equal(list.code, 0, list.stderr);
  const body = JSON.parse(list.stdout);
  t.same(body.pagination, { total: 5, page: 1, limit: 2, total_pages: 3 });
  t.same(body.filters, { brightness: 'dark' });

  const viaEnv = await remote(['random', '--json'], { WALLPAPER_SERVER: server.base });
  t.equal(viaEnv.code, 0, viaEnv.stderr);
  t.match(JSON.parse(viaEnv.stdout).id, /^[0-9a-f]{16}$/);

  const set = await remote(['random', '--set', '--server', server.base]);
  t.equal(set.code, 0, set.stderr);
  const downloaded = set.stdout.trim();
  t.equal(downloaded.startsWith(join(localHome, 'downloads')), true, downloaded);
  t.same(
    readFileSync(downloaded),
    readFileSync(
      join(s.pictures, readdirSync(s.pictures).find((name) => readFileSync(join(s.pictures, name)).equals(readFileSync(downloaded)))!),
    ),
    'the same bytes as a library file',
  );
  t.same(s.calls().at(-2), ['gsettings', 'set', 'org.gnome.desktop.background', 'picture-uri-dark', pathToFileURL(downloaded).href]);

  const none = await remote(['random', '--server', server.base, '--min-width', '99999']);
  t.equal(none.code, 1);
  t.equal(none.stderr, 'wallpaper: no wallpaper on the server matches the filters\n');
  const invalid = await remote(['random', '--server', server.base, '--brightness', 'purple']);
  t.equal(invalid.code, 2, 'refused locally, before asking');
  const down = await remote(['list', '--server', 'http://127.0.0.1:1']);
  t.equal(down.code, 1);
  t.match(down.stderr, /^wallpaper: cannot reach http:\/\/127\.0\.0\.1:1: .*\n$/);
  const notUrl = await remote(['list', '--server', 'ftp://x']);
  t.equal(notUrl.code, 2);
  t.equal(await server.stop(), 0, 'serve exits 0 on SIGTERM');
});
