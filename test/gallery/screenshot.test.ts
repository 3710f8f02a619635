// The gallery's portrait for the README: a library of colourful generated landscapes served by the
// real `wallpaper serve`, photographed at 1280x800 in light mode (test-artifacts/gallery.png, copied
// to docs/gallery.png with UPDATE_SCREENSHOTS=1), plus the dark theme, a phone, 4K and the viewer.
// How it waits: for the thumbnails to load and for the page's fade-ins to finish (its running
// animations), never a fixed time.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import {
  ARTIFACTS,
  haveChromium,
  launchBrowser,
  ROOT,
  startServer,
  tempDir,
  waitForTotal,
  watchProblems,
  writeLandscapes,
} from './harness.js';

// Many cases in one file: at the suite's load on a machine half as fast as usual it took up to 140 s
// in fresh-clone runs, near tap's 180 s: a longer limit, so that only a hang ends it.
t.setTimeout(360_000);

const COUNT = 40;

/** Wait until no animation or transition of the page is running (the fade-ins are done). */
const stillPage = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

/** Wait until every thumbnail in the viewport has loaded (lazy ones below the fold may wait). */
async function settle(page: Page) {
  await page.waitForSelector('#grid a.card');
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('#grid a.card img')]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.classList.contains('loaded')),
  );
  await stillPage(page); // the fade-in
}

if (haveChromium(t)) {
  const library = join(tempDir(t), 'library');
  // Seed 149 happens to put ten different palettes in the first rows (a batch is ordered by id).
  await writeLandscapes(library, COUNT, 'landscape', 0, 149);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, COUNT);
  const browser = await launchBrowser(t);
  mkdirSync(ARTIFACTS, { recursive: true });

  t.test('screenshots of the gallery', async (t) => {
    const shots: { name: string; width: number; height: number; scheme: 'light' | 'dark'; viewer?: boolean }[] = [
      { name: 'gallery.png', width: 1280, height: 800, scheme: 'light' },
      { name: 'gallery-dark.png', width: 1280, height: 800, scheme: 'dark' },
      { name: 'gallery-phone.png', width: 390, height: 844, scheme: 'light' },
      { name: 'gallery-4k.png', width: 3840, height: 2160, scheme: 'dark' },
      { name: 'viewer.png', width: 1280, height: 800, scheme: 'dark', viewer: true },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, colorScheme: shot.scheme });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${server.base}/`);
      await settle(page);
      if (shot.viewer) {
        await page.click('#grid a.card >> nth=2');
        await page.waitForFunction(() => document.querySelector('#viewer-image')?.classList.contains('loaded'));
        await stillPage(page);
      }
      const path = join(ARTIFACTS, shot.name);
      await page.screenshot({ path });
      t.pass(`wrote ${path}`);
      t.same(problems, [], `${shot.name}: no page errors or CSP violations`);
      await context.close();
    }
    // On a phone the filters but search fold behind "More filters".
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await phone.newPage();
    await page.goto(`${server.base}/`);
    await settle(page);
    t.ok(await page.isHidden('#filters fieldset.segmented'), 'phone: the filters start folded');
    t.ok(await page.isVisible('#f-q'), 'phone: search stays in view');
    await page.click('#filters-toggle');
    t.ok(await page.isVisible('#filters fieldset.segmented'), 'phone: the More filters button shows them');
    t.equal(await page.getAttribute('#filters-toggle', 'aria-expanded'), 'true');
    await page.screenshot({ path: join(ARTIFACTS, 'gallery-phone-filters.png') });
    await phone.close();

    // The README's copy is refreshed on request only (or when missing), so that a test run does not
    // leave the checkout modified: UPDATE_SCREENSHOTS=1 npx tap test/gallery/screenshot.test.ts
    const docs = join(ROOT, 'docs', 'gallery.png');
    if (process.env.UPDATE_SCREENSHOTS || !existsSync(docs)) {
      mkdirSync(join(ROOT, 'docs'), { recursive: true });
      copyFileSync(join(ARTIFACTS, 'gallery.png'), docs);
      t.pass('copied to docs/gallery.png for the README');
    }
  });
}
