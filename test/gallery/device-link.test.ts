// The viewer's device links in a real browser: "Download for this screen" is the
// wallpaper at the screen's size in device pixels (a phone-sized page with devicePixelRatio 3), and
// "Link for a device" builds the one random-image URL a device should use, which serves an image of
// that size for real.
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeSolid(join(library, 'tall.jpg'), 1500, 3200, '#203040');
  await writeSolid(join(library, 'wide.jpg'), 4000, 2250, '#e0d0b0');
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 2);
  const [tall] = (await apiAll(server.base)).filter((w) => w.filename === 'tall.jpg');

  t.test('Download for this screen: the wallpaper at this screen size in device pixels', async (t) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      screen: { width: 390, height: 844 },
      deviceScaleFactor: 3,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/#view=${tall!.id}`);
    await page.waitForSelector('#viewer[open]');
    const href = await page.getAttribute('#viewer-screen', 'href');
    t.equal(href, `${tall!.url}?w=1170&h=2532`, '390 x 844 CSS pixels x 3');
    const bytes = Buffer.from(await (await fetch(`${server.base}${href}`)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    t.same([meta.width, meta.height], [1170, 2532], 'and it serves exactly that');
    t.same(problems, [], 'no page errors');
    await context.close();
  });

  t.test('Link for a device: presets, brightness, a name and a format make the one URL', async (t) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/#view=${tall!.id}`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#device-link summary');
    await page.selectOption('#device-preset', 'phone');
    await page.selectOption('#device-brightness', 'dark');
    await page.fill('#device-client', 'kitchen display');
    await page.selectOption('#device-format', 'webp');
    const url = await page.inputValue('#device-url');
    t.equal(url, `${server.base}/api/wallpapers/random/image?w=1170&h=2532&brightness=dark&as=webp&client=kitchen-display`);
    const reply = await fetch(url);
    t.equal(reply.headers.get('content-type'), 'image/webp');
    const meta = await sharp(Buffer.from(await reply.arrayBuffer())).metadata();
    t.same([meta.width, meta.height], [1170, 2532], 'the dark portrait, at the phone size');
    await page.selectOption('#device-preset', '4k');
    t.match(await page.inputValue('#device-url'), '?w=3840&h=2160&', 'another preset');
    await page.click('#device-copy');
    await page.waitForSelector('.toast >> text=Link copied');
    t.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#device-url'), 'copied');
    t.same(problems, [], 'no page errors');
    await context.close();
  });
}
