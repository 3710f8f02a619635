// The gallery on a first run, as the README's quick start meets it: the page is opened at
// once after `wallpaper serve FOLDER` while the library is still being indexed. It shows indexing
// progress (never "Your library is empty"), stays complete while the newest-first list grows under
// it (after the scan, scrolling reaches every wallpaper without a reload), and keeps the open
// wallpaper in the URL (a shared link opens it; Back closes it). Each wait is for a state of the
// page or the server, with a limit of a minute or more that only ends a hang.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import {
  ARTIFACTS,
  haveChromium,
  launchBrowser,
  loadAllCards,
  startServer,
  tempDir,
  waitForTotal,
  watchProblems,
  writeSolid,
} from './harness.js';

const COUNT = 160;

// 160 full-HD pictures made, scanned while the page watches, then every card scrolled to: at load 27
// with two CPU loops beside tap's jobs the file passed tap's 180 s. It may take 7 minutes.
t.setTimeout(420_000);

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  for (let i = 0; i < COUNT; i += 1) {
    const colour = `#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
    await writeSolid(join(library, `wall-${String(i).padStart(3, '0')}.jpg`), 1920, 1080, colour);
  }
  const browser = await launchBrowser(t);

  t.test('opened during the first scan: progress, then every wallpaper without a reload', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchProblems(page);
    // What the page showed while it was watched, sampled every 50 ms from its first moment.
    await page.addInitScript(() => {
      const seen = { empty: false, indexing: false, indexingText: '' };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      setInterval(() => {
        const empty = document.getElementById('empty-library');
        const indexing = document.getElementById('indexing');
        if (empty && !empty.hidden) seen.empty = true;
        if (indexing && !indexing.hidden) {
          seen.indexing = true;
          seen.indexingText ||= indexing.textContent ?? '';
        }
      }, 50);
    });
    const server = await startServer(t, { folders: [library] });
    await page.goto(`${server.base}/`);
    await waitForTotal(server, COUNT, 120_000);
    // The scan is over once the status says so; the page learns it on its next poll.
    await page.waitForFunction(async () => !(await (await fetch('/api/status')).json()).scanning, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => document.getElementById('indexing')?.hidden === true, undefined, { timeout: 60_000 });
    const ids = await loadAllCards(page, COUNT);
    t.equal(ids.length, COUNT, `all ${COUNT} wallpapers reached by scrolling`);
    t.equal(new Set(ids).size, COUNT, 'none shown twice');
    await page.waitForFunction(() => document.getElementById('end')?.hidden === false, undefined, { timeout: 60_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: { empty: boolean; indexing: boolean; indexingText: string } }).__seen,
    );
    t.equal(seen.empty, false, '"Your library is empty" never showed during the scan');
    t.equal(seen.indexing, true, `indexing progress showed: "${seen.indexingText}"`);
    t.match(seen.indexingText, /^Indexing the library/);
    t.match(await page.textContent('#count'), new RegExp(`^${COUNT} wallpapers$`));
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'first-run-complete.png') });
    t.same(problems, []);

    // The viewer's wallpaper is in the URL: a shared link opens it, Back closes it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('#grid a.card >> nth=3');
    await page.waitForSelector('#viewer[open]');
    const opened = await page.evaluate(() => location.hash);
    t.match(opened, /^#view=[0-9a-f]{16}$/, 'opening puts the id in the URL');
    const id = opened.slice('#view='.length);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((first) => location.hash !== `#view=${first}`, id);
    const stepped = await page.evaluate(() => location.hash);
    await page.goBack();
    await page.waitForFunction(() => !document.querySelector('#viewer[open]'), undefined, { timeout: 60_000 });
    t.equal(await page.evaluate(() => location.hash), '', 'one Back closes the viewer, however far it stepped');

    const shared = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await shared.goto(`${server.base}/${stepped}`);
    await shared.waitForSelector('#viewer[open]');
    const title = await shared.textContent('#viewer-title');
    t.match(title, /^wall-\d{3}$/, 'a shared link opens that wallpaper');
    await shared.screenshot({ path: join(ARTIFACTS, 'first-run-shared-link-phone.png') });
    await shared.keyboard.press('Escape');
    await shared.waitForFunction(() => !document.querySelector('#viewer[open]') && location.hash === '', undefined, { timeout: 60_000 });
    t.pass('closing a shared link drops its hash');
  });
}
