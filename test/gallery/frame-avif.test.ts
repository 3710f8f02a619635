// A 4K frame that asks for AVIF: a 1920x1080 screen at 2x asks for 3840x2160 device
// pixels with as=avif, and gets a wallpaper of exactly that size on screen (a grid AVIF the browser
// composes), where it once got a picture shrunk to 1920x1200's pixels; no error, no blank screen.
import { join } from 'node:path';
import t from 'tap';
import {
  PALETTES,
  type Palette,
  haveChromium,
  launchBrowser,
  startServer,
  tempDir,
  waitForTotal,
  watchProblems,
  writeLandscape,
} from './harness.js';
import { frameState, openFrame, untilChanges } from './frame-harness.js';

if (haveChromium(t)) {
  const library = join(tempDir(t), 'Wallpapers');
  await writeLandscape(join(library, 'dunes-4k.jpg'), 3840, 2160, PALETTES[0] as Palette, 7);
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 1);

  t.test('as=avif on a 4K screen: 3840x2160 on screen, as asked', async (t) => {
    const tv = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 };
    const frame = await openFrame(browser, server.base, 'as=avif&client=tv&transition=none', tv, false);
    const problems = watchProblems(frame.page);
    // The first render of a 4K AVIF takes seconds on a loaded machine: the frame asks again until then.
    await untilChanges(frame.page, 1, 120_000);
    const state = await frameState(frame.page);
    t.match(state.urls[0], /^\/api\/wallpapers\/[0-9a-f]{16}\/image\?w=3840&h=2160&fit=cover&crop=attention&as=avif$/);
    const natural = await frame.page.$eval('.slide.front img', (img) => [
      (img as HTMLImageElement).naturalWidth,
      (img as HTMLImageElement).naturalHeight,
    ]);
    t.same(natural, [3840, 2160], 'the device pixels, not a smaller picture');
    t.same(problems, [], 'no page errors');
    await frame.close();
  });
}
