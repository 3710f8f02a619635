// The frame for weeks, its page itself: 500 changes with a flat JS heap and element
// count, and every script it loads parses as ES2018 (Safari 12, Chrome 70).
// How it waits: the changes are driven through the frame's own hook, each awaited until it is on
// screen (no clock, no sleep); the rest reads what the page loaded.
import { parse } from 'acorn';
import t from 'tap';
import { haveChromium } from './harness.js';
import { frameSetup, frameState, openFrame } from './frame-harness.js';

if (haveChromium(t)) {
  const { browser, server } = await frameSetup(t);

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
}
