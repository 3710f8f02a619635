// `wallpaper tray` (docs/desktops.md#the-tray) against a real watcher: KDE's StatusNotifierWatcher
// (kded5) on a private session bus, read and clicked over D-Bus as a host would. The item registers
// (RegisteredStatusNotifierItems), shows the wallpaper on screen as its icon (the pixmap's colour is
// the picture's) and tooltip, follows a change made by the CLI in another process, runs a menu
// click through the CLI's own `next`; registers again when the watcher restarts; refuses without a
// watcher and as a second tray; runs on an empty library. The panels that draw it (xfce4-panel,
// waybar, Plasma, GNOME's extension) are in the desktop suites.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { eventually } from '../helpers/serve.js';
import { clickMenu, COLOURS, ITEM, menuLabels, startTray, startTrayHost, trayLibrary, trayProperty } from '../helpers/tray-host.js';

const library = trayLibrary;

const colourOf = (pixmaps: [number, number, Buffer][]) => {
  const [, , argb] = pixmaps.find(([w]) => w === 22)!;
  return [argb[1]!, argb[2]!, argb[3]!];
};
const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 6);

const host = await startTrayHost(t);
if (typeof host === 'string') t.plan(0, `skipped: ${host}`);
else {
  t.test('registers; icon, tooltip and menu show the wallpaper on screen and follow the CLI; a menu Next changes it', async (t) => {
    const { cli, home, env } = await library(t, host);
    const first = JSON.parse((await cli('random', '--set', '--json')).stdout);
    const tray = startTray(t, home, env);
    const path = `${tray.name}/StatusNotifierItem`;
    t.ok(
      await eventually(async () => (await host.registered()).includes(path), 15_000),
      `registered with the watcher as ${path} ${tray.stderr()}`,
    );
    const prop = (name: string) => trayProperty(host.client, tray.name, '/StatusNotifierItem', ITEM, name);
    t.equal(await prop('Id'), 'wallpaper');
    t.equal(await prop('Category'), 'ApplicationStatus');
    t.equal(await prop('Title'), 'wallpaper');
    t.equal(await prop('Menu'), '/MenuBar');
    const pixmaps = (await prop('IconPixmap')) as [number, number, Buffer][];
    t.same(
      pixmaps.map(([w, h, bytes]) => [w, h, bytes.length]),
      [22, 32, 48].map((s) => [s, s, s * s * 4]),
      'ARGB32 at 22, 32, 48 px',
    );
    const colourName = (wallpaper: { title: string }) => wallpaper.title as keyof typeof COLOURS;
    t.ok(near(colourOf(pixmaps), COLOURS[colourName(first)]), `the icon is ${first.title}: ${colourOf(pixmaps)}`);
    t.match(await prop('ToolTip'), ['', [], first.title, `${first.title}\n320x200\nwalls`]);

    const labels = await menuLabels(host.client, tray.name);
    t.same(
      labels.map((item) => item.label),
      [
        first.title,
        'Next',
        'Back',
        'Favourite',
        'Hide',
        'Change every',
        'Off',
        '15 minutes',
        '30 minutes',
        '1 hour',
        '3 hours',
        '1 day',
        'Light and dark',
        'Off',
        'Follow the desktop',
        'Follow the sun',
        'Open in the gallery',
        'Show in folder',
        'Quit',
      ],
      'the labels in order (no "Set on": set_command has no lock screen)',
    );
    t.equal(labels[0]!.enabled, false, 'the title is not clickable');
    t.equal(labels.find((item) => item.label === 'Favourite')!.checked, false);

    // A change by the CLI in another process: the icon and tooltip follow within a second or so.
    const second = JSON.parse((await cli('next', '--json')).stdout);
    t.ok(
      await eventually(async () => ((await prop('ToolTip')) as string[])[2] === second.title, 5000),
      `the tooltip follows \`next\` to ${second.title}`,
    );
    t.ok(near(colourOf((await prop('IconPixmap')) as [number, number, Buffer][]), COLOURS[colourName(second)]), 'and the icon');
    t.equal((await menuLabels(host.client, tray.name))[0]!.label, second.title, 'and the menu title');

    // Favourite from the menu: the library's mark, and the check mark.
    const favourite = (await menuLabels(host.client, tray.name)).find((item) => item.label === 'Favourite')!;
    await clickMenu(host.client, tray.name, favourite.id);
    t.ok(
      await eventually(async () => JSON.parse((await cli('list', '--favorites', '--json')).stdout).wallpapers.length === 1, 5000),
      'Favourite marks it',
    );
    t.ok(
      await eventually(async () => (await menuLabels(host.client, tray.name)).find((i) => i.label === 'Favourite')!.checked === true, 5000),
      'checked',
    );

    // Next from the menu: the screen (what `current` reads) changes, and the tray follows.
    const next = (await menuLabels(host.client, tray.name)).find((item) => item.label === 'Next')!;
    await clickMenu(host.client, tray.name, next.id);
    t.ok(await eventually(async () => (await cli('current')).stdout.trim() !== second.path, 5000), 'a menu Next changes what is on screen');
    const third = (await cli('current')).stdout.trim();
    t.ok(await eventually(async () => third.endsWith(`${((await prop('ToolTip')) as string[])[2]}.png`), 5000), 'and the tray shows it');

    // Activate (a left click) is next too; Back from the menu puts back the one before.
    const item = (await host.client.getProxyObject(tray.name, '/StatusNotifierItem')).getInterface(ITEM);
    await item.Activate!(0, 0);
    t.ok(await eventually(async () => (await cli('current')).stdout.trim() !== third, 5000), 'Activate: next');
    const back = (await menuLabels(host.client, tray.name)).find((i) => i.label === 'Back')!;
    await clickMenu(host.client, tray.name, back.id);
    t.ok(await eventually(async () => (await cli('current')).stdout.trim() === third, 5000), 'Back puts back the one before');

    // A second tray for the same library: exit 1, naming the first.
    const again = await runCli(['--home', home, 'tray'], env);
    t.equal(again.code, 1);
    t.equal(again.stderr, `wallpaper: already running (pid ${tray.child.pid})\n`);

    // The watcher goes away (a panel restart) and comes back: the item registers again.
    await host.stopWatcher();
    await host.startWatcher();
    t.ok(await eventually(async () => (await host.registered()).includes(path), 10_000), 'registered again with the new watcher');

    tray.child.kill('SIGTERM');
    t.equal(await tray.exited, 0, 'SIGTERM ends it, exit 0');
    t.notOk(existsSync(join(home, 'tray.pid')), 'and it gives its lock back');
    t.equal(tray.stderr(), '', 'nothing said on stderr');
  });

  t.test('an empty library: the tray runs and its title says so; a stale lock is taken over', async (t) => {
    const { home, env } = await library(t, host, false);
    writeFileSync(join(home, 'tray.pid'), '999999\n');
    const tray = startTray(t, home, env);
    t.ok(
      await eventually(async () => (await host.registered()).includes(`${tray.name}/StatusNotifierItem`), 15_000),
      `registered ${tray.stderr()}`,
    );
    t.equal(readFileSync(join(home, 'tray.pid'), 'utf8').trim(), String(tray.child.pid), 'the stale pid is replaced');
    const labels = await menuLabels(host.client, tray.name);
    t.match(labels[0]!.label, /library is empty/);
    t.same(await trayProperty(host.client, tray.name, '/StatusNotifierItem', ITEM, 'IconPixmap'), [], 'no picture to show');
    const quit = labels.find((item) => item.label === 'Quit')!;
    await clickMenu(host.client, tray.name, quit.id);
    t.equal(await tray.exited, 0, 'Quit ends it');
  });

  t.test('no watcher on the bus: exit 1 naming what to install; doctor says so too', async (t) => {
    const bare = await startTrayHost(t, false);
    if (typeof bare === 'string') return void t.plan(0, bare);
    const { cli } = await library(t, bare);
    for (const [desktop, words] of [
      ['GNOME', /gnome-shell-extension-appindicator/],
      ['XFCE', /xfce4-panel's Status Tray/],
      ['sway', /waybar with its "tray" module/],
    ] as const) {
      const result = await runCli(['--home', join(bare.dir, 'x'), 'tray'], {
        XDG_CURRENT_DESKTOP: desktop,
        DBUS_SESSION_BUS_ADDRESS: bare.address,
      });
      t.equal(result.code, 1, desktop);
      t.match(result.stderr, /^wallpaper: no tray host \(StatusNotifierWatcher\) on the session bus: /);
      t.match(result.stderr, words, desktop);
      t.equal(result.stderr.split('\n').length, 2, 'one line');
    }
    t.match((await cli('doctor')).stdout, /tray host.*no StatusNotifierWatcher/);
    const withHost = await runCli(['--home', join(bare.dir, 'y'), 'doctor'], {
      XDG_CURRENT_DESKTOP: 'KDE',
      DBUS_SESSION_BUS_ADDRESS: host.address,
    });
    t.match(withHost.stdout, /tray host.*StatusNotifierWatcher is on the session bus/);
  });

  t.test('--install writes the autostart entry with the library, --remove takes it away', async (t) => {
    const dir = t.testdir({});
    const env = { XDG_CONFIG_HOME: join(dir, 'config') };
    const home = join(dir, 'my walls');
    const installed = await runCli(['--home', home, 'tray', '--install'], env);
    t.equal(installed.code, 0, installed.stderr);
    const file = join(dir, 'config', 'autostart', 'wallpaper-tray.desktop');
    const text = readFileSync(file, 'utf8');
    t.match(text, /^\[Desktop Entry\]\nType=Application\n/);
    t.match(text, `Exec=${process.execPath} ${BIN} --home "${home}" tray\n`);
    const removed = await runCli(['tray', '--remove'], env);
    t.equal(removed.code, 0);
    t.notOk(existsSync(file));
    t.equal((await runCli(['tray', '--install', '--remove'], env)).code, 2, 'both: usage');
  });
}
