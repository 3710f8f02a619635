// The gallery's first screen in Chromium against the real `wallpaper serve`: search
// applies as you type after the number fields' pause (measured under Playwright's clock) and at once
// on Enter; the filter panel keeps the daily filters in view and folds the rest behind "More
// filters" (remembered across reloads, the same toggle on a phone, a count of active filters it
// hides); the viewer links a light/dark pair's other half, and says nothing when there is none.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import {
  apiAll,
  haveChromium,
  launchBrowser,
  startServer,
  tempDir,
  waitForTotal,
  watchProblems,
  writeSolid,
  type Wallpaper,
} from './harness.js';

/** Where the first row of wallpapers started at 1280x800 before the panel folded (measured: 307 px). */
const FIRST_ROW_BEFORE_PX = 307;
/** Tiles: enough solid pictures of mixed shapes to fill the first screen several times. */
const TILES = 24;
const SHAPES: [number, number][] = [
  [480, 270],
  [400, 300],
  [270, 480],
  [360, 360],
];

/** Advance the page's clock in small steps until the URL's query changes; the time it took (ms). */
async function pauseUntilApplied(page: Page, limitMs = 3000): Promise<number> {
  const before = await page.evaluate(() => location.search);
  for (let elapsed = 0; elapsed <= limitMs; elapsed += 10) {
    if ((await page.evaluate(() => location.search)) !== before) return elapsed;
    await page.clock.runFor(10);
  }
  throw new Error(`the filter was not applied within ${limitMs} ms`);
}

/** A fresh context (its own localStorage) on the gallery; `fakeClock`: Playwright's clock, paused
 * once the page is up, so that only `clock.runFor` moves the page's timers. */
async function open(browser: Browser, url: string, size: 'desktop' | 'phone' = 'desktop', fakeClock = false) {
  const context = await browser.newContext(
    size === 'desktop'
      ? { viewport: { width: 1280, height: 800 } }
      : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  );
  const page = await context.newPage();
  const problems = watchProblems(page);
  if (fakeClock) await page.clock.install();
  await page.goto(url);
  await page.waitForSelector('#grid a.card');
  if (fakeClock) await page.clock.pauseAt(Date.now() + 60_000);
  return { context, page, problems };
}

if (haveChromium(t)) {
  const library = join(tempDir(t), 'library');
  for (let i = 0; i < TILES; i += 1) {
    const [width, height] = SHAPES[i % SHAPES.length]!;
    const grey = (40 + i * 8).toString(16).padStart(2, '0');
    await writeSolid(join(library, 'tiles', `tile-${String(i).padStart(2, '0')}.jpg`), width, height, `#${grey}60${grey}`);
  }
  await writeSolid(join(library, 'pairs', 'lake-light.jpg'), 1600, 900, '#f0e6c8');
  await writeSolid(join(library, 'pairs', 'lake-dark.jpg'), 1600, 900, '#141820');
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, TILES + 2);
  const all = await apiAll(server.base);
  const named = (filename: string): Wallpaper => all.find((w) => w.filename === filename)!;
  const browser = await launchBrowser(t);

  t.test('search applies as you type, after the pause of the number fields; Enter at once', async (t) => {
    const { context, page, problems } = await open(browser, `${server.base}/`, 'desktop', true);
    // "Clear filters" wakes with the first letter, before anything is applied.
    const clearable = await page.evaluate(() => {
      const field = document.querySelector('#f-q') as HTMLInputElement;
      field.value = 'l';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      return !(document.querySelector('#clear-filters') as HTMLButtonElement).disabled;
    });
    t.ok(clearable, '"Clear filters" is available as soon as there is text');
    await page.fill('#f-q', '');
    await page.clock.runFor(1000);

    await page.locator('#f-q').pressSequentially('lake');
    const searchPause = await pauseUntilApplied(page);
    t.equal(new URL(page.url()).search, '?q=lake', 'the words are applied and in the URL, without Enter');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 2);
    t.equal((await page.textContent('#count'))?.trim(), '2 matches', 'the grid shows the matches');
    t.equal(await page.inputValue('#f-q'), 'lake', 'the field keeps what was typed');

    // A space typed before a pause stays in the field (the applied words are trimmed, the field not).
    await page.locator('#f-q').pressSequentially(' ');
    await page.clock.runFor(1000);
    await page.locator('#f-q').pressSequentially('dark');
    await pauseUntilApplied(page);
    t.equal(await page.inputValue('#f-q'), 'lake dark', 'typing on after a pause keeps the space');
    t.equal(new URL(page.url()).search, '?q=lake+dark');

    await page.click('#filters-toggle'); // the number fields are in the fold
    await page.locator('input[name="min_width"]').pressSequentially('1000');
    const numberPause = await pauseUntilApplied(page);
    t.ok(Math.abs(searchPause - numberPause) <= 20, `the same pause as a number field (${searchPause} ms, ${numberPause} ms)`);
    t.ok(searchPause >= 300, `a pause, not every keystroke (${searchPause} ms)`);

    await page.fill('#f-q', 'tile');
    await page.press('#f-q', 'Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'tile');
    t.pass('Enter applies at once (the clock did not move)');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'lake dark');
    t.equal(await page.inputValue('#f-q'), 'lake dark', 'Back restores the earlier words');
    t.same(problems, [], 'no page errors');
    await context.close();
  });

  t.test('at 1280x800 the daily filters stay, the rest fold behind "More filters", remembered', async (t) => {
    const { context, page, problems } = await open(browser, `${server.base}/`);
    const top = await page.$eval('#grid a.card', (card) => card.getBoundingClientRect().top);
    t.ok(top < 800 && top <= FIRST_ROW_BEFORE_PX - 100, `the first row starts at ${top} px (it was ${FIRST_ROW_BEFORE_PX})`);
    for (const daily of ['input[name="brightness"][value="dark"]', 'input[name="orientation"][value="portrait"]', '.swatch-red', '#f-q'])
      t.ok(await page.isVisible(daily), `${daily} is in view`);
    for (const folded of ['#f-tag', '#f-sort', '#f-aspect', '#f-format', 'input[name="min_width"]', 'input[name="favorite"]'])
      t.ok(await page.isHidden(folded), `${folded} is folded`);
    t.equal((await page.textContent('#filters-toggle'))?.trim(), 'More filters');
    t.equal(await page.getAttribute('#filters-toggle', 'aria-expanded'), 'false');
    t.ok(await page.isHidden('#filters-badge'), 'no count while the fold hides no active filter');

    await page.click('#filters-toggle');
    t.ok(await page.isVisible('#f-aspect'), 'the toggle unfolds the rest');
    t.equal(await page.getAttribute('#filters-toggle', 'aria-expanded'), 'true');
    await page.reload();
    await page.waitForSelector('#grid a.card');
    t.ok(await page.isVisible('#f-aspect'), 'still unfolded after a reload');
    t.equal(await page.getAttribute('#filters-toggle', 'aria-expanded'), 'true');
    await page.click('#filters-toggle');
    await page.reload();
    await page.waitForSelector('#grid a.card');
    t.ok(await page.isHidden('#f-aspect'), 'folded again, and still folded after a reload');

    // Active filters in the fold are counted on the toggle; the daily ones are in view, not counted.
    await page.goto(`${server.base}/?brightness=dark&min_width=300&aspect_ratio=16:9`);
    await page.waitForSelector('#grid[aria-busy="false"]', { state: 'attached' });
    t.equal(await page.textContent('#filters-badge'), '2', 'the toggle counts the two active filters it hides');
    t.match(await page.getAttribute('#filters-toggle', 'aria-label'), /2 active filters/, 'and says so to a screen reader');
    t.ok(await page.isEnabled('#clear-filters'), '"Clear filters" stays in view and clears them');
    await page.click('#clear-filters');
    await page.waitForURL((url) => url.search === '');
    t.ok(await page.isHidden('#filters-badge'), 'no count once cleared');
    t.same(problems, [], 'no page errors');
    await context.close();
  });

  t.test('a phone folds with the same toggle: search in view, the rest behind it', async (t) => {
    const { context, page, problems } = await open(browser, `${server.base}/?brightness=dark`, 'phone');
    t.ok(await page.isVisible('#f-q'), 'search is in view');
    t.ok(await page.isHidden('input[name="brightness"][value="dark"]'), 'brightness folds on a phone');
    await page.waitForSelector('#grid[aria-busy="false"]', { state: 'attached' });
    t.equal(await page.textContent('#filters-badge'), '1', 'the hidden brightness filter is counted');
    await page.click('#filters-toggle');
    t.ok(await page.isVisible('input[name="brightness"][value="dark"]'), 'the toggle shows it');
    t.ok(await page.isVisible('#f-aspect'), 'and the rest');
    t.ok(await page.isHidden('#filters-badge'), 'nothing hidden, nothing counted');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    t.ok(width <= 390, `the page does not scroll sideways (${width})`);
    t.same(problems, [], 'no page errors');
    await context.close();
  });

  t.test('the viewer links the other half of a light/dark pair, and has no pair row without one', async (t) => {
    const light = named('lake-light.jpg');
    const dark = named('lake-dark.jpg');
    t.equal(light.pair_id, dark.id, 'the fixture is a pair');
    const { context, page, problems } = await open(browser, `${server.base}/#view=${light.id}`);
    await page.waitForSelector('#viewer[open]');
    const row = page.locator('#viewer-meta [data-field="pair_id"]');
    t.equal(await row.locator('dt').textContent(), 'Light/dark pair');
    t.notMatch(await row.textContent(), /pair_id|—|^-$/, 'no raw field name or dash');
    await row.locator('a').click();
    await page.waitForFunction((title) => document.querySelector('#viewer-title')?.textContent === title, dark.title);
    t.match(page.url(), `#view=${dark.id}`, 'the link opens the other wallpaper of the pair');
    t.match(await page.getAttribute('#viewer-meta [data-field="pair_id"] a', 'href'), `#view=${light.id}`, 'which links back');

    await page.goto(`${server.base}/#view=${named('tile-00.jpg').id}`);
    await page.waitForSelector('#viewer[open]');
    t.equal(await page.locator('#viewer-meta [data-field="pair_id"]').count(), 0, 'no pair, no row');
    t.notMatch(await page.textContent('#viewer-meta'), /pair_id/);
    t.same(problems, [], 'no page errors');
    await context.close();
  });
}
