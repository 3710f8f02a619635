// "Set as wallpaper" with a place (docs/design.md#the-wallpaper-on-screen `target`), in a real browser: where the server's
// desktop has a lock screen of its own (GNOME here: Debian's gsettings on its keyfile backend, read
// back after each click) the viewer offers the desktop, the lock screen or both; where it has none
// (Xfce) it offers nothing and sets the desktop as before; a lock screen that cannot be written
// answers 409, shown as an error toast in the server's words.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import t from 'tap';
import { readCalls } from '../helpers/fake-desktop.js';
import { settingsSession } from '../helpers/settings-session.js';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeSolid(join(library, 'dawn.jpg'), 1920, 1080, '#f0d8c0');
  const gnome = settingsSession(join(root, 'gnome'), 'GNOME');
  const xfce = settingsSession(join(root, 'xfce'), 'XFCE');
  const lastImage = '/backdrop/screen0/monitorDP-1/workspace0/last-image';
  const browser = await launchBrowser(t);
  const gnomeServer = await startServer(t, { folders: [library], env: gnome.env });
  const plainServer = await startServer(t, { folders: [library], env: { ...xfce.env, FAKE_XFCONF_PROPS: lastImage } });
  await waitForTotal(gnomeServer, 1);
  await waitForTotal(plainServer, 1);
  const [dawn] = await apiAll(gnomeServer.base);
  const uri = `'${pathToFileURL(dawn!.path).href}'`;

  const open = async (base: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${base}/#view=${dawn!.id}`);
    await page.waitForSelector('#viewer[open]');
    return page;
  };

  t.test('GNOME: the lock screen, then both, each read back with gsettings', async (t) => {
    const page = await open(gnomeServer.base);
    const problems = watchProblems(page);
    await page.waitForSelector('#viewer-set-target:not([hidden])');
    const desktopBefore = gnome.gsettings('org.gnome.desktop.background', 'picture-uri');
    await page.selectOption('#viewer-set-target', 'lock');
    await page.click('#viewer-set');
    await page.waitForSelector('.toast >> text=dawn.jpg is now the lock screen wallpaper.');
    t.equal(gnome.gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri, 'the lock screen shows it');
    t.equal(gnome.gsettings('org.gnome.desktop.background', 'picture-uri'), desktopBefore, 'the desktop is untouched');
    await page.selectOption('#viewer-set-target', 'both');
    await page.click('#viewer-set');
    await page.waitForSelector('.toast >> text=dawn.jpg is now the desktop and lock screen wallpaper.');
    t.equal(gnome.gsettings('org.gnome.desktop.background', 'picture-uri'), uri, 'both: the desktop too');
    t.same(problems, [], 'no page errors');
    await page.context().close();
  });

  t.test('a desktop without a lock screen: no choice offered, the desktop set as before', async (t) => {
    const page = await open(plainServer.base);
    await page.waitForFunction(async () => Array.isArray((await (await fetch('/api/status')).json()).set_targets));
    t.equal(await page.isHidden('#viewer-set-target'), true, 'nothing to choose');
    await page.click('#viewer-set');
    await page.waitForSelector('.toast >> text=dawn.jpg is now the desktop wallpaper.');
    const sets = readCalls(xfce.log).filter((call) => call.includes('-s'));
    t.same(sets, [['xfconf-query', '-c', 'xfce4-desktop', '-p', lastImage, '-s', dawn!.path]], 'the desktop was set, once');
    await page.context().close();
  });

  t.test("a lock screen that cannot be written: the 409 in the server's words", async (t) => {
    const page = await open(gnomeServer.base);
    watchProblems(page);
    await page.waitForSelector('#viewer-set-target:not([hidden])');
    // gsettings' keyfile made a folder: every write fails, as a read-only settings store does.
    const keyfile = join(gnome.env.XDG_CONFIG_HOME!, 'glib-2.0', 'settings', 'keyfile');
    renameSync(keyfile, `${keyfile}.saved`);
    mkdirSync(keyfile);
    t.teardown(() => {
      rmSync(keyfile, { recursive: true });
      renameSync(`${keyfile}.saved`, keyfile);
    });
    await page.selectOption('#viewer-set-target', 'lock');
    await page.click('#viewer-set');
    const toast = await page.waitForSelector('.toast-error >> text=the lock screen could not be set');
    t.match(await toast.textContent(), /gsettings/, 'names the tool that failed');
    t.equal(await page.isEnabled('#viewer-set'), true, 'the button works again');
    await page.context().close();
  });
}
