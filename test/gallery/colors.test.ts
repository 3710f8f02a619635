// The viewer's colours in a real Chromium: opening "Colours for your terminal" shows the scheme's
// background, foreground and 16 colours as swatches (the colours of GET .../colors), and each
// format's button copies that format's text (read back from the clipboard).
import { join } from 'node:path';
import t from 'tap';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeSolid(join(library, 'dusk.png'), 640, 360, '#302040', 'png');
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 1);
  const [dusk] = await apiAll(server.base);

  t.test('swatches of the scheme and a copy button per format', async (t) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/#view=${dusk!.id}`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#viewer-colors summary');
    await page.waitForSelector('#colors-swatches .color-swatch');
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
}
