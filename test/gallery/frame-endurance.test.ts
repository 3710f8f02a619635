// The frame for weeks (issue 25): the server away for 8 seconds (stopped, restarted on the same
// port) and the page carries on without a reload; 500 changes with a flat JS heap and element
// count; every script the frame loads parses as ES2018 (Safari 12, Chrome 70); and the gallery's
// links to the frame: the viewer's, and the device link's with the server's network address and
// a QR code (or the advice to listen on 0.0.0.0 when it listens on loopback only).
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { parse } from 'acorn';
import t from 'tap';
import { startServe } from '../helpers/serve.js';
import { suiteDatabase } from '../helpers/backends.js';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';
import { FIXTURES, frameState, openFrame, untilChanges, writeFixtures } from './frame-harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeFixtures(library);
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, FIXTURES.length);

  t.test('the server away for 8 s: the wallpaper stays, the page carries on without a reload', async (t) => {
    const home = join(root, 'outage-home');
    const database = await suiteDatabase();
    const flags = ['--host', '127.0.0.1', ...(database ? ['--database', database] : [])];
    const first = await startServe(t, { home, folders: [library], flags });
    const port = new URL(first.base).port;
    await waitForTotal({ base: first.base.replace(/\/$/, ''), home, stderr: () => first.output().stderr }, FIXTURES.length);
    const frame = await openFrame(browser, first.base.replace(/\/$/, ''), 'interval=5&transition=none&client=outage');
    const { page } = frame;
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    const before = await frameState(page);
    await first.stop();
    await page.waitForTimeout(8000);
    const away = await frameState(page);
    // At most the one decoded ahead is shown meanwhile; no blank screen, no error page.
    t.ok(away.changes <= before.changes + 1, `the wallpaper stays (${away.changes - before.changes} change, the preloaded one)`);
    t.ok(await page.$eval('.slide.front img', (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    t.match(await page.textContent('#frame-message'), 'trying again', 'a quiet line says the server is away');
    await startServe(t, { home, folders: [library], flags: [...flags, '--port', port] });
    const after = await untilChanges(page, away.changes + 1, 20_000);
    t.ok(after.changes > away.changes, 'changes again once the server is back');
    t.ok(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce), 'without a reload');
    t.notOk(await page.isVisible('#frame-message'), 'and the line about the server is gone');
    await frame.close();
  });

  t.test('index changes need no reload: nothing matches, then a new wallpaper does', async (t) => {
    const frame = await openFrame(browser, server.base, 'q=latecomer&client=late&transition=none', undefined, false);
    const { page } = frame;
    await page.waitForSelector('#frame-message:not([hidden])');
    t.match(await page.textContent('#frame-message'), 'no wallpaper matches the filters', 'says why nothing shows');
    await writeSolid(join(library, 'latecomer.jpg'), 1600, 900, '#c08040');
    t.equal((await fetch(`${server.base}/api/refresh`, { method: 'POST' })).status, 200);
    const state = await untilChanges(page, 1, 20_000);
    const [late] = await apiAll(server.base, 'q=latecomer');
    t.same(state.ids, [late!.id], 'the new wallpaper, without a reload');
    t.notOk(await page.isVisible('#frame-message'), 'and the line is gone');
    await frame.close();
  });

  t.test('500 changes: a flat JS heap and element count', async (t) => {
    const frame = await openFrame(browser, server.base, 'interval=86400&transition=none&client=soak&clock=24&info=1');
    const { page } = frame;
    const cdp = await page.context().newCDPSession(page);
    const measure = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return { heap: heap.usedSize, elements: await page.evaluate(() => document.getElementsByTagName('*').length) };
    };
    const run = (count: number) =>
      page.evaluate(async (n) => {
        const frame = (window as unknown as { wallpaperFrame: { next(): Promise<boolean> } }).wallpaperFrame;
        for (let i = 0; i < n; i += 1) if (!(await frame.next())) throw new Error(`change ${i} failed`);
      }, count);
    await run(50);
    const start = await measure();
    await run(500);
    const end = await measure();
    t.equal(end.elements, start.elements, `element count flat (${start.elements})`);
    t.ok(end.heap - start.heap < 1_000_000, `JS heap flat: ${start.heap} -> ${end.heap} bytes`);
    t.ok((await frameState(page)).changes >= 551);
    await frame.close();
  });

  t.test('every script the frame loads parses as ES2018', async (t) => {
    const frame = await openFrame(browser, server.base, 'client=parse');
    const scripts = await frame.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js') || name.endsWith('.mjs')),
    );
    t.ok(scripts.length >= 4, `the frame's scripts: ${scripts.length}`);
    for (const url of scripts) {
      const source = await (await fetch(url)).text();
      t.doesNotThrow(() => parse(source, { ecmaVersion: 2018, sourceType: 'module' }), new URL(url).pathname);
    }
    t.throws(() => parse('a?.b', { ecmaVersion: 2018, sourceType: 'module' }), 'and the check refuses newer syntax');
    await frame.close();
  });

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
