// "Set as wallpaper" in a real browser: a phone on the gallery sets the wallpaper of the desktop the
// server runs in (fake sway tools recording argv); outside a desktop session it says why.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { FAKE } from '../helpers/fake-desktop.js';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeSolid(join(library, 'dusk.jpg'), 1920, 1080, '#302040');
  const bin = join(root, 'bin');
  mkdirSync(bin);
  copyFileSync(FAKE, join(bin, 'swaymsg'));
  chmodSync(join(bin, 'swaymsg'), 0o755);
  const log = join(root, 'calls.log');
  const browser = await launchBrowser(t);
  const noDesktop = {
    XDG_CURRENT_DESKTOP: '',
    DESKTOP_SESSION: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    SWAYSOCK: '',
    HYPRLAND_INSTANCE_SIGNATURE: '',
  };
  const sway = await startServer(t, { folders: [library], env: { ...noDesktop, PATH: bin, XDG_CURRENT_DESKTOP: 'sway', FAKE_LOG: log } });
  const outside = await startServer(t, { folders: [library], env: noDesktop });
  await waitForTotal(sway, 1);
  await waitForTotal(outside, 1);
  const [dusk] = await apiAll(sway.base);

  t.test('on a phone: Set as wallpaper sets it on the desktop the server runs in', async (t) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${sway.base}/#view=${dusk!.id}`);
    await page.waitForSelector('#viewer[open]');
    await page.tap('#viewer-set');
    const toast = await page.waitForSelector('.toast >> text=dusk.jpg is now the desktop wallpaper.');
    // Seen, not only present: the element at the toast's centre is the toast, above the viewer.
    const onTop = await toast.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return node.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    t.ok(onTop, 'the message shows above the open viewer');
    const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    t.same(calls, ['>>> swaymsg', 'output', '*', 'bg', dusk!.path, 'fill'], 'exactly one swaymsg call');
    t.same(problems, [], 'no page errors');
    await context.close();
  });

  t.test('outside a desktop session: the reason, as an error toast', async (t) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    watchProblems(page);
    await page.goto(`${outside.base}/#view=${dusk!.id}`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#viewer-set');
    const toast = await page.waitForSelector('.toast-error >> text=no desktop session can be set from this server');
    t.ok(toast, 'says so');
    t.equal(await page.isEnabled('#viewer-set'), true, 'the button works again');
    await context.close();
  });
}
