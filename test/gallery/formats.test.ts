// JPEG XL and HEIC in Chromium, which decodes neither (docs/design.md#every-format): the upload picker
// offers every format the server indexes and a .jxl and a .heic chosen with it are uploaded; the
// grid's thumbnails, the viewer's full image and the frame show them, each in its own colour, the
// viewer through a JPEG variant (the file's own bytes would be a broken image here).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import t from 'tap';
import { INDEXED_EXTENSIONS } from '../../src/core/formats/table.js';
import { heifEnc, requireEncoders } from '../helpers/formats.js';
import { execFileSync } from 'node:child_process';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems } from './harness.js';
import { frameState, openFrame } from './frame-harness.js';

type Rgb = [number, number, number];
const COLOURS: Record<string, Rgb> = {
  'red.jxl': [208, 48, 32],
  'blue.heic': [32, 64, 192],
  'green.jxl': [32, 160, 64],
  'yellow.heic': [224, 192, 32],
};

/** A solid picture of `name`'s colour, made by Debian's encoder of its format (lossless). */
async function write(dir: string, name: string, scratch: string): Promise<string> {
  const [r, g, b] = COLOURS[name]!;
  const png = join(scratch, `${name}.png`);
  writeFileSync(
    png,
    await sharp({ create: { width: 640, height: 400, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer(),
  );
  const out = join(dir, name);
  if (name.endsWith('.jxl')) execFileSync('cjxl', [png, out, '-d', '0', '--quiet'], { stdio: 'pipe' });
  else heifEnc([png], out);
  return out;
}

/** The colour at the middle of a loaded <img>, read back through a canvas (same origin). */
const middleColour = (page: Page, selector: string): Promise<Rgb> =>
  page.$eval(selector, (img) => {
    const image = img as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, image.naturalWidth / 2, image.naturalHeight / 2, 1, 1, 0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as Rgb;
  });

const near = (a: Rgb, b: Rgb) => a.every((value, i) => Math.abs(value - b[i]!) <= 8);

if (haveChromium(t) && requireEncoders(t)) {
  const root = tempDir(t);
  const library = join(root, 'library');
  const files = join(root, 'files');
  const scratch = join(root, 'scratch');
  for (const dir of [library, files, scratch]) mkdirSync(dir, { recursive: true });
  await write(library, 'red.jxl', scratch);
  await write(library, 'blue.heic', scratch);
  const uploads = [await write(files, 'green.jxl', scratch), await write(files, 'yellow.heic', scratch)];
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 2);
  const browser = await launchBrowser(t);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url().slice(server.base.length)));

  t.test('the picker offers every indexed format; a .jxl and a .heic chosen with it are uploaded', async (t) => {
    await page.goto(`${server.base}/`);
    await page.waitForSelector('#grid a.card');
    const accept = (await page.getAttribute('#upload-input', 'accept')) ?? '';
    const offered = accept.split(',');
    for (const ext of INDEXED_EXTENSIONS) t.ok(offered.includes(`.${ext}`), `.${ext} is offered`);
    for (const type of ['image/jxl', 'image/heic', 'image/heif', 'image/avif', 'image/svg+xml', 'image/tiff', 'image/bmp', 'image/gif'])
      t.ok(offered.includes(type), `${type} is offered`);

    const chooser = page.waitForEvent('filechooser');
    await page.evaluate(() => (document.getElementById('upload-input') as HTMLInputElement).click());
    await (await chooser).setFiles(uploads);
    await page.waitForFunction(() => document.querySelectorAll('#uploads-list .upload.succeeded').length === 2, undefined, {
      timeout: 60_000,
    });
    t.equal(await page.locator('#uploads-list .upload.failed').count(), 0, 'no upload refused');
    const types = (await apiAll(server.base)).map((w) => `${w.filename} ${w.content_type}`).sort();
    t.same(types, ['blue.heic image/heic', 'green.jxl image/jxl', 'red.jxl image/jxl', 'yellow.heic image/heic']);
  });

  t.test('the grid shows a thumbnail of each, in its colour', async (t) => {
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card img.loaded').length === 4, undefined, { timeout: 60_000 });
    for (const w of await apiAll(server.base)) {
      const img = `#grid a.card[data-id="${w.id}"] img`;
      t.ok(await page.$eval(img, (el) => (el as HTMLImageElement).naturalWidth > 0), `${w.filename}: thumbnail decoded`);
      const colour = await middleColour(page, img);
      t.ok(near(colour, COLOURS[w.filename]!), `${w.filename}: thumbnail is ${COLOURS[w.filename]}, got ${colour}`);
    }
  });

  t.test("the viewer shows each through a variant, not the file's own bytes", async (t) => {
    for (const w of await apiAll(server.base)) {
      await page.click(`#grid a.card[data-id="${w.id}"]`);
      await page.waitForFunction(
        (url) => {
          const image = document.getElementById('viewer-image') as HTMLImageElement;
          return image.getAttribute('src')?.startsWith(url) && image.complete && image.naturalWidth > 0;
        },
        w.url,
        { timeout: 60_000 },
      );
      const src = (await page.getAttribute('#viewer-image', 'src')) ?? '';
      t.equal(src, `${w.url}?w=640&h=400&fit=inside&as=jpeg`, `${w.filename}: a JPEG variant of its full size`);
      const colour = await middleColour(page, '#viewer-image');
      t.ok(near(colour, COLOURS[w.filename]!), `${w.filename}: the viewer shows ${COLOURS[w.filename]}, got ${colour}`);
      await page.keyboard.press('Escape');
    }
    t.notOk(
      requests.some((url) => /\/image$/.test(url)),
      'no request for raw JPEG XL or HEIC bytes',
    );
    t.same(problems, [], 'no page errors');
  });

  t.test('the frame shows a JPEG XL and a HEIC', async (t) => {
    for (const format of ['jxl', 'heic']) {
      const frame = await openFrame(browser, server.base, `format=${format}&transition=none`, undefined, false);
      await frame.page.waitForFunction(
        () => {
          const img = document.querySelector('.slide.front img') as HTMLImageElement | null;
          return Boolean(img?.complete) && (img?.naturalWidth ?? 0) > 0;
        },
        undefined,
        { timeout: 60_000 },
      );
      const state = await frameState(frame.page);
      t.match(state.urls[0], /\?w=1920&h=1080&fit=cover&crop=attention&as=jpeg$/, `${format}: a JPEG variant of the screen's size`);
      const shown = (await apiAll(server.base)).find((w) => w.id === state.ids[0])!;
      t.match(shown.filename, new RegExp(`\\.${format}$`), `${format}: the filter picked one`);
      const colour = await middleColour(frame.page, '.slide.front img');
      t.ok(near(colour, COLOURS[shown.filename]!), `${format}: the frame shows ${COLOURS[shown.filename]}, got ${colour}`);
      await frame.close();
    }
  });
}
