// What a newcomer met in the first hour on a fresh clone, in-process: every command that
// changes the screen takes --notify/--no-notify and --target; the empty-library hint names the
// library's own flags (`npx wallpaper --home .try scan FOLDER` under `npm start`); an empty library
// says so (exit 1) and a read-only `list` makes no index; `list` without a match exits 1 (its JSON
// still printed); a short id prefix says it needs 4 characters; `current` on one monitor prints the
// path alone and `back` never names a monitor `null`; sizes read the same as in the gallery;
// `--appearance auto` with no colour scheme says light is used; the API's no-match 404 gives the
// CLI's format hint; a `.stw` whose times go backwards is in `failed`, naming the line.
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import { formatBytes as galleryBytes } from '../../gallery/js/dom.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { startServer } from '../../src/http/server.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, twoColourBytes, writeImage } from '../helpers/fixtures.js';
import { memoryLogger } from '../http/helpers.js';

/** No desktop and no tool that could tell a colour scheme: only sh for set_command. */
function plainEnv(t: Test) {
  const bin = tempDir(t);
  symlinkSync('/bin/sh', join(bin, 'sh'));
  return { XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '', PATH: bin };
}

async function library(t: Test) {
  const dir = tempDir(t);
  const walls = join(dir, 'walls');
  // Three light pictures and a dark one, as JPEG (the `format=jpeg` hint needs .jpg files).
  const colors = { sand: '#e8d8b0', sky: '#c0d8f0', snow: '#f4f4f4', night: '#101018' };
  for (const [name, color] of Object.entries(colors)) await writeImage(join(walls, `${name}.jpg`), { width: 320, height: 200, color });
  const home = join(dir, 'home');
  const env = plainEnv(t);
  const cli = (...args: string[]) => runCli(['--home', home, ...args], env);
  t.equal((await cli('scan', walls)).code, 0);
  const log = join(dir, 'set.log');
  t.equal((await cli('config', 'set', 'set_command', `sh -c 'echo {path} >> ${log}'`)).code, 0);
  return { cli, home, walls, dir };
}

t.test('every command that changes the screen takes --notify, --no-notify and --target', async (t) => {
  const { cli } = await library(t);
  t.equal((await cli('random', '--set', '--no-notify', '--target', 'desktop')).code, 0);
  for (const args of [
    ['next', '--no-notify', '--target', 'desktop'],
    ['next', '--notify'],
    ['back', '--no-notify', '--target', 'desktop'],
    ['hide', 'current', '--no-notify', '--target', 'desktop'],
    ['hide', 'current', '--notify'],
    ['random', '--set', '--notify', '--target', 'desktop'],
  ]) {
    const result = await cli(...args);
    t.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    t.equal(result.stderr, '', args.join(' '));
  }
  for (const command of ['watch', 'schedule']) {
    const help = await cli(command, '--help');
    for (const flag of ['--notify', '--no-notify', '--target <where>']) t.match(help.stdout, flag, `${command} --help: ${flag}`);
  }
  const dry = await cli('schedule', '--every', '1h', '--no-notify', '--target', 'desktop', '--dry-run');
  t.equal(dry.code, 0, dry.stderr);
  t.match(dry.stdout, /random --set --if-due \S+ --target desktop --no-notify/, 'the timer carries them');
  const misplaced = await cli('hide', 'current', '--off', '--no-notify');
  t.equal(misplaced.code, 2);
  t.equal(misplaced.stderr, 'wallpaper: invalid --no-notify: it applies to `hide current` only (the change it makes)\n');
  t.equal((await cli('favorite', 'current', '--notify')).code, 2, 'favorite changes nothing on the screen');
});

t.test('an empty library: the hint names this library; exit 1; a read-only list makes no index', async (t) => {
  const dir = tempDir(t);
  const env = plainEnv(t);
  const list = await runCli(['--home', join(dir, '.try'), 'list'], env);
  t.equal(list.code, 1);
  t.equal(list.stderr, `wallpaper: the library is empty: add a folder with \`wallpaper --home ${join(dir, '.try')} scan FOLDER\`\n`);
  t.equal(list.stdout, '');
  t.same(readdirSync(dir), [], 'nothing made: no home, no index.sqlite');
  const json = await runCli(['--home', join(dir, '.try'), 'list', '--json'], env);
  t.equal(json.code, 1);
  t.same(JSON.parse(json.stdout), { wallpapers: [], pagination: { total: 0, page: 1, limit: 50, total_pages: 0 } });
  t.match(json.stderr, /^wallpaper: the library is empty/);
  const random = await runCli(['--home', join(dir, '.try'), 'random', '--brightness', 'dark'], env);
  t.equal(random.code, 1);
  t.match(random.stderr, /^wallpaper: the library is empty: add a folder with `wallpaper --home \S+ scan FOLDER`\n$/);
  t.same(readdirSync(dir), [], 'random made nothing either');

  // Under the checkout's `npm start` (as package.json runs it): the README's words, not the real library's.
  const npmStart = { ...env, npm_lifecycle_event: 'start', npm_package_name: 'wallpaper-toolkit' };
  const started = await runCli(['--home', '.try', 'random'], { ...npmStart, PWD: dir });
  t.equal(started.stderr, 'wallpaper: the library is empty: add a folder with `npx wallpaper --home .try scan FOLDER`\n');
});

t.test('list: no match is exit 1 with the reason on stderr; --json still prints the empty answer', async (t) => {
  const { cli } = await library(t);
  const none = await cli('list', '--format', 'tif');
  t.equal(none.code, 1);
  t.equal(none.stdout, '');
  t.equal(none.stderr, 'wallpaper: no wallpaper matches --format tif (4 wallpapers in the library)\n');
  const json = await cli('list', '--format', 'jpeg', '--json');
  t.equal(json.code, 1);
  t.same(JSON.parse(json.stdout), {
    wallpapers: [],
    pagination: { total: 0, page: 1, limit: 50, total_pages: 0 },
    filters: { format: 'jpeg' },
  });
  t.match(json.stderr, /--format jpg would match 4/);
  const found = await cli('list', '--format', 'jpg');
  t.equal(found.code, 0);
  const pastTheEnd = await cli('list', '--page', '9');
  t.equal(pastTheEnd.code, 0, 'a page past the end is no "no match": the library has matches');
});

t.test('a short id prefix says a prefix needs 4 characters', async (t) => {
  const { cli } = await library(t);
  for (const command of ['favorite', 'hide', 'tag']) {
    const result = await cli(command, '3f');
    t.equal(result.code, 2, command);
    t.equal(result.stderr, 'wallpaper: invalid id "3f": an id prefix needs at least 4 hex characters (a whole id has 16)\n', command);
  }
});

t.test('current on one monitor prints the path alone; back after a move to per-monitor never names a monitor null', async (t) => {
  const { cli, dir, home } = await library(t);
  t.equal((await cli('config', 'set', 'set_command', `sh -c 'echo {monitor} {path} >> ${join(dir, 'set.log')}'`)).code, 0);
  // One monitor, as feh on one screen reports it.
  const one = await cli('random', '--set', '--monitors', 'screen=320x200');
  t.equal(one.code, 0, one.stderr);
  t.equal((await cli('current')).stdout, one.stdout, 'the path alone, as random --set printed it');
  // A desktop read back names its one monitor (Xfce's, sway's output): still the path alone.
  const record = join(home, 'on-screen.json');
  const state = JSON.parse(readFileSync(record, 'utf8'));
  state.changes.at(-1).shown[0].monitor = 'screen';
  writeFileSync(record, JSON.stringify(state));
  const current = await cli('current');
  t.equal(current.stdout, one.stdout, 'one monitor, named: the path alone');
  t.equal(JSON.parse((await cli('current', '--json')).stdout)[0].monitor, 'screen', '--json still names it');
  // Then two monitors, one pick each (as Xfce sets them), then one for all.
  const two = await cli('random', '--set', '--monitors', 'A=320x200,B=320x200');
  t.match(two.stdout, /^A\t.*\nB\t.*\n$/);
  t.equal((await cli('random', '--set', '--same', '--monitors', 'A=320x200,B=320x200')).code, 0);
  const back = await cli('back');
  t.equal(back.code, 0, back.stderr);
  t.equal(back.stdout, two.stdout, 'each monitor gets back its own, by its name');
  t.notMatch(back.stdout, /null/);
});

t.test('sizes: one decimal unit, the same in the CLI and the gallery', async (t) => {
  t.equal(galleryBytes(14_784_118), '14.8 MB', 'the gallery: decimal');
  const { cli, walls } = await library(t);
  const copy = join(walls, 'copy');
  mkdirSync(copy);
  const picture = await twoColourBytes(1920, 1080, '#c04020', '#2040c0');
  await sharp(picture).jpeg({ quality: 100 }).toFile(join(walls, 'split.jpg'));
  await sharp(picture).png({ compressionLevel: 0 }).toFile(join(copy, 'split.png'));
  await cli('scan');
  const groups = await cli('duplicates');
  t.equal(groups.code, 0, groups.stderr);
  const { wallpapers } = JSON.parse((await cli('list', '--search', 'split', '--json')).stdout);
  t.equal(wallpapers.length, 2);
  for (const wallpaper of wallpapers) {
    const row = groups.stdout.split('\n').find((line) => line.includes(wallpaper.id));
    t.ok(
      row?.includes(`  ${galleryBytes(wallpaper.size_bytes)}  `),
      `${wallpaper.filename}: as the gallery writes ${wallpaper.size_bytes} bytes`,
    );
  }
  t.match(groups.stdout, / \d+(\.\d)? MB /, 'the PNG copy is over a million bytes: MB, decimal');
});

t.test('--appearance auto where no colour scheme answers: one line says light is used', async (t) => {
  const { cli } = await library(t);
  const set = await cli('random', '--set', '--appearance', 'auto');
  t.equal(set.code, 0, set.stderr);
  t.equal(set.stderr, 'wallpaper: no colour scheme found (no settings portal, GNOME or KDE setting answered): light is used\n');
  const next = await cli('next');
  t.match(next.stderr, /^wallpaper: no colour scheme found/, 'next repeats the auto of the last set: said again');
  t.equal((await cli('random', '--set', '--appearance', 'light')).stderr, '', 'a scheme asked for: nothing to say');
});

t.test("the API's no-match 404 gives the CLI's format hint after the spec's words", async (t) => {
  const { home } = await library(t);
  const lib = openLibrary({ home });
  const server = await startServer(lib, { host: '127.0.0.1', port: 0, logger: memoryLogger([]) });
  t.teardown(async () => {
    await server.close();
    lib.close();
  });
  for (const path of ['/api/wallpapers/random', '/api/wallpapers/random/image', '/api/wallpapers/random/thumbnail']) {
    const answer = await fetch(`${server.url}${path}?format=jpeg`);
    t.equal(answer.status, 404, path);
    t.equal(
      await answer.text(),
      'no wallpaper matches the filters; format=jpg would match 4: format compares the file extension (.jpg)\n',
      path,
    );
  }
  const plain = await fetch(`${server.url}/api/wallpapers/random?format=png`);
  t.equal(await plain.text(), 'no wallpaper matches the filters\n', 'no sibling spelling matches: the spec words alone');
});

t.test('a .stw whose times go backwards is in failed, naming the line; the rest is indexed', async (t) => {
  const { cli, walls } = await library(t);
  writeFileSync(join(walls, 'backwards.stw'), 'stw: 1.0\n@18:00: night.jpg\n@06:00: sand.jpg\n');
  writeFileSync(join(walls, 'fine.stw'), 'stw: 1.0\n@06:00: sand.jpg\n@18:00: night.jpg\n');
  const scan = await cli('scan', '--json');
  const summary = JSON.parse(scan.stdout);
  t.same(
    summary.failed.filter((f: { path: string }) => f.path.endsWith('.stw')),
    [
      {
        path: join(walls, 'backwards.stw'),
        error:
          'times out of order: line 3 (06:00) goes back from the time before it (18:00); a file that runs past midnight says so with @00:00 or a transition across it',
      },
    ],
  );
  t.notOk(
    summary.skipped.some((s: { path: string }) => s.path.endsWith('.stw')),
    'malformed dynamic files are in one list',
  );
  t.ok(existsSync(join(walls, 'fine.stw')));
  t.equal((await cli('list', '--search', 'fine')).code, 0, 'the well-formed one is indexed');
});
