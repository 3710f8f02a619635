// The frame's layouts and motion in a real Chromium (docs/frame.md#layouts-and-motion): on a library
// of portraits only, a landscape 1920x1080 frame with layout=pair shows two side by side, each in its
// half and asked for at its half's size, the second of the closest palette and none twice in a walk;
// fill=blur puts a darkened copy (not black, not the picture's own colour) where fit=contain leaves
// room; motion=pan moves the picture's transform over time by a CSS animation, no script; shift=on
// moves the whole frame, clock included, every few minutes (Playwright's fake clock); and bad values
// are the frame's one visible line. Nothing is timed: each wait is for a state in the page, with
// generous limits.
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import t from 'tap';
import { SCREENS, frameState, next, untilChanges } from './frame-harness.js';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

/** Portraits only: two reds and two blues, so "closest palette" has one right answer. */
const PORTRAITS: [string, string][] = [
  ['red-1.jpg', '#e04020'],
  ['red-2.jpg', '#d03828'],
  ['blue-1.jpg', '#2050e0'],
  ['blue-2.jpg', '#2858d0'],
];
/** How often shift=on moves the frame (gallery/js/frame-looks.js SHIFT_MS). */
const SHIFT_MS = 3 * 60 * 1000;

async function open(
  browser: Browser,
  base: string,
  query: string,
  prepare?: (context: Awaited<ReturnType<Browser['newContext']>>) => Promise<unknown>,
  options: BrowserContextOptions = SCREENS.desktop!,
) {
  const context = await browser.newContext(options);
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${base}/frame?${query}`);
  await untilChanges(page, 1, 30_000);
  return { page, problems, close: () => context.close() };
}

/** The boxes of the front slide's visible pictures. */
const pictureBoxes = (page: Page) =>
  page.$$eval('.slide.front img.half:not([hidden])', (images) =>
    images.map((img) => {
      const box = img.getBoundingClientRect();
      return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
    }),
  );

const family = (name: string) => name.split('-')[0];

if (haveChromium(t)) {
  const library = join(tempDir(t), 'Portraits');
  for (const [name, colour] of PORTRAITS) await writeSolid(join(library, name), 900, 1600, colour);
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, PORTRAITS.length);

  t.test('layout=pair on a landscape screen: two portraits side by side, each in its half, the closest palette, none twice', async (t) => {
    const frame = await open(browser, server.base, 'layout=pair&fit=contain&fill=blur&transition=none&interval=3600&client=pair');
    t.teardown(frame.close);
    const names: string[] = [];
    for (let change = 0; change < 2; change += 1) {
      if (change > 0) t.ok(await next(frame.page), 'the next pair');
      const state = await frameState(frame.page);
      t.equal(state.ids.length, 2, `change ${change + 1}: two pictures`);
      for (const url of state.urls)
        t.match(url, /\?w=960&h=1080&fit=inside&as=jpeg$/, 'each asked for at its half (960x1080), alone (the browser letterboxes it)');
      const pair = await frame.page.$$eval('.slide.front img.half:not([hidden])', (images) =>
        images.map((img) => img.getAttribute('alt') ?? ''),
      );
      t.equal(family(pair[0]!), family(pair[1]!), `change ${change + 1}: ${pair.join(' + ')}, the second of the closest palette`);
      names.push(...pair);
      const boxes = await pictureBoxes(frame.page);
      const halves = [
        { left: 0, top: 0, right: 960, bottom: 1080 },
        { left: 960, top: 0, right: 1920, bottom: 1080 },
      ];
      boxes.forEach((box, i) => {
        const off = Math.max(...(['left', 'top', 'right', 'bottom'] as const).map((side) => Math.abs(box[side] - halves[i]![side])));
        t.ok(off <= 2, `picture ${i + 1} fills its half within 2 px (off by ${off})`);
      });
    }
    t.equal(new Set(names).size, 4, `two changes, four different portraits: ${names.join(', ')}`);

    // fill=blur: the columns at the screen's edges (outside the contained portraits) are the fill.
    const shot = await sharp(await frame.page.screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colours = new Map(
      PORTRAITS.map(([name, colour]) => [name, [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))]),
    );
    const shown = await frame.page.$$eval('.slide.front img.half:not([hidden])', (images) =>
      images.map((img) => img.getAttribute('alt') ?? ''),
    );
    for (const [x, name] of [
      [0, shown[0]!],
      [shot.info.width - 1, shown[1]!],
    ] as const) {
      for (let y = 100; y < 1080; y += 200) {
        const at = (y * shot.info.width + x) * 3;
        const pixel = [shot.data[at]!, shot.data[at + 1]!, shot.data[at + 2]!];
        const own = colours.get(name)!;
        t.ok(Math.max(...pixel) > 40, `column ${x}, row ${y}: not black (${pixel})`);
        t.ok(
          Math.max(...pixel.map((v, c) => Math.abs(v - own[c]!))) > 40,
          `column ${x}, row ${y}: not ${name}'s own pixels (${pixel} vs ${own})`,
        );
      }
    }
    const black = await open(browser, server.base, 'layout=pair&fit=contain&fill=black&transition=none&interval=3600&client=pair-black');
    t.teardown(black.close);
    const dark = await sharp(await black.page.screenshot({ clip: { x: 0, y: 0, width: 4, height: 1080 } }))
      .removeAlpha()
      .stats();
    t.ok(
      dark.channels.every((c) => c.max < 16),
      'fill=black: the same columns are black (the check can fail)',
    );
    const phone = await open(browser, server.base, 'layout=pair&transition=none&interval=3600&client=pair-phone', undefined, SCREENS.phone);
    t.teardown(phone.close);
    t.equal((await frameState(phone.page)).ids.length, 1, 'a portrait screen: a portrait fits it, shown alone');
    t.same([...frame.problems, ...black.problems, ...phone.problems], []);
  });

  t.test('motion=pan: the picture transform changes over time, moved by a CSS animation, not by script', async (t) => {
    const frame = await open(browser, server.base, 'motion=pan&transition=none&interval=60&client=pan');
    t.teardown(frame.close);
    const transform = () => frame.page.$eval('.slide.front', (slide) => getComputedStyle(slide).transform);
    const first = await transform();
    await frame.page.waitForFunction((before) => getComputedStyle(document.querySelector('.slide.front')!).transform !== before, first, {
      timeout: 60_000,
      polling: 100,
    });
    const second = await transform();
    await frame.page.waitForFunction((before) => getComputedStyle(document.querySelector('.slide.front')!).transform !== before, second, {
      timeout: 60_000,
      polling: 100,
    });
    t.not(await transform(), first, `the transform moves (${first} -> ${second} -> ...)`);
    t.match(second, /^matrix\(/, 'a transform, not none');
    const animations = await frame.page.$eval('.slide.front', (slide) => getComputedStyle(slide).animationName);
    t.equal(animations, 'frame-pan', 'a CSS animation does it');
    // No script moves it (a count, not a time: a long-task check measured the loaded machine): the
    // slide's own style has no transform, and the running animation is the stylesheet's.
    const moved = await frame.page.$eval('.slide.front', (slide) => ({
      inline: (slide as HTMLElement).style.transform,
      animations: slide.getAnimations().map((a) => `${a.constructor.name} ${(a as CSSAnimation).animationName} ${a.playState}`),
    }));
    t.same(moved, { inline: '', animations: ['CSSAnimation frame-pan running'] }, 'the pan is the CSS animation alone');
    const still = await open(browser, server.base, 'transition=none&interval=60&client=still');
    t.teardown(still.close);
    t.equal(await still.page.$eval('.slide.front', (slide) => getComputedStyle(slide).transform), 'none', 'motion=none (default): still');
  });

  for (const shift of ['on', 'off']) {
    t.test(`shift=${shift}: the whole frame, clock included, ${shift === 'on' ? 'moves' : 'stays'} every few minutes`, async (t) => {
      const frame = await open(
        browser,
        server.base,
        `shift=${shift}&clock=24&transition=none&interval=3600&client=shift-${shift}`,
        (context) => context.clock.install({ time: new Date('2026-12-02T10:00:00') }),
      );
      t.teardown(frame.close);
      const where = () =>
        frame.page.evaluate(() => {
          document.body.style.transition = 'none';
          const stage = document.getElementById('stage')!.getBoundingClientRect();
          const clock = document.getElementById('frame-clock')!;
          clock.style.transition = 'none';
          clock.style.transform = 'none'; // the clock's own drift aside: what moves it is the frame's shift
          const box = clock.getBoundingClientRect();
          return { stage: [stage.left, stage.top], clock: [box.left, box.top] };
        });
      const before = await where();
      await frame.page.clock.runFor(SHIFT_MS);
      const after = await where();
      if (shift === 'on') {
        t.not(after.stage.join(), before.stage.join(), `the stage moved: ${before.stage} -> ${after.stage}`);
        t.same(
          [after.clock[0]! - before.clock[0]!, after.clock[1]! - before.clock[1]!],
          [after.stage[0]! - before.stage[0]!, after.stage[1]! - before.stage[1]!],
          'the clock with it',
        );
        t.ok(Math.max(...after.stage.map(Math.abs)) <= 8, 'by a few pixels');
      } else {
        t.same(after, before, 'nothing moved');
      }
      t.same(frame.problems, []);
    });
  }

  t.test('the device link offers pairs, the fill, motion and the shift, and the frame it builds takes them', async (t) => {
    const [w] = await apiAll(server.base);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.base}/#view=${w!.id}`);
    await page.waitForSelector('#viewer[open]');
    await page.click('#device-link summary');
    await page.selectOption('#device-layout', 'pair');
    await page.selectOption('#device-fill', 'color');
    await page.selectOption('#device-motion', 'pan');
    await page.check('#device-shift');
    await page.fill('#device-client', 'hall');
    const url = await page.inputValue('#device-frame-url');
    t.match(url, /\/frame\?interval=\d+&layout=pair&fit=contain&fill=color&motion=pan&shift=on&client=hall$/);
    const frame = await open(browser, server.base, new URL(url).search.slice(1));
    t.teardown(frame.close);
    t.equal((await frameState(frame.page)).ids.length, 2, 'the link shows portraits in pairs on a landscape screen');
    t.same([...problems, ...frame.problems], []);
  });

  t.test('bad values: one line naming the parameter and what it accepts', async (t) => {
    const cases: [string, RegExp][] = [
      ['layout=triple', /^invalid layout "triple": expected single or pair$/],
      ['fill=white', /^invalid fill "white": expected blur, color or black$/],
      ['motion=zoom', /^invalid motion "zoom": expected none or pan$/],
      ['shift=1', /^invalid shift "1": expected on \(move the whole frame a few pixels every few minutes\) or off$/],
    ];
    for (const [query, message] of cases) {
      const context = await browser.newContext(SCREENS.desktop);
      const page = await context.newPage();
      await page.goto(`${server.base}/frame?${query}`);
      await page.waitForSelector('#frame-message:not([hidden])');
      t.match((await page.textContent('#frame-message'))?.trim(), message, query);
      await context.close();
    }
  });
}
