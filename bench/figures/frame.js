// Figures of the wallpaper frame, in Debian's Chromium on loopback against `serve` on the
// 100,000-wallpaper index: the first wallpaper on screen after the page starts loading (a fresh
// browser context: nothing cached), a manual "next" with the next one already decoded (the time
// until it is painted), and the page's JS heap over 500 changes (flat: the end against the start).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startWallpaper } from '../lib/servers.js';

const CHROMIUM = '/usr/bin/chromium';
const CHANGES = 500;

const launch = () =>
  chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

const untilShown = (page, changes) =>
  page.waitForFunction((n) => window.wallpaperFrame !== undefined && window.wallpaperFrame.state().changes >= n, changes, {
    timeout: 60_000,
    polling: 10,
  });

export async function frameFigures({ big, options, log }) {
  if (!existsSync(CHROMIUM))
    return [{ name: 'the frame in Chromium', skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` }];
  const runs = options.quick ? 2 : options.runs;
  const server = await startWallpaper(big.home);
  const browser = await launch();
  try {
    const first = [];
    const fresh = [];
    const nexts = [];
    for (let run = 0; run < runs; run++) {
      // A screen's first visit ever starts its client walk on the server; every later load (a
      // reload, a restart of the device) finds it. Both measured, each in a fresh context (nothing
      // in the browser's cache).
      const url = `${server.base}/frame?transition=none&interval=86400&client=bench-first-${run}-${Date.now()}`;
      const visit = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const started = performance.now();
      await (await visit.newPage()).goto(url);
      await untilShown(visit.pages()[0], 1);
      fresh.push(performance.now() - started);
      await visit.close();
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      const again = performance.now();
      await page.goto(url);
      await untilShown(page, 1);
      first.push(performance.now() - again);
      for (let i = 0; i < 5; i++) {
        await page.waitForFunction(() => window.wallpaperFrame.state().preloaded, null, { timeout: 30_000, polling: 10 });
        nexts.push(
          await page.evaluate(async () => {
            const start = performance.now();
            await window.wallpaperFrame.next();
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return performance.now() - start;
          }),
        );
      }
      log(
        `  frame run ${run + 1}: first wallpaper ${first.at(-1).toFixed(0)} ms (first visit of the screen ${fresh.at(-1).toFixed(0)} ms); next ${nexts
          .slice(-5)
          .map((v) => v.toFixed(0))
          .join(' ')} ms`,
      );
      await context.close();
    }

    // The heap: a small screen keeps 500 cold variants quick; the page's memory does not depend on it.
    const context = await browser.newContext({ viewport: { width: 320, height: 180 } });
    const page = await context.newPage();
    await page.goto(`${server.base}/frame?transition=none&interval=86400&clock=24&info=1&client=bench-heap-${Date.now()}`);
    await untilShown(page, 1);
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
    };
    const changes = (n) =>
      page.evaluate(async (count) => {
        for (let i = 0; i < count; i++) await window.wallpaperFrame.next();
      }, n);
    await changes(20);
    const start = [await heap()];
    const end = [];
    const started = performance.now();
    for (let step = 0; step < 5; step++) {
      await changes(CHANGES / 5);
      end.push(await heap());
    }
    log(
      `  frame heap: ${start[0].toFixed(2)} MB, then ${end.map((v) => v.toFixed(2)).join(' ')} MB every 100 changes (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    await context.close();
    return [
      {
        name: 'frame: first wallpaper on screen after page load, 1920x1080, 100k index, a known screen (ms)',
        subject: { label: 'frame', values: first, unit: 'ms' },
        ratio: { kind: 'absolute', target: 1500, unit: 'ms' },
      },
      {
        name: "frame: the same, a screen's first visit ever (its client walk starts) (ms)",
        subject: { label: 'frame', values: fresh, unit: 'ms' },
        ratio: { kind: 'absolute', target: 1500, unit: 'ms' },
      },
      {
        name: 'frame: manual "next" with the next one preloaded, until painted (ms)',
        subject: { label: 'frame', values: nexts, unit: 'ms' },
        ratio: { kind: 'absolute', target: 100, unit: 'ms' },
      },
      {
        name: `frame: JS heap after ${CHANGES} changes, every 100 (MB)`,
        subject: { label: 'after', values: end, unit: 'MB' },
        baseline: { label: 'start', values: start, unit: 'MB' },
        ratio: { kind: 'over', target: 1, unit: 'MB' },
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
