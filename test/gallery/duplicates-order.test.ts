// The gallery's near-duplicates panel shows the groups in the API's order: the one that frees the
// most space first.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { writeGroupsOfSizes } from '../helpers/duplicate-groups.js';
import { haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems } from './harness.js';

if (haveChromium(t)) {
  t.test('the duplicates panel lists the largest saving first, as the API answers', async (t) => {
    const library = join(tempDir(t), 'Wallpapers');
    mkdirSync(library);
    await writeGroupsOfSizes(library);
    const server = await startServer(t, { folders: [library] });
    await waitForTotal(server, 7);
    const { groups } = (await (await fetch(`${server.base}/api/duplicates`)).json()) as { groups: { keep: string }[] };
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${server.base}/`);
    await page.click('#duplicates-button');
    await page.waitForSelector('#duplicates .dup-group');
    const shown = await page.$$eval('#duplicates .dup-group', (views) =>
      views.map((v) => ({ keep: (v as HTMLElement).dataset.keep, name: v.querySelector('.keep strong')?.textContent })),
    );
    t.same(
      shown.map((g) => g.keep),
      groups.map((g) => g.keep),
      "the API's order",
    );
    t.same(
      shown.map((g) => g.name),
      ['Keep: large-original.png', 'Keep: middle-original.png', 'Keep: small-original.png'],
      'largest saving first',
    );
    t.same(problems, []);
    await page.close();
  });
}
