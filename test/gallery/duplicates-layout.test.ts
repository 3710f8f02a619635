// The near-duplicates panel at 1280 px with long file names and paths: the names wrap
// inside their cards, nothing overflows the panel or the page; and the gallery names a wallpaper by
// its title (a KDE package's name, not its size file).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { EDITS, photo } from '../helpers/photos.js';
import { haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems } from './harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  const deep = join(library, 'a-folder-with-a-rather-long-name-for-its-contents', 'another_folder_name_without_any_spaces_in_it');
  mkdirSync(deep, { recursive: true });
  const original = await photo(71, 1600, 900);
  const longName = `${'Northern_Lights_over_the_Lofoten_Islands_'.repeat(3)}original.png`;
  writeFileSync(join(deep, longName), original);
  writeFileSync(join(deep, `${'a-copy-someone-downloaded-again-'.repeat(4)}copy.jpg`), await EDITS['resized 50%']!(original));
  const pkg = join(library, 'Aurora');
  mkdirSync(join(pkg, 'contents', 'images'), { recursive: true });
  writeFileSync(join(pkg, 'metadata.json'), '{"KPlugin": {"Name": "Aurora Borealis"}}');
  writeFileSync(join(pkg, 'contents', 'images', '5120x2880.png'), await photo(72, 512, 288));
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 3);
  const browser = await launchBrowser(t);

  t.test('the duplicates panel fits 1280 px with long names', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${server.base}/`);
    await page.click('#duplicates-button');
    await page.waitForSelector('#duplicates .dup-group');
    const layout = await page.evaluate(() => {
      const panel = document.querySelector('#duplicates')!.getBoundingClientRect();
      const members = [...document.querySelectorAll<HTMLElement>('#duplicates .dup-member')];
      return {
        panelRight: panel.right,
        pageWidth: document.documentElement.scrollWidth,
        members: members.length,
        overflowing: members.filter((m) => m.scrollWidth > m.clientWidth + 1 || m.getBoundingClientRect().right > panel.right).length,
        listOverflow: [...document.querySelectorAll<HTMLElement>('#duplicates .dup-list')].some((l) => l.scrollWidth > l.clientWidth + 1),
      };
    });
    t.equal(layout.members, 2, 'the original and its copy');
    t.equal(layout.overflowing, 0, 'no card is wider than itself or past the panel');
    t.notOk(layout.listOverflow, 'the list does not scroll sideways');
    t.ok(layout.panelRight <= 1280, `the panel ends inside the window (${layout.panelRight})`);
    t.ok(layout.pageWidth <= 1280, `the page does not scroll sideways (${layout.pageWidth})`);
    t.same(problems, []);
    await page.close();
  });

  t.test("the grid shows a package's title", async (t) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${server.base}/`);
    await page.waitForSelector('#grid a.card');
    const names = await page.$$eval('#grid .card-name', (spans) => spans.map((s) => s.textContent));
    t.ok(names.includes('Aurora Borealis'), 'the tile says the package name');
    t.notOk(names.includes('5120x2880.png'), 'not its size file');
    t.same(problems, []);
    await page.close();
  });
}
