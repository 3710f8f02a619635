// The viewer's colours in a real Chromium: opening "Colours for your terminal" shows the scheme's
// background, foreground and 16 colours as swatches (the colours of GET .../colors), and each
// format's button copies that format's text (read back from the clipboard). At phone size (390x844,
// touch) the swatches all show inside the viewer without the page scrolling sideways, and each copy
// button is a touch target of the gallery's size (docs/gallery.md#the-viewer), tapped to copy.
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import t from 'tap';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

/** The gallery's smallest touch target, its buttons' min-height (gallery/style.css `.btn`). */
const TOUCH_PX = 36;

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeSolid(join(library, 'dusk.png'), 640, 360, '#302040', 'png');
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 1);
  const [dusk] = await apiAll(server.base);

  /** The viewer of dusk in a new context (clipboard allowed), its colours section opened (tapped
   * on a touch screen) and loaded. */
  const openColours = async (options: BrowserContextOptions) => {
    const context = await browser.newContext({ ...options, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/#view=${dusk!.id}`);
    await page.waitForSelector('#viewer[open]');
    await (options.hasTouch ? page.tap('#viewer-colors summary') : page.click('#viewer-colors summary'));
    await page.waitForSelector('#colors-swatches .color-swatch');
    return { context, page, problems };
  };

  t.test('swatches of the scheme and a copy button per format', async (t) => {
    const { context, page, problems } = await openColours({ viewport: { width: 1280, height: 900 } });
    const shown = await page.$$eval('#colors-swatches .color-swatch', (nodes) =>
      nodes.map((node) => [
        (node as HTMLElement).dataset.name,
        (node as HTMLElement).dataset.color,
        getComputedStyle(node).backgroundColor,
      ]),
    );
    const scheme = (await (await fetch(`${server.base}/api/wallpapers/${dusk!.id}/colors`)).json()) as {
      background: string;
      foreground: string;
      colors: string[];
    };
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    t.same(
      shown,
      [['background', scheme.background], ['foreground', scheme.foreground], ...scheme.colors.map((c, i) => [`color${i}`, c])].map(
        ([name, color]) => [name, color, rgb(color!)],
      ),
      'background, foreground and the 16 colours, painted in their colours',
    );
    const buttons = await page.$$eval('#colors-copy button', (nodes) => nodes.map((node) => node.textContent));
    t.same(buttons, ['json', 'pywal', 'base16', 'material', 'css', 'xresources', 'kitty', 'alacritty', 'foot', 'ghostty']);
    for (const format of ['kitty', 'base16']) {
      await page.click(`#colors-copy button[data-format="${format}"]`);
      await page.waitForSelector(`.toast >> text=${format} colours copied.`);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const served = await (await fetch(`${server.base}/api/wallpapers/${dusk!.id}/colors?as=${format}`)).text();
      t.equal(copied, served, `${format}: the clipboard holds the served text`);
    }
    t.same(problems, [], 'no page errors');
    await context.close();
  });

  t.test('on a phone: the swatches fit, the copy buttons are touch-sized, and a tap copies', async (t) => {
    const { context, page, problems } = await openColours({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.locator('#colors-copy').scrollIntoViewIfNeeded();
    const boxes = (selector: string) =>
      page.$$eval(selector, (nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height };
        }),
      );
    const panel = (await boxes('#viewer-colors'))[0]!;
    const swatches = await boxes('#colors-swatches .color-swatch');
    t.equal(swatches.length, 18, 'background, foreground and 16 colours');
    for (const [i, box] of swatches.entries()) {
      t.ok(box.width >= 16 && box.height >= 16, `swatch ${i} is visible (${box.width}x${box.height})`);
      t.ok(
        box.left >= panel.left && box.right <= panel.right && box.right <= 390,
        `swatch ${i} stays inside the panel (${box.left}-${box.right})`,
      );
    }
    const buttons = await boxes('#colors-copy button');
    t.equal(buttons.length, 10, 'a button per format');
    for (const [i, box] of buttons.entries()) {
      t.ok(box.width >= TOUCH_PX && box.height >= TOUCH_PX, `button ${i} is a touch target (${box.width}x${box.height} >= ${TOUCH_PX})`);
      t.ok(box.left >= panel.left && box.right <= panel.right, `button ${i} stays inside the panel`);
      for (const other of buttons.slice(i + 1)) {
        const overlap = box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
        t.notOk(overlap, `button ${i} overlaps no other`);
      }
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    t.ok(width <= 390, `the page does not scroll sideways (${width})`);
    await page.tap('#colors-copy button[data-format="alacritty"]');
    await page.waitForSelector('.toast >> text=alacritty colours copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const served = await (await fetch(`${server.base}/api/wallpapers/${dusk!.id}/colors?as=alacritty`)).text();
    t.equal(copied, served, 'a tap copied the served alacritty text');
    t.same(problems, [], 'no page errors');
    await context.close();
  });
}
