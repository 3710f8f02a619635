// The wallpaper frame in a real browser (docs/design.md#the-frame): each wallpaper asked for at the
// screen's size in device pixels (a desktop, a phone at 3x, a tablet at 2x) as an immutable {id}
// URL, no repeat over a cycle of the screen's client, no blank frame during a fade, the keys and
// taps, split, a turned tablet and fit=contain. The clock, dark hours, brightness=auto and an
// invalid parameter are test/gallery/frame-options.test.ts: in one file, the suite's load brought it
// to tap's 180 s timeout (a fresh-clone run, 177.8 s and then SIGALRM with every case passed).
// How it waits: each change is awaited by the frame's own state (frame-harness.ts), never a pause.
import sharp from 'sharp';
import t from 'tap';
import { apiAll, haveChromium, watchProblems } from './harness.js';
import { FIXTURES, SCREENS, frameSetup, frameState, next, openFrame, untilChanges } from './frame-harness.js';

if (haveChromium(t)) {
  const { browser, server } = await frameSetup(t);
  const records = new Map((await apiAll(server.base)).map((w) => [w.id, w]));

  const sizes: [string, string][] = [
    ['desktop', 'w=1920&h=1080'],
    ['phone', 'w=1170&h=2532'],
    ['tablet', 'w=1640&h=2360'],
  ];
  for (const [screen, size] of sizes) {
    t.test(`${screen}: every wallpaper at ${size}, an {id} URL, no repeat over a cycle`, async (t) => {
      const frame = await openFrame(browser, server.base, `client=cycle-${screen}&transition=none`, SCREENS[screen]);
      const problems = watchProblems(frame.page);
      const seen = [(await frameState(frame.page)).ids[0]!];
      for (let i = 1; i < FIXTURES.length; i += 1) {
        t.ok(await next(frame.page), `change ${i}`);
        seen.push((await frameState(frame.page)).ids[0]!);
      }
      t.equal(new Set(seen).size, FIXTURES.length, `${FIXTURES.length} changes, ${FIXTURES.length} different wallpapers`);
      const picks = frame.requests.filter((url) => url.startsWith('/api/wallpapers/random?'));
      t.ok(picks.length >= FIXTURES.length, 'one pick per change');
      for (const url of picks) t.match(url, `${size}&fit=cover&crop=attention&client=cycle-${screen}`, 'asked for this screen');
      const state = await frameState(frame.page);
      t.match(state.urls[0], new RegExp(`^/api/wallpapers/[0-9a-f]{16}/image\\?${size}&fit=cover&crop=attention&as=jpeg$`));
      // The server never upscales (no enlarge=1): a smaller source comes cropped to the screen's shape.
      const [w, h] = size.split('&').map((part) => Number(part.split('=')[1])) as [number, number];
      const natural = await frame.page.$eval('.slide.front img', (img) => [
        (img as HTMLImageElement).naturalWidth,
        (img as HTMLImageElement).naturalHeight,
      ]);
      t.ok(natural[0]! <= w && natural[1]! <= h, `at most the device pixels: ${natural.join(' x ')}`);
      t.ok(Math.abs(natural[0]! / natural[1]! - w / h) < 0.01, "the screen's shape");
      t.same(problems, [], 'no page errors');
      await frame.close();
    });
  }

  t.test('a fade never shows a blank or black frame', async (t) => {
    const frame = await openFrame(browser, server.base, 'brightness=light&client=fade&interval=5');
    const shots: number[] = [];
    const changing = next(frame.page);
    for (let i = 0; i < 8; i += 1) {
      const stats = await sharp(await frame.page.screenshot()).stats();
      shots.push(Math.min(...stats.channels.slice(0, 3).map((channel) => channel.mean)));
      await frame.page.waitForTimeout(100);
    }
    await changing;
    t.ok(
      shots.every((mean) => mean > 150),
      `every screenshot of the fade is light wallpaper: ${shots.map((m) => m.toFixed(0)).join(' ')}`,
    );
    await frame.close();
  });

  t.test('keys and taps: next, previous, pause, info', async (t) => {
    const frame = await openFrame(browser, server.base, 'client=keys&transition=none&info=1', SCREENS.tablet);
    const { page } = frame;
    const first = await frameState(page);
    await page.keyboard.press('ArrowRight');
    const second = await untilChanges(page, 2);
    t.not(second.ids[0], first.ids[0], 'Right arrow: the next one');
    t.equal(await page.textContent('#frame-title'), records.get(second.ids[0]!)?.title, 'the info names it by its title');
    await page.keyboard.press('ArrowLeft');
    t.same((await untilChanges(page, 3)).ids, first.ids, 'Left arrow: the previous one again');
    t.ok(frame.requests.filter((url) => url === first.urls[0]).length <= 1, 'the previous one is not asked for again');
    await page.mouse.click(700, 500);
    t.same((await untilChanges(page, 4)).ids, second.ids, 'a tap on the right half: next');
    await page.mouse.click(100, 500);
    t.same((await untilChanges(page, 5)).ids, first.ids, 'a tap on the left half: previous');
    await page.keyboard.press(' ');
    t.ok((await frameState(page)).paused, 'Space pauses');
    t.ok(await page.isVisible('#frame-paused'), 'and says so');
    await page.keyboard.press(' ');
    t.notOk((await frameState(page)).paused, 'Space resumes');
    t.ok(await page.isVisible('#frame-info'), 'info=1 shows the info');
    await page.keyboard.press('i');
    t.notOk(await page.isVisible('#frame-info'), 'i hides it');
    await page.keyboard.press('i');
    t.ok(await page.isVisible('#frame-info'), 'and shows it again');
    await frame.close();
  });

  t.test('split=1: two portrait wallpapers side by side on a landscape screen, each at its half', async (t) => {
    const frame = await openFrame(browser, server.base, 'split=1&client=split');
    const state = await frameState(frame.page);
    t.equal(state.ids.length, 2);
    for (const id of state.ids) t.equal(records.get(id)?.orientation, 'portrait');
    for (const url of state.urls) t.match(url, '?w=960&h=1080&');
    const boxes = await frame.page.$$eval('.slide.front img:not([hidden])', (imgs) => imgs.map((img) => img.getBoundingClientRect().width));
    t.same(boxes, [960, 960]);
    t.ok(frame.requests.some((url) => url.includes('orientation=portrait')));
    await frame.close();
    const portrait = await openFrame(browser, server.base, 'split=1&client=split-phone', SCREENS.phone);
    t.equal((await frameState(portrait.page)).ids.length, 1, 'a portrait screen shows one');
    await portrait.close();
  });

  t.test('a tablet turned: the next wallpaper at once, at the new shape', async (t) => {
    const frame = await openFrame(browser, server.base, 'client=turn&transition=none', SCREENS.tablet);
    await frame.page.setViewportSize({ width: 1180, height: 820 });
    const state = await untilChanges(frame.page, 2);
    t.match(state.urls[0], '?w=2360&h=1640&');
    await frame.close();
  });

  t.test('fit=contain: letterboxed, no crop asked', async (t) => {
    const frame = await openFrame(browser, server.base, 'fit=contain&client=contain', SCREENS.phone);
    const state = await frameState(frame.page);
    t.match(state.urls[0], /\?w=1170&h=2532&fit=inside&as=jpeg$/, 'the picture alone: the browser letterboxes it over the fill');
    t.equal(await frame.page.$eval('.slide.front img', (img) => getComputedStyle(img).objectFit), 'contain');
    await frame.close();
  });
}
