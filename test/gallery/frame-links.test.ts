// The gallery's links to the frame: the viewer's, and the device link's with the
// server's network address and a QR code (or the advice to listen on 0.0.0.0 when it listens on
// loopback only).
// How it waits: for the elements that prove each step (Playwright's waits on selectors), never a
// fixed time.
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { startServe } from '../helpers/serve.js';
import { apiAll, haveChromium, watchProblems } from './harness.js';
import { frameSetup } from './frame-harness.js';

if (haveChromium(t)) {
  const { root, library, browser, server } = await frameSetup(t);

  t.test('the gallery links to the frame, with the network address and a QR code', async (t) => {
    const [w] = await apiAll(server.base);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/?brightness=dark#view=${w!.id}`);
    await page.waitForSelector('#viewer[open]');
    t.equal(await page.getAttribute('#viewer-frame', 'href'), '/frame?brightness=dark', 'the viewer: the frame of these filters');
    await page.click('#device-link summary');
    await page.waitForSelector('#device-address:not(:empty)');
    t.match(await page.textContent('#device-address'), '--host 0.0.0.0', 'on loopback only: says what is needed');
    await page.selectOption('#device-interval', '300');
    await page.selectOption('#device-clock', '24');
    await page.fill('#device-client', 'hall tablet');
    t.equal(await page.inputValue('#device-frame-url'), `${server.base}/frame?brightness=dark&interval=300&clock=24&client=hall-tablet`);
    await page.waitForSelector('#device-qr:not([hidden])');
    t.match(await page.getAttribute('#device-qr', 'src'), /^data:image\/gif;base64,/, 'a QR code of the link');
    t.ok(await page.$eval('#device-qr', (img) => (img as HTMLImageElement).naturalWidth > 100));
    t.same(problems, [], 'no page errors');
    await context.close();

    // Listening on every address: the links carry this machine's network address, not 127.0.0.1.
    const served = await startServe(t, { home: join(root, 'lan-home'), folders: [library], flags: ['--host', '0.0.0.0'] });
    const port = new URL(served.base).port;
    const address = Object.values(networkInterfaces())
      .flat()
      .find((info) => info && !info.internal && info.family === 'IPv4');
    const status = (await (await fetch(`http://127.0.0.1:${port}/api/status`)).json()) as {
      lan: { urls: string[]; loopback_only: boolean };
    };
    t.equal(status.lan.loopback_only, false);
    t.same(status.lan.urls[0], address ? `http://${address.address}:${port}` : undefined, '/api/status names the network address');
    const lanPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await lanPage.goto(`http://127.0.0.1:${port}/`);
    await lanPage.waitForSelector('#grid a.card');
    await lanPage.click('#grid a.card');
    await lanPage.click('#device-link summary');
    if (address) {
      await lanPage.waitForSelector('#device-address:not(:empty)');
      t.match(await lanPage.inputValue('#device-frame-url'), `http://${address.address}:${port}/frame?`, 'the frame link uses it');
      t.match(
        await lanPage.inputValue('#device-url'),
        `http://${address.address}:${port}/api/wallpapers/random/image?`,
        'so does the image link',
      );
    }
    await lanPage.close();
  });
}
