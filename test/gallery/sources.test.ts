// The gallery's Sources panel in Chromium against the real `wallpaper serve --token` and a local
// fake of Unsplash (test/helpers/fake-services/): a source added in the panel goes into the settings
// (its key kept when the panel writes the list back with "***"); "Fetch now" shows the summary and
// the grid gains the fetched wallpapers; a failing source shows its error; the viewer credits a
// fetched wallpaper (author and source page linked, licence).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { type Fake, startFake } from '../helpers/fake-services/server.js';
import { unsplash } from '../helpers/fake-services/services.js';
import { pictures } from '../helpers/fake-services/setup.js';
import { ARTIFACTS, apiAll, cardIds, haveChromium, launchBrowser, startServer, tempDir, watchProblems } from './harness.js';

const TOKEN = 'open-sesame';
mkdirSync(ARTIFACTS, { recursive: true });

interface SourceEntry {
  name: string;
  count: number;
  last_fetch: string | null;
  last_error: string | null;
}

if (haveChromium(t)) {
  const library = join(tempDir(t), 'library');
  mkdirSync(library, { recursive: true });
  const fake: Fake = await startFake();
  t.teardown(() => fake.close());
  unsplash(fake, await pictures(fake, 'u', [1, 2]));
  const server = await startServer(t, { folders: [library], token: TOKEN });
  const base = server.base;
  const sources = async (): Promise<SourceEntry[]> =>
    ((await (await fetch(`${base}/api/sources`)).json()) as { sources: SourceEntry[] }).sources;

  const browser = await launchBrowser(t);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${base}/`);
  await page.evaluate((token) => localStorage.setItem('wallpaper.token', token), TOKEN);
  await page.reload();

  /** Fill the add form and submit it; resolves when the row is listed. */
  const addSource = async (fields: Record<string, string>, name: string) => {
    await page.selectOption('#source-kind', fields.kind ?? 'wallhaven');
    for (const [field, value] of Object.entries(fields)) if (field !== 'kind') await page.fill(`#source-${field}`, value);
    await page.click('#sources-add');
    await page.waitForSelector(`#sources-list [data-source="${name}"]`);
  };

  t.test('an empty panel, then sources added in it go into the settings', async (t) => {
    await page.click('#sources-button');
    await page.waitForSelector('#sources[open]');
    t.match(await page.textContent('#sources-list'), /No sources yet/);
    t.match(await page.textContent('#sources'), 'wallpaper source add wallhaven --query nature', 'the CLI way is shown');

    await addSource({ kind: 'unsplash', name: 'photos', query: 'mountains', url: fake.base, key: 'test-key' }, 'photos');
    // The second add writes the first back with its key as "***": the server must keep the key.
    await addSource({ kind: 'rss', url: `${fake.base}/500` }, 'rss');
    const settings = (await (await fetch(`${base}/api/settings`)).json()) as { sources: { name: string; key: string | null }[] };
    t.same(
      settings.sources.map((s) => [s.name, s.key]),
      [
        ['photos', '***'],
        ['rss', null],
      ],
      'both in the settings, the key masked',
    );
    t.match(await page.textContent('#sources-list [data-source="photos"]'), /unsplash · mountains/);
    t.match(await page.textContent('#sources-list [data-source="photos"]'), /0 of 50 kept · last fetch never/);

    // A refused source: the server's message, naming the field, in the panel.
    await page.selectOption('#source-kind', 'json');
    await page.click('#sources-add');
    await page.waitForSelector('#sources-error:not([hidden])');
    t.match(await page.textContent('#sources-error'), /url/, 'the refusal names the field');
    t.equal((await sources()).length, 2, 'nothing added');
  });

  t.test('Fetch now shows the summary and the grid gains the wallpapers', async (t) => {
    await page.click('#sources-list [data-source="photos"] button');
    await page.waitForSelector('#sources-result:not([hidden]) [data-stat="added"]');
    t.equal(await page.textContent('#sources-result [data-stat="added"] dd'), '2', 'two added (the key was kept)');
    t.equal(await page.textContent('#sources-result [data-stat="failed"] dd'), '0');
    t.ok(await page.isHidden('#sources-result .form-error'), 'no error');
    await page.waitForFunction(() =>
      /2 of 50 kept/.test(document.querySelector('#sources-list [data-source="photos"]')?.textContent ?? ''),
    );
    t.notMatch(await page.textContent('#sources-list [data-source="photos"]'), /last fetch never/, 'the last fetch is shown');
    await page.screenshot({ path: join(ARTIFACTS, 'sources-panel.png') });

    const fetched = await apiAll(base, 'tag=source:photos');
    t.equal(fetched.length, 2);
    await page.click('#sources [data-close]');
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 2);
    t.same((await cardIds(page)).sort(), fetched.map((w) => w.id).sort(), 'the grid shows the fetched wallpapers');
  });

  t.test('a failing source shows its error', async (t) => {
    await page.click('#sources-button');
    await page.waitForSelector('#sources[open]');
    await page.click('#sources-list [data-source="rss"] button');
    await page.waitForSelector('#sources-list [data-source="rss"] .source-error');
    const [rss] = (await sources()).filter((s) => s.name === 'rss');
    t.ok(rss?.last_error, 'the server has its error');
    t.equal(await page.textContent('#sources-list [data-source="rss"] .source-error'), rss?.last_error, 'the row shows it');
    t.equal(await page.textContent('#sources-result .form-error'), rss?.last_error, 'the summary shows it');
    t.equal(await page.textContent('#sources-result [data-stat="added"] dd'), '0');
    t.equal((await apiAll(base)).length, 2, 'nothing lost');
    await page.click('#sources [data-close]');
  });

  t.test('the viewer credits a fetched wallpaper', async (t) => {
    const [w] = await apiAll(base, 'tag=source:photos');
    await page.click(`#grid a.card[data-id="${w!.id}"]`);
    await page.waitForSelector('#viewer[open] .source-credit');
    const credit = page.locator('#viewer .source-credit');
    const links = await credit.locator('a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    t.same(links[0], ['Ada Lovelace', 'https://unsplash.com/@ada'], 'the author is linked');
    t.match(links[1]?.[1], /^https:\/\/unsplash\.com\/photos\/u[12]$/, 'the source page is linked');
    t.match(await credit.textContent(), /Unsplash License/, 'the licence is shown');
    await page.keyboard.press('Escape');
  });

  t.test('no page errors', async (t) => {
    t.same(problems, []);
  });
}
