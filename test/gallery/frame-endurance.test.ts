// The frame for weeks, its server and index changing under it: the server away
// (stopped, restarted on the same port) and the page carries on without a reload; nothing matches,
// then a wallpaper indexed later shows, again without a reload.
// How it waits: for the events that prove each step (the quiet line saying the server is away, the
// next change counted by the frame), each with a generous limit that is never what is measured.
// The 500-change soak and the ES2018 parse are in frame-soak.test.ts, the gallery's links to the
// frame in frame-links.test.ts (each file well within tap's timeout at the suite's load).
import { join } from 'node:path';
import t from 'tap';
import { suiteDatabase } from '../helpers/backends.js';
import { startServe } from '../helpers/serve.js';
import { apiAll, haveChromium, waitForTotal, writeSolid } from './harness.js';
import { FIXTURES, frameSetup, frameState, openFrame, untilChanges } from './frame-harness.js';

if (haveChromium(t)) {
  const { root, library, browser, server } = await frameSetup(t);

  t.test('the server away: the wallpaper stays, the page carries on without a reload', async (t) => {
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
    // The change due after the interval finds the server away: the page says so quietly.
    await page.waitForSelector('#frame-message:not([hidden])', { timeout: 60_000 });
    const away = await frameState(page);
    // At most the one decoded ahead is shown meanwhile; no blank screen, no error page.
    t.ok(away.changes <= before.changes + 1, `the wallpaper stays (${away.changes - before.changes} change, the preloaded one)`);
    t.ok(await page.$eval('.slide.front img', (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    t.match(await page.textContent('#frame-message'), 'trying again', 'a quiet line says the server is away');
    await startServe(t, { home, folders: [library], flags: [...flags, '--port', port] });
    const after = await untilChanges(page, away.changes + 1, 60_000); // its backoff is at most 5 s
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
    const state = await untilChanges(page, 1, 60_000);
    const [late] = await apiAll(server.base, 'q=latecomer');
    t.same(state.ids, [late!.id], 'the new wallpaper, without a reload');
    t.notOk(await page.isVisible('#frame-message'), 'and the line is gone');
    await frame.close();
  });
}
