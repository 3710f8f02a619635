// `current --as waybar` and `current --follow` (docs/cli.md#wallpaper-current-back-and-next) on a desktop set through
// set_command (the user's own tool; it cannot be read back, so `current` answers from what the
// library last put there). The waybar line is checked in-process; --follow runs as a real process
// and a change made by another process (this one) makes it print a new line.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import t, { type Test } from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { writeImage } from '../helpers/fixtures.js';

const NO_DESKTOP = { XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '' };

async function library(t: Test) {
  const dir = t.testdir({ walls: {} });
  const walls = join(dir, 'walls');
  for (const [name, color] of [
    ['sand', '#e8d8b0'],
    ['snow', '#f4f4f4'],
    ['night', '#101018'],
    ['dusk', '#202040'],
  ] as const)
    await writeImage(join(walls, `${name}.png`), { width: 320, height: 200, color, format: 'png' });
  const home = join(dir, 'home');
  const cli = (...args: string[]) => runCli(['--home', home, ...args], NO_DESKTOP);
  t.equal((await cli('scan', walls)).code, 0);
  t.equal((await cli('config', 'set', 'set_command', 'true {path}')).code, 0);
  return { cli, home };
}

t.test('--as waybar: one JSON line of title, tooltip, brightness and id; bad --as: exit 2; nothing set: exit 1', async (t) => {
  const { cli } = await library(t);
  const before = await cli('current', '--as', 'waybar');
  t.equal(before.code, 1, 'nothing on the screen yet');
  t.match(before.stderr, /nothing is known to be on the screen/);
  const bad = await cli('current', '--as', 'polybar');
  t.equal(bad.code, 2);
  t.equal(bad.stderr, 'wallpaper: invalid --as "polybar": expected waybar\n');

  for (const brightness of ['dark', 'light'] as const) {
    const set = JSON.parse((await cli('random', '--set', '--brightness', brightness, '--json')).stdout);
    const result = await cli('current', '--as', 'waybar');
    t.equal(result.code, 0, result.stderr);
    t.equal(result.stdout.split('\n').length, 2, 'one line');
    t.same(
      JSON.parse(result.stdout),
      { text: set.title, tooltip: `${set.title}\n320x200\nwalls`, class: brightness, alt: set.id },
      `${brightness}: class is the brightness, alt the id`,
    );
  }
});

t.test('--follow --as waybar: a change made by another process prints a new line', async (t) => {
  const { cli, home } = await library(t);
  const first = JSON.parse((await cli('random', '--set', '--brightness', 'dark', '--json')).stdout);
  const child = spawn(process.execPath, [BIN, '--home', home, 'current', '--follow', '--as', 'waybar'], {
    env: { ...process.env, WALLPAPER_HOME: '', ...NO_DESKTOP },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill());
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(((await lines.next()).value as string) ?? 'null');
  t.match(await next(), { alt: first.id, class: 'dark' }, 'prints what is on the screen at start');
  const second = JSON.parse((await cli('next', '--json')).stdout);
  t.not(second.id, first.id);
  t.match(await next(), { alt: second.id, text: second.title }, 'and again after `next` in another process');
  const light = JSON.parse((await cli('random', '--set', '--brightness', 'light', '--json')).stdout);
  t.match(await next(), { alt: light.id, class: 'light' }, 'and after a `random --set`');
  const ended = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  t.equal(await ended, 0, 'SIGTERM ends it cleanly');
});
