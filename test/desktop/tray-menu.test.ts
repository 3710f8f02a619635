// The tray's menu items beyond Next, Back, Favourite and Quit (docs/desktops.md#the-tray), clicked over
// com.canonical.dbusmenu as a host does, on KDE's watcher (kded5) on a private bus: "Change every"
// installs the schedule's timer and reads it back (a recording `systemctl`: no systemd user manager
// runs here), "Light and dark" keeps its choice and the schedule carries it, the wheel (Scroll) is
// next and back, "Open in the gallery" opens the running `serve`'s gallery on the wallpaper (or the
// file without one), "Show in folder" its folder (`xdg-open` is a script on PATH that records its
// argument: the edge of this program). And NewIcon/NewToolTip are signalled when the CLI changes the
// wallpaper in another process. How it waits: each proof is awaited with a generous limit, never timed.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import dbus from 'dbus-next';
import t from 'tap';
import { tempDir } from '../helpers/fixtures.js';
import { freePort } from '../helpers/ports.js';
import { eventually, startServe } from '../helpers/serve.js';
import { clickMenu, ITEM, menuLabels, startTray, startTrayHost, trayLibrary, trayProperty } from '../helpers/tray-host.js';

const FAKE_SYSTEMCTL = fileURLToPath(new URL('../fixtures/fake-systemctl', import.meta.url));

const host = await startTrayHost(t);
if (typeof host === 'string') t.plan(0, `skipped: ${host}`);
else {
  t.test('Change every, Light and dark, the wheel, Open in the gallery, Show in folder; NewIcon and NewToolTip', async (t) => {
    const edge = tempDir(t);
    const bin = join(edge, 'bin');
    mkdirSync(bin);
    copyFileSync(FAKE_SYSTEMCTL, join(bin, 'systemctl'));
    writeFileSync(join(bin, 'xdg-open'), '#!/bin/sh\nprintf "%s\\n" "$1" >> "$OPENED"\n');
    for (const tool of ['systemctl', 'xdg-open']) chmodSync(join(bin, tool), 0o755);
    const opened = join(edge, 'opened.log');
    const port = await freePort();
    const { cli, home, env } = await trayLibrary(t, host, true, {
      PATH: `${bin}:/usr/bin:/bin`,
      HOME: join(edge, 'user'),
      XDG_CONFIG_HOME: join(edge, 'config'),
      FAKE_LOG: join(edge, 'systemctl.log'),
      OPENED: opened,
    });
    t.equal((await cli('config', 'set', 'location', '52.52,13.40')).code, 0);
    const first = await cli('random', '--set');
    t.equal(first.code, 0, first.stderr);
    const current = async () => (await cli('current')).stdout.trim();
    const tray = startTray(t, home, env);
    t.ok(
      await eventually(async () => (await host.registered()).includes(`${tray.name}/StatusNotifierItem`), 15_000),
      `registered ${tray.stderr()}`,
    );
    const labels = () => menuLabels(host.client, tray.name);
    const click = async (label: string) => clickMenu(host.client, tray.name, (await labels()).find((item) => item.label === label)!.id);
    const checked = async (label: string) => (await labels()).find((item) => item.label === label)?.checked === true;

    // NewIcon and NewToolTip: signalled when the CLI changes the wallpaper in another process.
    const bus = (await host.client.getProxyObject('org.freedesktop.DBus', '/org/freedesktop/DBus')).getInterface('org.freedesktop.DBus');
    const owner = (await bus.GetNameOwner!(tray.name)) as string;
    await bus.AddMatch!(`type='signal',sender='${owner}',interface='${ITEM}'`);
    const signals: string[] = [];
    host.client.on('message', (message: dbus.Message) => {
      if (message.type === dbus.MessageType.SIGNAL && message.sender === owner && message.interface === ITEM) signals.push(message.member!);
    });
    const before = await current();
    const next = JSON.parse((await cli('next', '--json')).stdout) as { title: string; path: string };
    t.ok(
      await eventually(() => signals.includes('NewIcon') && signals.includes('NewToolTip'), 5000),
      `NewIcon and NewToolTip after \`next\` in another process (${signals.join(', ')})`,
    );
    t.equal(
      ((await trayProperty(host.client, tray.name, '/StatusNotifierItem', ITEM, 'ToolTip')) as string[])[2],
      next.title,
      'the tooltip read again',
    );

    // The wheel: down is next, up is back (Qt's and GTK's sign for a vertical delta).
    const item = (await host.client.getProxyObject(tray.name, '/StatusNotifierItem')).getInterface(ITEM);
    await item.Scroll!(-120, 'vertical');
    t.ok(await eventually(async () => (await current()) !== next.path, 5000), 'wheel down: next');
    await item.Scroll!(120, 'vertical');
    t.ok(await eventually(async () => (await current()) === next.path, 5000), 'wheel up: back');
    t.not(before, '', 'something was on screen before');

    // Light and dark: "Follow the sun" is kept (the menu reads it back) and changes the wallpaper.
    t.ok(await checked('Off'), 'Light and dark starts at Off');
    // A new change in the record, on-screen.json in the data home (docs/cli.md): the sun's pick may
    // be the picture already on screen (at night only the dark ones match, so a different path
    // would depend on the hour and the dice).
    const newest = () => {
      const record = join(home, 'on-screen.json');
      return existsSync(record) ? JSON.stringify((JSON.parse(readFileSync(record, 'utf8')) as { changes: unknown[] }).changes.at(-1)) : '';
    };
    const beforeSun = newest();
    await click('Follow the sun');
    t.ok(await eventually(() => checked('Follow the sun'), 5000), `Follow the sun is checked ${tray.stderr()}`);
    t.ok(await eventually(() => newest() !== beforeSun, 5000), 'and a wallpaper for the sun is set');

    // Change every: the timer is installed with the interval, and the menu reads it back from it.
    const units = join(edge, 'config', 'systemd', 'user');
    await click('30 minutes');
    t.ok(await eventually(() => checked('30 minutes'), 5000), `30 minutes is checked, read back from the timer ${tray.stderr()}`);
    t.match(readFileSync(join(units, 'wallpaper-random.timer'), 'utf8'), /^OnCalendar=\*-\*-\* \*:00\/30:00$/m, 'the timer');
    t.match(readFileSync(join(units, 'wallpaper-random.service'), 'utf8'), /random --set --if-due 29m --appearance sun/, 'with the sun');
    t.match(readFileSync(join(edge, 'systemctl.log'), 'utf8'), /--user enable --now wallpaper-random.timer/);
    const every = (await labels()).filter((i) => ['Off', '15 minutes', '30 minutes', '1 hour', '3 hours', '1 day'].includes(i.label));
    await clickMenu(host.client, tray.name, every.find((i) => i.label === 'Off')!.id);
    t.ok(await eventually(() => !existsSync(join(units, 'wallpaper-random.timer')), 5000), 'Off removes the timer');
    t.ok(await eventually(async () => !(await checked('30 minutes')), 5000), 'and the menu no longer checks 30 minutes');

    // Show in folder, then Open in the gallery without a serve (the file) and with one (the gallery).
    const shown = await current();
    const openedLines = () => (existsSync(opened) ? readFileSync(opened, 'utf8').trim().split('\n') : []);
    await click('Show in folder');
    t.ok(await eventually(() => openedLines().length === 1, 5000), `xdg-open ran ${tray.stderr()}`);
    t.same(openedLines(), [dirname(shown)], 'Show in folder opens its folder');
    tray.child.kill('SIGTERM');
    t.equal(await tray.exited, 0);
    t.equal(tray.stderr(), '', 'nothing said on stderr');

    // The gallery is the serve at WALLPAPER_SERVER (else the default address): a tray told a port.
    const galleryTray = startTray(t, home, { ...env, WALLPAPER_SERVER: `http://127.0.0.1:${port}` });
    t.ok(await eventually(async () => (await host.registered()).includes(`${galleryTray.name}/StatusNotifierItem`), 15_000));
    const openGallery = async () =>
      clickMenu(
        host.client,
        galleryTray.name,
        (await menuLabels(host.client, galleryTray.name)).find((i) => i.label === 'Open in the gallery')!.id,
      );
    await openGallery();
    t.ok(await eventually(() => openedLines().length === 2, 8000), `xdg-open ran ${galleryTray.stderr()}`);
    t.equal(openedLines()[1], shown, 'no serve running: the file itself');
    const serve = await startServe(t, { home, flags: ['--host', '127.0.0.1', '--port', String(port)] });
    const { wallpapers } = (await (await fetch(`${serve.base}/api/wallpapers?limit=50`)).json()) as {
      wallpapers: { id: string; path: string }[];
    };
    const id = wallpapers.find((w) => w.path === shown)?.id;
    await openGallery();
    t.ok(await eventually(() => openedLines().length === 3, 8000), `xdg-open ran ${galleryTray.stderr()}`);
    t.equal(openedLines()[2], `http://127.0.0.1:${port}/#view=${id}`, 'with `serve` running: its gallery on that wallpaper');
    galleryTray.child.kill('SIGTERM');
    t.equal(await galleryTray.exited, 0);
    t.equal(galleryTray.stderr(), '', 'nothing said on stderr');
  });
}
