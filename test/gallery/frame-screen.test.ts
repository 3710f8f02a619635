// What the frame does for the screen itself (docs/design.md#the-frame), in a real Chromium: the
// clock's burn-in movement under Playwright's fake clock, paused from before the page loads and
// moved only by the test, so no figure depends on the machine's speed (it moves every few minutes,
// stays on screen and tells the right time in 12 and 24 hour form), and the Wake Lock (asked on load, asked
// again when the page is visible again, and a browser without it runs the frame without an error),
// and its modules asked for at once (modulepreload), so the first wallpaper's request starts sooner.
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import t from 'tap';
import { FIXTURES, SCREENS, frameState, next, untilChanges, writeFixtures } from './frame-harness.js';
import { haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems } from './harness.js';

/** How often the page moves the clock (gallery/js/frame-overlay.js CLOCK_MOVE_MS). */
const MOVE_MS = 3 * 60 * 1000;

interface Opened {
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

/** Open `/frame?query` with `prepare` run on the context before the page loads. */
async function open(
  browser: Browser,
  base: string,
  query: string,
  prepare: (context: Awaited<ReturnType<Browser['newContext']>>) => Promise<unknown>,
  options: BrowserContextOptions = SCREENS.desktop!,
): Promise<Opened> {
  const context = await browser.newContext(options);
  await prepare(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${base}/frame?${query}`);
  await untilChanges(page, 1);
  return { page, problems, close: () => context.close() };
}

/** Where the clock is drawn and what it says, with its 2 s easing off (set through the CSSOM, which the CSP allows). */
async function clockNow(page: Page) {
  return page.$eval('#frame-clock', (clock) => {
    const element = clock as HTMLElement;
    element.style.transition = 'none';
    const box = element.getBoundingClientRect();
    return {
      text: element.textContent,
      visible: !element.hidden,
      left: box.left,
      top: box.top,
      right: box.right,
      bottom: box.bottom,
      inside: box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight,
    };
  });
}

if (haveChromium(t)) {
  const library = join(tempDir(t), 'Wallpapers');
  await writeFixtures(library);
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, FIXTURES.length);

  // [hours, start (UTC, the context's zone), text at start, text one move period later]
  const clocks: [12 | 24, string, string, string][] = [
    [24, '2026-03-01T14:05:00Z', '14:05', '14:08'],
    [12, '2026-03-01T14:05:00Z', '2:05 PM', '2:08 PM'],
    [24, '2026-03-01T00:58:30Z', '00:58', '01:01'],
    [12, '2026-03-01T00:58:30Z', '12:58 AM', '1:01 AM'],
    [12, '2026-03-01T11:59:00Z', '11:59 AM', '12:02 PM'],
  ];
  for (const [hours, start, before, after] of clocks) {
    t.test(`clock=${hours} from ${start}: "${before}", moved and "${after}" a period later, on screen`, async (t) => {
      const frame = await open(
        browser,
        server.base,
        `clock=${hours}&client=clock-${hours}&interval=3600&transition=none`,
        // Paused at `start` before the page loads (installed a minute earlier: a pause cannot go
        // back), so the page's timers start at `start` whatever the machine's speed, and only
        // runFor moves them: a running fake clock drifted with the load past the first move.
        async (context) => {
          await context.clock.install({ time: new Date(Date.parse(start) - 60_000) });
          await context.clock.pauseAt(new Date(start));
        },
        { ...SCREENS.desktop, timezoneId: 'UTC' },
      );
      // The next wallpaper fetched ahead first: the fake minutes below would time its fetch out.
      await frame.page.waitForFunction(
        () => (window as unknown as { wallpaperFrame: { state(): { preloaded: boolean } } }).wallpaperFrame.state().preloaded,
      );
      const first = await clockNow(frame.page);
      t.equal(first.text, before, 'the time at load');
      t.ok(first.visible && first.inside, 'on screen at load');

      // Not yet a period: the clock has not moved.
      await frame.page.clock.runFor(MOVE_MS - 5000);
      const early = await clockNow(frame.page);
      t.same([early.right, early.bottom], [first.right, first.bottom], 'still before the period');

      // Over a few periods it moves (a random offset: at least once it differs from where it was), and stays inside.
      const positions = [`${first.right},${first.bottom}`];
      for (let period = 0; period < 4; period += 1) {
        await frame.page.clock.runFor(period === 0 ? 6000 : MOVE_MS);
        const now = await clockNow(frame.page);
        t.ok(now.visible && now.inside, `on screen after ${period + 1} period(s): ${JSON.stringify(now)}`);
        // Anchored at the bottom right (its width follows the text): no further than the drift allowed
        // (4 vmin of a 1920x1080 screen: 43 px), up and left only.
        t.ok(now.right <= first.right && first.right - now.right <= 44, 'drift left within 4 vmin');
        t.ok(now.bottom <= first.bottom && first.bottom - now.bottom <= 44, 'drift up within 4 vmin');
        if (period === 0) t.equal(now.text, after, 'the time one period later');
        positions.push(`${now.right},${now.bottom}`);
      }
      t.ok(new Set(positions).size >= 2, `moved: ${positions.join(' ')}`);
      t.same(frame.problems, []);
      await frame.close();
    });
  }

  /** Stand-ins for the Wake Lock and the page's visibility, recording what the page asks. */
  const wakeLockStub = () => {
    const w = window as unknown as { wakeCalls: string[]; pageHidden: boolean };
    w.wakeCalls = [];
    w.pageHidden = false;
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request(type: string) {
          w.wakeCalls.push(type);
          return Promise.resolve({ type, released: false, release: () => Promise.resolve() });
        },
      },
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (w.pageHidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.pageHidden });
  };
  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((hidden) => {
      (window as unknown as { pageHidden: boolean }).pageHidden = hidden;
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  const wakeCalls = (page: Page) => page.evaluate(() => (window as unknown as { wakeCalls: string[] }).wakeCalls.slice());

  t.test('the Wake Lock: asked for the screen on load, again when visible again, not while hidden', async (t) => {
    const frame = await open(browser, server.base, 'client=awake&transition=none', (context) => context.addInitScript(wakeLockStub));
    t.same(await wakeCalls(frame.page), ['screen'], 'asked once on load');
    await setHidden(frame.page, true);
    t.same(await wakeCalls(frame.page), ['screen'], 'not asked while hidden');
    await setHidden(frame.page, false);
    t.same(await wakeCalls(frame.page), ['screen', 'screen'], 'asked again when visible again');
    await setHidden(frame.page, true);
    await setHidden(frame.page, false);
    t.same(await wakeCalls(frame.page), ['screen', 'screen', 'screen'], 'and every time after');
    t.same(frame.problems, []);
    await frame.close();
  });

  t.test('the Wake Lock refused (no user gesture, low battery): the frame runs on', async (t) => {
    const refuse = () => {
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: { request: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) },
      });
    };
    const frame = await open(browser, server.base, 'client=refused&transition=none', (context) => context.addInitScript(refuse));
    t.ok(await next(frame.page), 'a next change');
    t.equal((await frameState(frame.page)).changes, 2);
    t.same(frame.problems, []);
    await frame.close();
  });

  t.test('a browser without the Wake Lock runs the frame without an error', async (t) => {
    const withoutWakeLock = () => {
      delete (Navigator.prototype as unknown as { wakeLock?: unknown }).wakeLock;
    };
    const frame = await open(browser, server.base, 'client=sleepy&transition=none', (context) => context.addInitScript(withoutWakeLock));
    t.equal(await frame.page.evaluate(() => 'wakeLock' in navigator), false, 'no navigator.wakeLock');
    await dispatchVisibility(frame.page);
    t.ok(await next(frame.page), 'a next change');
    t.equal((await frameState(frame.page)).changes, 2);
    t.same(frame.problems, []);
    await frame.close();
  });

  t.test('frame.html preloads every module the frame loads: no module found only after its importer', async (t) => {
    const frame = await open(browser, server.base, 'client=preload&transition=none', async () => undefined);
    const { preloaded, loaded } = await frame.page.evaluate(() => ({
      preloaded: [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
      loaded: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    }));
    const imported = loaded.filter((path) => path !== '/js/frame.js');
    t.ok(imported.length >= 4, `modules imported by frame.js: ${imported.join(' ')}`);
    t.same([...new Set(imported)].sort(), [...new Set(preloaded)].sort(), 'preloaded: exactly the modules it imports');
    t.same(frame.problems, []);
    await frame.close();
  });
}

/** A visibilitychange with the page's own (visible) state: the handler runs with no Wake Lock to ask. */
function dispatchVisibility(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
