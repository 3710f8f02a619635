// motion=pan aims at each picture's point of interest, and layout=pair stacks landscapes on a
// portrait screen, in a real Chromium (docs/frame.md#layouts-and-motion). A picture made here, a
// flat grey field with one detailed, high-contrast patch in its top-right corner, has its point of
// interest there (GET /api/wallpapers/{id}/focus); the frame's zoom is anchored on it, so at the
// end of the interval the view has moved toward that corner, with no long task on the main thread.
// A portrait 1080x1920 frame of landscapes with layout=pair shows two stacked, each filling its half,
// and fill=blur's edges are neither black nor the pictures' own colour.
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import sharp from 'sharp';
import t from 'tap';
import { SCREENS, frameState, untilChanges } from './frame-harness.js';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

const GREY = 138;
/** Landscapes of one colour each (1600x900), and the detailed one (1920x1080, told apart by min_width). */
const SOLIDS: [string, string][] = [
  ['red.jpg', '#e04020'],
  ['blue.jpg', '#2050e0'],
];

/** A flat grey 1920x1080 field with a 320x260 patch of small black, white, red and yellow squares
 * near its top-right corner. */
async function writeDetailed(path: string): Promise<void> {
  const [w, h] = [1920, 1080];
  const data = Buffer.alloc(w * h * 3, GREY);
  const inks = [
    [0, 0, 0],
    [255, 255, 255],
    [230, 20, 20],
    [250, 220, 0],
  ];
  for (let y = 60; y < 320; y++)
    for (let x = 1560; x < 1880; x++) {
      const ink = inks[(Math.floor(x / 8) + 2 * Math.floor(y / 8)) % 4]!;
      data.set(ink, (y * w + x) * 3);
    }
  await sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toFile(path);
}

if (haveChromium(t)) {
  const library = join(tempDir(t), 'Landscapes');
  for (const [name, colour] of SOLIDS) await writeSolid(join(library, name), 1600, 900, colour);
  await writeDetailed(join(library, 'detailed.png'));
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, SOLIDS.length + 1);
  const detailed = (await apiAll(server.base)).find((w) => w.filename === 'detailed.png')!;

  const open = async (query: string, options: BrowserContextOptions = SCREENS.desktop!) => {
    const context = await browser.newContext(options);
    await context.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.startTime);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/frame?${query}`);
    await untilChanges(page, 1, 30_000);
    return { page, problems, close: () => context.close() };
  };

  t.test('the point of interest: near the detailed corner, the same every time, 304 with its ETag', async (t) => {
    const response = await fetch(`${server.base}/api/wallpapers/${detailed.id}/focus`);
    t.equal(response.status, 200);
    const point = (await response.json()) as { id: string; x: number; y: number };
    t.equal(point.id, detailed.id);
    t.ok(point.x > 0.7 && point.y < 0.35, `toward the top-right corner: ${point.x}, ${point.y}`);
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${server.base}/api/wallpapers/${detailed.id}/focus`, { headers: { 'If-None-Match': etag } });
    t.equal(again.status, 304, 'unchanged: 304');
    t.equal((await fetch(`${server.base}/api/wallpapers/0000000000000000/focus`)).status, 404, 'an unknown id: 404');
  });

  t.test('motion=pan zooms toward the detailed corner, with no long task on the main thread', async (t) => {
    const frame = await open('motion=pan&transition=none&interval=60&min_width=1920&client=focus');
    t.teardown(frame.close);
    t.same((await frameState(frame.page)).ids, [detailed.id], 'the detailed picture is shown');
    const shownAt = await frame.page.evaluate(() => performance.now());
    // The animation moved to its end (the test's doing: the page runs no script while it zooms).
    const end = await frame.page.evaluate(() => {
      const slide = document.querySelector('.slide.front') as HTMLElement;
      const animations = slide.getAnimations();
      for (const animation of animations) animation.currentTime = (animation.effect!.getComputedTiming().endTime as number) - 1;
      const box = slide.querySelector('img:not([hidden])')!.getBoundingClientRect();
      return {
        animations: animations.map((a) => (a as CSSAnimation).animationName),
        origin: getComputedStyle(slide).transformOrigin,
        beyond: { left: -box.left, right: box.right - innerWidth, top: -box.top, bottom: box.bottom - innerHeight },
      };
    });
    t.same(end.animations, ['frame-pan'], 'a CSS animation does it');
    const [x, y] = end.origin.split(' ').map((v) => Number.parseFloat(v));
    t.ok(x! > 0.7 * 1920 && y! < 0.35 * 1080, `anchored near the corner: ${end.origin}`);
    const { left, right, top, bottom } = end.beyond;
    t.ok(Math.min(left, right, top, bottom) >= 0, `no edge shows: ${JSON.stringify(end.beyond)}`);
    t.ok(left > 3 * right && bottom > 3 * top, `the view moved toward the top-right: beyond the screen ${JSON.stringify(end.beyond)}`);
    const longTasks = await frame.page.evaluate(
      (since) => (window as unknown as { longTasks: number[] }).longTasks.filter((at) => at >= since),
      shownAt,
    );
    t.same(longTasks, [], 'no long task while it pans');
    t.same(frame.problems, []);
  });

  t.test('layout=pair on a portrait 1080x1920 screen: two landscapes stacked, each filling its half, fill=blur edges', async (t) => {
    const portrait = { viewport: { width: 1080, height: 1920 }, deviceScaleFactor: 1 };
    const frame = await open('layout=pair&fit=contain&fill=blur&transition=none&interval=3600&max_width=1600&client=stack', portrait);
    t.teardown(frame.close);
    const state = await frameState(frame.page);
    t.equal(state.ids.length, 2, 'two pictures');
    for (const url of state.urls) t.match(url, /\?w=1080&h=960&fit=inside&as=jpeg$/, 'each asked for at its half (1080x960)');
    const shown = await frame.page.$$eval('.slide.front img.half:not([hidden])', (images) =>
      images.map((img) => {
        const box = img.getBoundingClientRect();
        return { name: img.getAttribute('alt') ?? '', box: [box.left, box.top, box.right, box.bottom] };
      }),
    );
    const halves = [
      [0, 0, 1080, 960],
      [0, 960, 1080, 1920],
    ];
    shown.forEach(({ box }, i) => {
      const off = Math.max(...box.map((v, side) => Math.abs(v - halves[i]![side]!)));
      t.ok(off <= 2, `picture ${i + 1} fills the ${i === 0 ? 'top' : 'bottom'} half within 2 px (off by ${off})`);
    });
    // Each landscape contained in 1080x960 leaves bands above and below it: the fill's.
    const shot = await sharp(await frame.page.screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colours = new Map(SOLIDS.map(([name, colour]) => [name, [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))]));
    for (const [y, name] of [
      [10, shown[0]!.name],
      [1910, shown[1]!.name],
    ] as const) {
      for (let x = 40; x < 1080; x += 250) {
        const at = (y * shot.info.width + x) * 3;
        const pixel = [shot.data[at]!, shot.data[at + 1]!, shot.data[at + 2]!];
        const own = colours.get(name)!;
        t.ok(Math.max(...pixel) > 40, `row ${y}, column ${x}: not black (${pixel})`);
        t.ok(Math.max(...pixel.map((v, c) => Math.abs(v - own[c]!))) > 40, `row ${y}, column ${x}: not ${name}'s own pixels (${pixel})`);
      }
    }
    t.same(frame.problems, []);
  });
}
