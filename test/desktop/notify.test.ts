// `--notify` for real (docs/design.md#the-wallpaper-on-screen): Debian's notification daemon dunst on a private session bus
// (under Xvfb, where it draws) receives a notification with the title, size and source of what
// `random --set`, `next` and `back` put on the screen (read back with `dunstctl history`); on a bus
// where no notification service runs, the change still happens and nothing is said about it. The
// settings key notify makes every change notify (random --set, next, back, hide current), and
// --no-notify skips it once.
// How it waits: for dunst's history to hold the notifications expected (a generous limit, never
// measured); that a change did not notify is read after a later change that did, whose arrival
// proves the ones before it arrived too (each CLI run waits for dunst's answer to its call).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { wallpaperIn, wallpaperInProcess } from '../helpers/desktops/cli.js';
import { underSessionBus } from '../helpers/desktops/bus.js';
import { makeLibrary, MIXED } from '../helpers/desktops/screen.js';
import { baseEnv, cannotRun, type Desktop, scratch } from '../helpers/desktops/session.js';
import { startXvfb } from '../helpers/desktops/xserver.js';
import { eventually } from '../helpers/serve.js';

/** How long dunst's history may take to show a notification: a hang, not a slow machine. */
const NOTIFY_LIMIT_MS = 30_000;

const run = promisify(execFile);
const reason = cannotRun(['Xvfb', 'dunst', 'dunstctl', 'gdbus'], 'xvfb dunst libglib2.0-bin');

/** The summaries and bodies dunst received, newest first (closing the ones on screen moves them to
 * its history, where dunstctl can read them). */
async function history(env: NodeJS.ProcessEnv): Promise<{ summary: string; body: string }[]> {
  await run('dunstctl', ['close-all'], { env });
  const { stdout } = await run('dunstctl', ['history'], { env });
  const data = JSON.parse(stdout) as { data: { summary: { data: string }; body: { data: string } }[][] };
  return (data.data[0] ?? []).map((n) => ({ summary: n.summary.data, body: n.body.data }));
}

t.test('a notification of what went on the screen', { skip: reason }, async (t) => {
  const dir = scratch(t, 'notify');
  const display = await startXvfb(t, dir, '1280x800');
  const env = baseEnv(dir, { DISPLAY: display });
  const bus = await underSessionBus(t, dir, env, ['dunst']);
  t.ok(bus, 'the session bus is up');
  const session = { ...env, DBUS_SESSION_BUS_ADDRESS: bus };
  const owned = await eventually(async () => {
    const answer = await run(
      'gdbus',
      [
        'call',
        '--session',
        '--dest',
        'org.freedesktop.DBus',
        '--object-path',
        '/org/freedesktop/DBus',
        '--method',
        'org.freedesktop.DBus.NameHasOwner',
        'org.freedesktop.Notifications',
      ],
      { env: session },
    ).catch(() => undefined);
    return answer?.stdout.includes('true') ?? false;
  }, 10_000);
  t.ok(owned, 'dunst owns org.freedesktop.Notifications');

  const library = await makeLibrary(dir, MIXED);
  const desktop: Desktop = { env: { ...session, XDG_CURRENT_DESKTOP: '' }, dir, screenshot: async () => {} };
  const log = join(dir, 'set.log');
  await wallpaperIn(desktop, library.home, ['config', 'set', 'set_command', `sh -c 'echo {path} >> ${log}'`]);

  const set = await wallpaperIn(desktop, library.home, ['random', '--set', '--brightness', 'dark', '--notify', '--json']);
  t.equal(set.code, 0, set.stderr);
  const wallpaper = JSON.parse(set.stdout) as { title: string; width: number; height: number };
  const seen = await eventually(async () => (await history(session)).length > 0, NOTIFY_LIMIT_MS);
  t.ok(seen, 'dunst received a notification');
  const [first] = await history(session);
  t.equal(first?.summary, wallpaper.title, 'its summary is the title');
  t.match(first?.body, `${wallpaper.width}×${wallpaper.height}`, 'its body the size');

  const next = await wallpaperIn(desktop, library.home, ['next', '--notify']);
  t.equal(next.code, 0, next.stderr);
  t.ok(await eventually(async () => (await history(session)).length === 2, NOTIFY_LIMIT_MS), 'next notifies too');
  const back = await wallpaperIn(desktop, library.home, ['back', '--notify']);
  t.equal(back.code, 0, back.stderr);
  t.ok(await eventually(async () => (await history(session)).length === 3, NOTIFY_LIMIT_MS), 'and back');
  const without = await wallpaperIn(desktop, library.home, ['next']);
  t.equal(without.code, 0);
  t.equal((await history(session)).length, 3, 'no --notify: no notification');

  // The settings key notify makes it the default; --no-notify skips it once (in-process runs).
  const cli = (...args: string[]) => wallpaperInProcess(desktop, library.home, args);
  t.equal((await cli('config', 'set', 'notify', 'true')).stdout, 'true\n', 'notify set');
  const count = async (expected: number, what: string) =>
    t.ok(await eventually(async () => (await history(session)).length === expected, NOTIFY_LIMIT_MS), what);
  t.equal((await cli('next')).code, 0);
  await count(4, 'notify true: next notifies without --notify');
  t.equal((await cli('random', '--set', '--no-notify')).code, 0);
  t.equal((await cli('back')).code, 0);
  await count(5, '--no-notify: none; back without a flag: one');
  t.equal((await history(session)).length, 5, 'still five');
  t.equal((await cli('hide', 'current')).code, 0);
  await count(6, 'hide current notifies of the one it put on the screen');
  t.equal((await cli('config', 'set', 'notify', 'false')).code, 0);
  t.equal((await cli('next')).code, 0);
  t.equal((await cli('random', '--set')).code, 0);
  t.equal((await cli('next', '--notify')).code, 0);
  await count(7, 'notify false: none again (only the --notify after them)');
});

t.test('no notification service: the change happens, nothing is said', { skip: reason }, async (t) => {
  const dir = scratch(t, 'notify-none');
  const env = baseEnv(dir);
  const bus = await underSessionBus(t, dir, env, ['sleep', '600']);
  const library = await makeLibrary(dir, MIXED);
  const desktop: Desktop = { env: { ...env, DBUS_SESSION_BUS_ADDRESS: bus, XDG_CURRENT_DESKTOP: '' }, dir, screenshot: async () => {} };
  const log = join(dir, 'set.log');
  await wallpaperIn(desktop, library.home, ['config', 'set', 'set_command', `sh -c 'echo {path} >> ${log}'`]);
  const set = await wallpaperIn(desktop, library.home, ['random', '--set', '--notify']);
  t.equal(set.code, 0, set.stderr);
  t.equal(set.stderr, '', 'not a word about the missing service');
  t.match(set.stdout, /\.png\n$/, 'the change is reported as ever');
});
