// `current`, `back`, `next`, `favorite current` and `hide current` (docs/design.md#the-wallpaper-on-screen) on a desktop set
// through set_command (a real feature: the user's own tool), whose every call is appended to a log,
// so the log's last lines are what is on the screen. set_command cannot be read back, so `current`
// answers from what the library last put there; the real desktops' read-back is in test/desktop/.
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { writeImage } from '../helpers/fixtures.js';

async function library(t: Test) {
  const dir = t.testdir({ walls: {} });
  const walls = join(dir, 'walls');
  for (const [name, color] of [
    ['sand', '#e8d8b0'],
    ['sky', '#c0d8f0'],
    ['snow', '#f4f4f4'],
    ['night', '#101018'],
  ] as const)
    await writeImage(join(walls, `${name}.png`), { width: 320, height: 200, color, format: 'png' });
  const log = join(dir, 'set.log');
  // No desktop in this process's environment: set_command is the setter.
  const env = { XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '' };
  const cli = (...args: string[]) => runCli(['--home', join(dir, 'home'), ...args], env);
  t.equal((await cli('scan', walls)).code, 0);
  const setCommand = (template: string) => cli('config', 'set', 'set_command', `sh -c 'echo ${template} >> ${log}'`);
  t.equal((await setCommand('{path}')).code, 0);
  const shown = () => readFileSync(log, 'utf8').trim().split('\n');
  return { cli, walls, shown, setCommand };
}

t.test('before any change: current, back and next each say what to do, exit 1', async (t) => {
  const { cli } = await library(t);
  for (const [command, words] of [
    ['current', /nothing is known to be on the screen: set one first/],
    ['back', /nothing to go back to/],
    ['next', /no `random --set` to follow yet: run wallpaper random --set/],
  ] as const) {
    const result = await cli(command);
    t.equal(result.code, 1, command);
    t.match(result.stderr, words, command);
    t.equal(result.stdout, '', command);
  }
});

t.test('current names what the last change set; back puts back what it replaced, then further, then says no', async (t) => {
  const { cli, shown } = await library(t);
  const first = (await cli('random', '--set', '--brightness', 'light')).stdout.trim();
  const second = (await cli('random', '--set', '--brightness', 'light')).stdout.trim();
  const third = (await cli('random', '--set', '--brightness', 'light')).stdout.trim();
  t.not(second, first, 'no repeat');
  t.equal((await cli('current')).stdout.trim(), third, 'current: what is on the screen');
  const json = JSON.parse((await cli('current', '--json')).stdout);
  t.match(
    json,
    [{ monitor: null, slot: null }],
    'current --json: always the 7.5 array (docs/design.md#the-wallpaper-on-screen), one entry here',
  );
  t.equal(json.length, 1);
  t.equal(json[0].wallpaper.path, third, 'its wallpaper: the Wallpaper object');
  t.match(json[0].wallpaper.id, /^[0-9a-f]{16}$/);

  const back = await cli('back');
  t.equal(back.code, 0, back.stderr);
  t.equal(back.stdout.trim(), second, 'back reports what it put back');
  t.equal(shown().at(-1), second, 'and the desktop shows it');
  t.equal((await cli('current')).stdout.trim(), second);
  t.equal((await cli('back')).stdout.trim(), first, 'again: one further back');
  t.equal(shown().at(-1), first);
  const none = await cli('back');
  t.equal(none.code, 1, 'the first change replaced nothing this library knew');
  t.match(none.stderr, /nothing to go back to/);
  t.equal(shown().at(-1), first, 'and nothing changed');
});

t.test('next asks the filters and options of the last random --set again', async (t) => {
  const { cli, shown } = await library(t);
  const dark = await cli('random', '--set', '--brightness', 'dark', '--allow-repeat');
  t.match(dark.stdout, /night\.png/);
  for (let i = 0; i < 2; i++) {
    const next = await cli('next');
    t.equal(next.code, 0, next.stderr);
    t.match(next.stdout, /night\.png/, 'only the dark one matches, and --allow-repeat came along');
  }
  t.match(shown().at(-1), /night\.png/);
  await cli('random', '--set', '--brightness', 'light');
  const next = await cli('next', '--json');
  t.equal(JSON.parse(next.stdout).brightness, 'light', 'the newest random --set is the one followed');
});

t.test('favorite current and hide current act on the wallpaper on the screen', async (t) => {
  const { cli, shown } = await library(t);
  await cli('random', '--set', '--brightness', 'light');
  const onScreen = shown().at(-1)!;
  const favorite = await cli('favorite', 'current');
  t.equal(favorite.code, 0, favorite.stderr);
  t.match(favorite.stdout, `favourite: `);
  const favorites = JSON.parse((await cli('list', '--favorites', '--json')).stdout).wallpapers;
  t.same(
    favorites.map((w: { path: string }) => w.path),
    [onScreen],
    'the one on the screen is the favourite',
  );

  const hide = await cli('hide', 'current');
  t.equal(hide.code, 0, hide.stderr);
  const hidden = JSON.parse((await cli('list', '--hidden', 'true', '--json')).stdout).wallpapers;
  t.same(
    hidden.map((w: { path: string }) => w.path),
    [onScreen],
    'hidden',
  );
  t.not(shown().at(-1), onScreen, 'and another one is on the screen');
  t.match(shown().at(-1)!, /(sand|sky|snow)\.png$/, 'picked like next: a light one');
  t.equal((await cli('current')).stdout.trim(), shown().at(-1));

  const wrong = await cli('favorite', '3f2a9c0d1e4b5a67', '--monitor', 'DP-1');
  t.equal(wrong.code, 2);
  t.match(wrong.stderr, /--monitor: it applies to `current` only/);
});

t.test('per monitor: current per monitor, back restores each, hide current --monitor changes that one only', async (t) => {
  const { cli, setCommand, shown } = await library(t);
  t.equal((await setCommand('{monitor}={path}')).code, 0);
  const monitors = ['--monitors', 'LEFT=320x200,RIGHT=320x200'];
  const first = await cli('random', '--set', '--brightness', 'light', ...monitors);
  t.equal(first.code, 0, first.stderr);
  const firstLines = first.stdout.trim().split('\n').sort();
  t.match(firstLines, [/^LEFT\t/, /^RIGHT\t/]);
  t.same((await cli('current')).stdout.trim().split('\n').sort(), firstLines, 'current: one line per monitor');
  const second = await cli('next');
  t.equal(second.code, 0, second.stderr);
  const back = await cli('back');
  t.same(back.stdout.trim().split('\n').sort(), firstLines, 'back puts each monitor back');
  t.same(
    shown().slice(-2).sort(),
    firstLines.map((line) => line.replace('\t', '=')),
    'on each monitor',
  );

  const rightBefore = firstLines.find((line) => line.startsWith('RIGHT'))!.split('\t')[1];
  const hide = await cli('hide', 'current', '--monitor', 'RIGHT');
  t.equal(hide.code, 0, hide.stderr);
  t.match(hide.stdout, rightBefore!, 'the one on RIGHT was hidden');
  const last = shown().at(-1)!;
  t.match(last, /^RIGHT=/, 'only RIGHT changed');
  t.not(last, `RIGHT=${rightBefore}`);
});

t.test('feh redraws every monitor: hide current on one gives the others what they show, in order', async (t) => {
  const { cli, walls } = await library(t);
  const dir = join(walls, '..');
  mkdirSync(join(dir, 'bin'));
  copyFileSync(FAKE, join(dir, 'bin', 'feh'));
  chmodSync(join(dir, 'bin', 'feh'), 0o755);
  const log = join(dir, 'calls.log');
  // Plain X11 with feh (a fake that logs its arguments); the monitors given, as xrandr would list them.
  const env = { PATH: join(dir, 'bin'), FAKE_LOG: log, DISPLAY: ':99', WALLPAPER_MONITORS: 'LEFT=320x200,RIGHT=320x200' };
  const x11 = (...args: string[]) => runCli(['--home', join(dir, 'home'), ...args], env);
  t.equal((await cli('config', 'set', 'set_command', 'null')).code, 0);
  const set = await x11('random', '--set', '--brightness', 'light');
  t.equal(set.code, 0, set.stderr);
  const [left, right] = set.stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t')[1]);
  t.same(readCalls(log).at(-1), ['feh', '--bg-fill', left, right], 'one file per screen, in order');
  const hideRight = await x11('hide', 'current', '--monitor', 'RIGHT');
  t.equal(hideRight.code, 0, hideRight.stderr);
  const call = readCalls(log).at(-1)!;
  t.equal(call[2], left, 'LEFT keeps its wallpaper (not the new one in its place)');
  t.not(call[3], right, 'RIGHT gets a new one');
  t.equal(call.length, 4, 'a file for each screen');
  const back = await x11('back');
  t.equal(back.code, 0, back.stderr);
  t.same(readCalls(log).at(-1), ['feh', '--bg-fill', left, right], 'back: both as they were');
});

t.test('one file everywhere, then one each: current and favorite current --monitor name the newer one', async (t) => {
  const { cli, setCommand } = await library(t);
  t.equal((await cli('random', '--set')).code, 0, 'one file for every monitor');
  t.equal((await setCommand('{monitor}={path}')).code, 0);
  const each = await cli('random', '--set', '--monitors', 'LEFT=320x200,RIGHT=320x200');
  t.equal(each.code, 0, each.stderr);
  const lines = each.stdout.trim().split('\n').sort();
  t.same((await cli('current')).stdout.trim().split('\n').sort(), lines, 'current: the two monitors, no older line for every monitor');
  const right = lines.find((line) => line.startsWith('RIGHT\t'))!.split('\t')[1]!;
  const marked = await cli('favorite', 'current', '--monitor', 'RIGHT');
  t.equal(marked.code, 0, marked.stderr);
  t.match(marked.stdout, new RegExp(`^favourite: [0-9a-f]{16} ${right}\\n$`), 'the file on RIGHT');
  const favourites = JSON.parse((await cli('list', '--favorites', '--json')).stdout).wallpapers.map((w: { path: string }) => w.path);
  t.same(favourites, [right], 'exactly that one');
  const unknown = await cli('favorite', 'current', '--monitor', 'DP-9');
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /^wallpaper: invalid --monitor "DP-9": this desktop has LEFT, RIGHT\n$/);
});
