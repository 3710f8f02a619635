// Curation in a real browser: the heart on a tile and the Favourites view, hiding from the viewer
// and "Hidden ones too", the colour picker and search filling the URL, tag chips, and the
// near-duplicates panel resolving a group by moving the copies to the server's trash.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { EDITS, photo } from '../helpers/photos.js';
import {
  apiAll,
  cardIds,
  haveChromium,
  launchBrowser,
  startServer,
  tempDir,
  waitForTotal,
  watchProblems,
  writeLandscapes,
} from './harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeLandscapes(join(library, 'scenes'), 6);
  const original = await photo(61, 1600, 900);
  writeFileSync(join(library, 'original.png'), original);
  writeFileSync(join(library, 'copy.jpg'), await EDITS['resized 50%']!(original));
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 8);
  const browser = await launchBrowser(t);
  /** A desktop-sized page on the gallery, watched for page errors; with `cards`, once that many show. */
  const openGallery = async (cards?: number) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${server.base}/`);
    if (cards !== undefined) await page.waitForFunction((n) => document.querySelectorAll('#grid a.card').length === n, cards);
    return { page, problems };
  };

  t.test('a heart on a tile, the Favourites view, hiding from the viewer', async (t) => {
    const { page, problems } = await openGallery(8);
    const [first, second] = await cardIds(page);
    await page.hover(`#grid a.card[data-id="${first}"]`);
    await page.click(`#grid button[data-action="favorite"][data-id="${first}"]`);
    await page.waitForSelector(`#grid button[data-action="favorite"][data-id="${first}"][aria-pressed="true"]`);
    t.same(
      (await apiAll(server.base, 'favorite=true')).map((w) => w.id),
      [first],
      'the server has it as a favourite',
    );

    await page.click('#favorites-view');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 1);
    t.match(page.url(), /favorite=true/, 'the view is in the URL');
    t.equal(await page.getAttribute('#favorites-view', 'aria-pressed'), 'true');
    await page.click('#favorites-view');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 8);

    await page.click(`#grid a.card[data-id="${second}"]`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#viewer-hide');
    await page.waitForSelector(`#grid a.card[data-id="${second}"]`, { state: 'detached' });
    await page.waitForSelector('#viewer .toast >> text=is hidden');
    t.same(
      (await apiAll(server.base, 'hidden=true')).map((w) => w.id),
      [second],
      'hidden on the server',
    );
    t.equal(await page.textContent('#viewer-hide'), 'Show again');
    await page.click('#viewer-hide');
    await page.waitForSelector('#viewer .toast >> text=shows again');
    t.same(await apiAll(server.base, 'hidden=true'), [], 'shown again');
    await page.keyboard.press('Escape');
    t.same(problems, []);
    await page.close();
  });

  t.test('the colour picker, search and tag chips filter the grid and fill the URL', async (t) => {
    const { page, problems } = await openGallery(8);
    const scenes = await apiAll(server.base, 'tag=scenes');
    t.equal(scenes.length, 6, 'the subfolder is a tag');
    const colour = scenes[0]!.palette[0]!.color;
    await page.locator('#f-color').fill(colour);
    await page.waitForURL((url) => url.searchParams.get('color') === colour.slice(1));
    const expected = await apiAll(server.base, `color=${colour.slice(1)}`);
    await page.waitForFunction((n) => document.querySelectorAll('#grid a.card').length === n, expected.length);
    t.ok(
      expected.some((w) => w.id === scenes[0]!.id),
      'the picture with that colour is among the matches',
    );
    await page.click('#f-color-clear');
    await page.waitForURL((url) => !url.searchParams.has('color'));

    await page.fill('#f-q', 'copy');
    await page.press('#f-q', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 1);
    t.match(page.url(), /q=copy/);
    await page.goto(`${server.base}/#view=${scenes[0]!.id}`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#viewer-meta a.chip >> text=scenes');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 6);
    t.match(page.url(), /tag=scenes/, 'a tag chip opens its tag');
    t.same(problems, []);
    await page.close();
  });

  t.test('the near-duplicates panel compares a group and moves the copies to the trash', async (t) => {
    const { page, problems } = await openGallery();
    await page.click('#duplicates-button');
    await page.waitForSelector('#duplicates .dup-group');
    const members = await page.$$eval('#duplicates .dup-member', (figures) => figures.map((f) => f.textContent ?? ''));
    t.equal(members.length, 2, 'the original and its copy side by side');
    t.match(members[0], /Keep: original\.png.*1600 × 900/, 'the best copy first, outlined');
    await page.click('#duplicates .dup-group button.btn-danger');
    await page.waitForSelector('#duplicates .toast >> text=Moved 1 to the trash.');
    t.match(await page.textContent('#duplicates-summary'), /No near-duplicates/);
    const left = (await apiAll(server.base)).map((w) => w.filename);
    t.ok(left.includes('original.png') && !left.includes('copy.jpg'), 'the copy is gone from the library');
    await page.click('#duplicates-close');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 7);
    t.same(problems, []);
    await page.close();
  });
}
