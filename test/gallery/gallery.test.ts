// The browser gallery in Debian's Chromium against the real `wallpaper serve`: the grid shows every
// wallpaper page by page, each filter changes the grid and the URL (and a URL applies its filters,
// back restores them), the viewer shows the metadata and walks with the arrow keys, surprise-me,
// upload through the file chooser, delete, and a hostile file name stays text.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import {
  apiAll,
  cardIds,
  haveChromium,
  launchBrowser,
  loadAllCards,
  startServer,
  tempDir,
  waitForTotal,
  watchProblems,
  writeLandscapes,
  writeSolid,
  type Wallpaper,
} from './harness.js';

/** The gallery asks for this many wallpapers a page (gallery/js/app.js PAGE_LIMIT). */
const PAGE_LIMIT = 48;
// Nine browser cases on one server; test/postgres/gallery-gallery.test.ts runs them on PostgreSQL,
// where at load 27 with two CPU loops beside tap's jobs the file passed tap's 180 s. It may take
// 7 minutes.
t.setTimeout(420_000);
const HOSTILE = '<img src=x onerror=window.__pwned=1>.jpg';
const LANDSCAPES = 54;
type Sub = Test;

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'library');
  // Solid colours with a known analysis (docs/design.md#analysis), then colourful landscapes enough
  // for a second page, then the hostile name.
  await writeSolid(join(library, 'blue-night.jpg'), 1920, 1080, '#0b1e5b'); // dark, 16:9, landscape, blue
  await writeSolid(join(library, 'red-light.png'), 1080, 1920, '#f4a0a0', 'png'); // light, portrait, red
  await writeSolid(join(library, 'green-square.webp'), 1000, 1000, '#2e9e3e', 'webp'); // medium, square, green
  await writeSolid(join(library, 'grey-classic.jpeg'), 1600, 1200, '#808080'); // medium, 4:3, neutral, .jpeg
  await writeSolid(join(library, 'orange-ultrawide.jpg'), 3440, 1440, '#e07b1a'); // medium, ultrawide, warm
  await writeSolid(join(library, 'teal-wide.png'), 1920, 1200, '#20c0b0', 'png'); // light, custom (16:10), cool
  await writeSolid(join(library, HOSTILE), 640, 400, '#6a2c91');
  await writeLandscapes(join(library, 'scenes'), LANDSCAPES);
  const TOTAL = 7 + LANDSCAPES;

  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, TOTAL);
  const base = server.base;
  const everything = await apiAll(base);
  const byName = (name: string): Wallpaper => {
    const found = everything.find((w) => w.filename === name);
    if (!found) throw new Error(`fixture ${name} is not in the library`);
    return found;
  };
  const browser = await launchBrowser(t);

  /** A fresh page (own localStorage) at 1280x800 whose CSP violations and errors are collected. */
  async function open(path = '/', width = 1280, height = 800) {
    const context = await browser.newContext({ viewport: { width, height }, permissions: ['clipboard-read', 'clipboard-write'] });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base}${path}`);
    return { page, problems };
  }

  /** The grid and the count agree with the API for this query (loading every page). */
  async function expectGrid(t: Sub, page: Page, query: string) {
    const expected = await apiAll(base, query);
    // aria-busy turns true synchronously with the URL change and false when the page has arrived.
    await page.waitForSelector('#grid[aria-busy="false"]', { state: 'attached' });
    await page.waitForFunction(
      (total) => document.querySelector('#count')?.textContent?.trim().startsWith(`${total} `) ?? false,
      expected.length,
    );
    const ids = expected.length ? await loadAllCards(page, expected.length) : await cardIds(page);
    t.same([...ids].sort(), expected.map((w) => w.id).sort(), `the grid shows exactly the matches of ?${query}`);
    return expected;
  }

  t.test('the grid shows every wallpaper, one page at a time, without layout shift', async (t) => {
    const { page, problems } = await open();
    await page.waitForSelector('#grid a.card');
    await page.waitForFunction((n) => document.querySelectorAll('#grid a.card').length === n, PAGE_LIMIT);
    t.equal((await page.textContent('#count'))?.trim(), `${TOTAL} wallpapers`, 'the total is shown');
    t.equal((await cardIds(page)).length, PAGE_LIMIT, 'the first page only, until the user scrolls');

    // Every card knows its size before its image arrives: boxes do not move when images load.
    const boxes = () =>
      page.$$eval('#grid a.card', (cards) =>
        cards.slice(0, 12).map((c) => {
          const r = c.getBoundingClientRect();
          return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(',');
        }),
      );
    const before = await boxes();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#grid a.card img')].slice(0, 12).every((img) => img.classList.contains('loaded')),
    );
    t.same(await boxes(), before, 'no layout shift when thumbnails load');

    const cards = await page.$$eval('#grid a.card', (list) =>
      list.map((card) => {
        const img = card.querySelector('img') as HTMLImageElement;
        const r = card.getBoundingClientRect();
        return {
          id: (card as HTMLElement).dataset.id ?? '',
          href: card.getAttribute('href'),
          loading: img.getAttribute('loading'),
          src: img.getAttribute('src'),
          alt: img.getAttribute('alt'),
          width: Number(img.getAttribute('width')),
          height: Number(img.getAttribute('height')),
          ratio: r.width / r.height,
        };
      }),
    );
    for (const card of cards) {
      const w = everything.find((x) => x.id === card.id);
      if (!w) {
        t.fail(`card ${card.id} is not a wallpaper of the library`);
        continue;
      }
      t.match(
        card,
        { href: w.url, loading: 'lazy', src: w.thumbnail_url, alt: w.title, width: w.width, height: w.height },
        `card of ${w.filename}`,
      );
      t.ok(
        Math.abs(card.ratio / (w.width / w.height) - 1) < 0.03,
        `card of ${w.filename} keeps its aspect ratio (${card.ratio.toFixed(3)})`,
      );
    }

    const all = await loadAllCards(page, TOTAL);
    t.equal(all.length, TOTAL, 'scrolling loads the next page');
    t.same([...all].sort(), everything.map((w) => w.id).sort(), 'every wallpaper is in the grid, once');
    t.same(
      all,
      everything.map((w) => w.id),
      'in the API order',
    );
    await page.waitForSelector('#end:not([hidden])');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('each filter changes the grid and the URL', async (t) => {
    const { page, problems } = await open();
    await page.waitForSelector('#grid a.card');
    await page.click('#filters-toggle'); // aspect ratio, format and the sizes are under "More filters"
    const filters = page.locator('#filters');
    const cases: { name: string; query: string; act: () => Promise<void>; includes: string[]; excludes: string[] }[] = [
      {
        name: 'brightness',
        query: 'brightness=dark',
        act: () => filters.getByRole('radio', { name: 'Dark' }).check(),
        includes: ['blue-night.jpg'],
        excludes: ['red-light.png'],
      },
      {
        name: 'orientation',
        query: 'orientation=portrait',
        act: () => filters.getByRole('radio', { name: 'Portrait' }).check(),
        includes: ['red-light.png'],
        excludes: ['blue-night.jpg'],
      },
      {
        name: 'dominant_hue',
        query: 'dominant_hue=green',
        act: () => filters.getByRole('radio', { name: 'Green' }).check(),
        includes: ['green-square.webp'],
        excludes: ['red-light.png'],
      },
      {
        name: 'aspect_ratio',
        query: 'aspect_ratio=ultrawide',
        act: async () => void (await filters.getByLabel('Aspect ratio').selectOption('ultrawide')),
        includes: ['orange-ultrawide.jpg'],
        excludes: ['blue-night.jpg'],
      },
      {
        name: 'format',
        query: 'format=jpeg',
        act: async () => void (await filters.getByLabel('Format').selectOption('jpeg')),
        includes: ['grey-classic.jpeg'],
        excludes: ['blue-night.jpg'],
      },
      {
        name: 'min_width',
        query: 'min_width=1900',
        act: () => filters.getByLabel('Min width').fill('1900'),
        includes: ['blue-night.jpg', 'orange-ultrawide.jpg', 'teal-wide.png'],
        excludes: ['red-light.png'],
      },
      {
        name: 'max_width',
        query: 'max_width=1000',
        act: () => filters.getByLabel('Max width').fill('1000'),
        includes: ['green-square.webp', HOSTILE],
        excludes: ['blue-night.jpg'],
      },
      {
        name: 'min_height',
        query: 'min_height=1500',
        act: () => filters.getByLabel('Min height').fill('1500'),
        includes: ['red-light.png'],
        excludes: ['orange-ultrawide.jpg'],
      },
      {
        name: 'max_height',
        query: 'max_height=1080',
        act: () => filters.getByLabel('Max height').fill('1080'),
        includes: ['blue-night.jpg', HOSTILE],
        excludes: ['red-light.png', 'grey-classic.jpeg'],
      },
    ];
    for (const c of cases) {
      await c.act();
      await page.waitForURL((url) => url.search === `?${c.query}`);
      t.pass(`${c.name}: the URL is ?${c.query}`);
      const shown = await expectGrid(t, page, c.query);
      const names = shown.map((w) => w.filename);
      for (const name of c.includes) t.ok(names.includes(name), `${c.name}: ${name} is shown`);
      for (const name of c.excludes) t.notOk(names.includes(name), `${c.name}: ${name} is not shown`);
      t.notOk(await page.isDisabled('#clear-filters'), `${c.name}: "Clear filters" is available`);
      await page.click('#clear-filters');
      await page.waitForURL((url) => url.search === '');
      await page.waitForFunction((n) => document.querySelector('#count')?.textContent?.trim() === `${n} wallpapers`, TOTAL);
    }

    // Filters combine with AND.
    await filters.getByRole('radio', { name: 'Landscape' }).check();
    await filters.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForURL((url) => url.search === '?brightness=dark&orientation=landscape');
    await expectGrid(t, page, 'brightness=dark&orientation=landscape');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('a URL with filters applies them, and the back button restores earlier filters', async (t) => {
    const { page, problems } = await open('/?orientation=portrait&dominant_hue=red');
    await expectGrid(t, page, 'orientation=portrait&dominant_hue=red');
    t.ok(await page.isChecked('#filters input[name="orientation"][value="portrait"]'), 'the portrait radio is checked');
    t.ok(await page.isChecked('#filters input[name="dominant_hue"][value="red"]'), 'the red swatch is checked');
    t.equal(await page.inputValue('#f-aspect'), '', 'other filters stay at "Any"');

    await page.locator('#filters').getByRole('radio', { name: 'Square' }).check();
    await page.waitForURL((url) => url.search === '?orientation=square&dominant_hue=red');
    await expectGrid(t, page, 'orientation=square&dominant_hue=red');

    await page.goBack();
    await page.waitForURL((url) => url.search === '?orientation=portrait&dominant_hue=red');
    await expectGrid(t, page, 'orientation=portrait&dominant_hue=red');
    t.ok(await page.isChecked('#filters input[name="orientation"][value="portrait"]'), 'back re-checks portrait');

    await page.goForward();
    await page.waitForURL((url) => url.search === '?orientation=square&dominant_hue=red');
    await expectGrid(t, page, 'orientation=square&dominant_hue=red');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('nothing matches: a clear empty state with a way out', async (t) => {
    const { page, problems } = await open('/?min_width=100000');
    await page.waitForSelector('#empty-filters:not([hidden])');
    t.match(await page.textContent('#empty-filters'), /Nothing matches/);
    t.ok(await page.isHidden('#empty-library'), 'not mistaken for an empty library');
    t.equal((await cardIds(page)).length, 0);
    await page.locator('#empty-filters').getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.waitForSelector('#grid a.card');
    t.ok(await page.isHidden('#empty-filters'));

    // An invalid value in a hand-edited link shows the server's own message.
    await page.goto(`${base}/?brightness=purple`);
    await page.waitForSelector('#status.error:not([hidden])');
    const serverText = await (await fetch(`${base}/api/wallpapers?brightness=purple&page=1&limit=${PAGE_LIMIT}`)).text();
    t.match(await page.textContent('#status'), serverText.trim(), "the server's plain-text error is shown");
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('the viewer shows every metadata field, copies the URL, Esc closes it', async (t) => {
    const { page, problems } = await open('/?brightness=dark&orientation=landscape');
    await expectGrid(t, page, 'brightness=dark&orientation=landscape');
    const w = byName('blue-night.jpg');
    await page.click(`#grid a.card[data-id="${w.id}"]`);
    await page.waitForSelector('#viewer[open]');
    t.equal(await page.textContent('#viewer-title'), w.title, "the title is the wallpaper's title (its file name without the extension)");
    await page.waitForFunction(() => {
      const img = document.querySelector('#viewer-image') as HTMLImageElement;
      return img.complete && img.naturalWidth > 0;
    });
    t.same(
      await page.$eval('#viewer-image', (img) => [
        (img as HTMLImageElement).naturalWidth,
        (img as HTMLImageElement).naturalHeight,
        img.getAttribute('src'),
      ]),
      [1920, 1080, w.url],
      'the full image is shown',
    );

    const meta = await page.$$eval('#viewer-meta .meta-row', (rows) =>
      Object.fromEntries(rows.map((row) => [(row as HTMLElement).dataset.field, row.querySelector('dd')?.textContent ?? ''])),
    );
    // Every field, but the light/dark pair only when there is one (test/gallery/filter-fold.test.ts).
    for (const field of Object.keys(w) as (keyof Wallpaper)[])
      if (field !== 'pair_id' || w.pair_id !== null) t.ok(field in meta, `the viewer shows ${field}`);
    t.match(meta, {
      filename: w.filename,
      id: w.id,
      path: w.path,
      url: w.url,
      thumbnail_url: w.thumbnail_url,
      width: '1920 px',
      height: '1080 px',
      content_type: 'image/jpeg',
      brightness: 'dark',
      aspect_ratio: '16:9',
      orientation: 'landscape',
      dominant_hue: 'blue',
      luminance: w.luminance.toFixed(4),
    });
    t.match(meta.size_bytes, /\d/, 'the file size is shown');
    t.equal(await page.getAttribute('#viewer-meta [data-field="added_at"] time', 'datetime'), w.added_at);
    t.equal(await page.inputValue('#viewer-url'), `${base}${w.url}`, 'the direct URL is absolute');
    t.equal(await page.getAttribute('#viewer-download', 'href'), w.download_url, 'Download uses the URL named after the file');
    t.equal(await page.getAttribute('#viewer-download', 'download'), w.filename);
    const direct = await fetch(await page.inputValue('#viewer-url'));
    t.equal(direct.headers.get('content-type'), 'image/jpeg', 'the direct URL serves the image');

    await page.click('#viewer-copy');
    await page.waitForSelector('.toast >> text=copied');
    t.equal(await page.evaluate(() => navigator.clipboard.readText()), `${base}${w.url}`, 'Copy URL puts the direct URL on the clipboard');

    await page.keyboard.press('Escape');
    await page.waitForSelector('#viewer:not([open])', { state: 'attached' });
    t.equal(
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id),
      w.id,
      'Esc closes and gives the focus back to the card',
    );
    await page.keyboard.press('Enter');
    await page.waitForSelector('#viewer[open]');
    t.equal(await page.textContent('#viewer-title'), w.title, 'Enter on a focused card opens it');
    await page.keyboard.press('Escape');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('previous and next with the arrow keys, across the page boundary', async (t) => {
    const { page, problems } = await open();
    await page.waitForFunction((n) => document.querySelectorAll('#grid a.card').length === n, PAGE_LIMIT);
    const title = (name: string) => page.waitForFunction((n) => document.querySelector('#viewer-title')?.textContent === n, name);
    const at = (i: number) => everything[i] as Wallpaper;
    await page.click(`#grid a.card[data-id="${at(PAGE_LIMIT - 2).id}"]`);
    await title(at(PAGE_LIMIT - 2).title);
    await page.keyboard.press('ArrowRight');
    await title(at(PAGE_LIMIT - 1).title);
    t.pass('ArrowRight shows the next wallpaper');
    await page.keyboard.press('ArrowRight');
    await title(at(PAGE_LIMIT).title);
    t.pass('ArrowRight past the last card loads the next page');
    t.ok((await cardIds(page)).length > PAGE_LIMIT, 'the grid grew');
    await page.keyboard.press('ArrowLeft');
    await title(at(PAGE_LIMIT - 1).title);
    t.pass('ArrowLeft shows the previous wallpaper');
    await page.click('#viewer-prev');
    await title(at(PAGE_LIMIT - 2).title);
    t.pass('so does the on-screen button');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#viewer:not([open])', { state: 'attached' });
    t.equal(
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id),
      at(PAGE_LIMIT - 2).id,
      'the card shown last has the focus',
    );

    await page.click(`#grid a.card[data-id="${at(0).id}"]`);
    await title(at(0).title);
    t.ok(await page.isDisabled('#viewer-prev'), 'no previous before the first');
    await page.keyboard.press('Escape');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('surprise me opens the viewer on a match, or says nothing matches', async (t) => {
    const { page, problems } = await open('/?format=jpeg');
    await page.waitForSelector('#grid a.card');
    await page.click('#surprise');
    await page.waitForSelector('#viewer[open]');
    t.equal(await page.textContent('#viewer-title'), 'grey-classic', 'the only .jpeg file');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#viewer:not([open])', { state: 'attached' });

    await page.goto(`${base}/`);
    await page.waitForSelector('#grid a.card');
    await page.click('#surprise');
    await page.waitForSelector('#viewer[open]');
    const name = await page.textContent('#viewer-title');
    t.ok(
      everything.some((w) => w.title === name),
      `a wallpaper of the library (${name})`,
    );
    await page.click('#viewer-again');
    await page.waitForFunction(() => (document.querySelector('#viewer-image') as HTMLImageElement | null)?.complete === true);
    t.ok(await page.isVisible('#viewer[open]'), '"Another one" keeps the viewer open');
    await page.keyboard.press('Escape');

    await page.goto(`${base}/?min_width=100000`);
    await page.waitForSelector('#empty-filters:not([hidden])');
    await page.click('#surprise');
    await page.waitForSelector('.toast >> text=Nothing matches');
    t.ok(await page.isHidden('#viewer[open]'), 'no viewer without a match');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test('a hostile file name is shown as text, never run', async (t) => {
    const hostile = byName(HOSTILE);
    const { page, problems } = await open('/?max_width=1000');
    await expectGrid(t, page, 'max_width=1000');
    const card = page.locator(`#grid a.card[data-id="${hostile.id}"]`);
    t.equal(await card.locator('.card-name').textContent(), hostile.title, 'the caption is the title (the name without .jpg), as text');
    t.equal(await card.locator('img').getAttribute('alt'), hostile.title, 'the alt text is the title');
    await card.click();
    await page.waitForSelector('#viewer[open]');
    t.equal(await page.textContent('#viewer-title'), hostile.title, 'the viewer title is the title, as text');
    t.equal(await page.textContent('#viewer-meta [data-field="filename"] dd'), HOSTILE);
    await page.click('#viewer-delete');
    t.match(await page.textContent('#viewer-confirm-text'), HOSTILE, 'the delete confirmation quotes it as text');
    await page.click('#viewer-confirm-cancel');
    t.equal(await page.locator('img[src="x"]').count(), 0, 'no element was made from the name');
    t.equal(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), undefined, 'its onerror never ran');
    t.same(problems, [], 'no page errors or CSP violations');
  });

  t.test("upload through the file chooser adds a card; a refused file shows the server's message; delete removes it", async (t) => {
    const files = tempDir(t);
    const good = await writeSolid(join(files, 'fresh-upload.png'), 800, 600, '#ff2d95', 'png');
    const bad = join(files, 'not-a-picture.jpg');
    writeFileSync(bad, 'this is plain text pretending to be a JPEG\n');
    // What the server answers for those bytes, to compare with what the gallery shows.
    const form = new FormData();
    form.append('file', new Blob([readFileSync(bad)], { type: 'image/jpeg' }), 'not-a-picture.jpg');
    const refused = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
    const refusal = (await refused.text()).trim();
    t.ok(refused.status >= 400 && refusal.length > 0, `the server refuses it (${refused.status}: ${refusal})`);

    const { page, problems } = await open();
    await page.waitForSelector('#grid a.card');
    const chooser = page.waitForEvent('filechooser');
    await page.click('#upload-button');
    await (await chooser).setFiles([good, bad]);
    await page.waitForSelector('#uploads:not([hidden])');
    await page.waitForFunction(
      () => document.querySelectorAll('#uploads-list .upload.succeeded, #uploads-list .upload.failed').length === 2,
    );
    const rows = await page.$$eval('#uploads-list .upload', (items) =>
      items.map((item) => ({
        name: item.querySelector('.upload-name')?.textContent,
        status: item.querySelector('.upload-status')?.textContent,
        failed: item.classList.contains('failed'),
      })),
    );
    t.match(
      rows,
      [
        { name: 'fresh-upload.png', status: 'Added', failed: false },
        { name: 'not-a-picture.jpg', status: refusal, failed: true },
      ],
      "one added, one refused with the server's own words",
    );

    const uploaded = (await apiAll(base)).find((w) => w.width === 800 && w.height === 600 && w.dominant_hue !== 'neutral');
    if (!uploaded) throw new Error('the upload is not in the library');
    t.equal((await cardIds(page))[0], uploaded.id, 'the new card is first in the grid');
    await page.waitForFunction((n) => document.querySelector('#count')?.textContent?.trim() === `${n} wallpapers`, TOTAL + 1);
    t.pass('the count went up');

    await page.click(`#grid a.card[data-id="${uploaded.id}"]`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#viewer-delete');
    await page.waitForSelector('#viewer-confirm:not([hidden])');
    await page.click('#viewer-confirm-delete');
    await page.waitForSelector(`#grid a.card[data-id="${uploaded.id}"]`, { state: 'detached' });
    t.pass('the card is gone');
    await page.waitForFunction((n) => document.querySelector('#count')?.textContent?.trim() === `${n} wallpapers`, TOTAL);
    t.equal((await fetch(`${base}/api/wallpapers/${uploaded.id}`)).status, 404, 'and the wallpaper is gone from the server');
    await page.keyboard.press('Escape');
    t.same(problems, [], 'no page errors or CSP violations');
  });
}
