// The frame's options in a real browser (docs/design.md#the-frame): the clock (24 and 12 hours), dark
// hours (only dark wallpapers and the page dimmed within them, neither outside), brightness=auto
// following the browser's colour scheme, and an invalid parameter as one visible line naming it.
// Split from test/gallery/frame.test.ts, which came to tap's 180 s timeout at the suite's load.
// How it waits: each change and each message is awaited by the page's own state
// (frame-harness.ts, waitForSelector), never a pause.
import t from 'tap';
import { apiAll, haveChromium } from './harness.js';
import { frameSetup, SCREENS, frameState, next, openFrame } from './frame-harness.js';

if (haveChromium(t)) {
  const { browser, server } = await frameSetup(t);
  const records = new Map((await apiAll(server.base)).map((w) => [w.id, w]));
  const brightnessOf = (id: string) => records.get(id)?.brightness;

  t.test('clock=24 and clock=12', async (t) => {
    const frame = await openFrame(browser, server.base, 'clock=24&client=clock');
    t.match(await frame.page.textContent('#frame-clock'), /^\d{2}:\d{2}$/);
    await frame.close();
    const twelve = await openFrame(browser, server.base, 'clock=12&client=clock');
    t.match(await twelve.page.textContent('#frame-clock'), /^\d{1,2}:\d{2} (AM|PM)$/);
    await twelve.close();
  });

  t.test('dark hours: only dark wallpapers and the page dims, outside them neither', async (t) => {
    const hour = (offset: number) => `${String((new Date().getHours() + 24 + offset) % 24).padStart(2, '0')}:00`;
    const frame = await openFrame(browser, server.base, `dark=${hour(-1)}-${hour(2)}&client=dark&transition=none`);
    for (let i = 0; i < 3; i += 1) {
      t.equal(brightnessOf((await frameState(frame.page)).ids[0]!), 'dark');
      await next(frame.page);
    }
    t.ok(await frame.page.isVisible('#frame-dim'), 'dimmed');
    await frame.close();
    const day = await openFrame(browser, server.base, `dark=${hour(3)}-${hour(5)}&client=day`);
    t.notOk(await day.page.isVisible('#frame-dim'), 'not dimmed outside the hours');
    t.notOk(day.requests.some((url) => url.includes('brightness=dark')));
    await day.close();
  });

  t.test('brightness=auto follows the browser colour scheme', async (t) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const frame = await openFrame(browser, server.base, `brightness=auto&client=auto-${colorScheme}&transition=none`, {
        ...SCREENS.desktop,
        colorScheme,
      });
      for (let i = 0; i < 2; i += 1) {
        t.equal(brightnessOf((await frameState(frame.page)).ids[0]!), colorScheme, `${colorScheme} scheme`);
        await next(frame.page);
      }
      await frame.close();
    }
  });

  t.test('an invalid parameter is one visible line naming it', async (t) => {
    const cases: [string, RegExp][] = [
      ['brightness=purple', /^invalid brightness "purple": expected /],
      ['orientation=diagonal', /^invalid orientation "diagonal": expected /],
      ['interval=2', /^invalid interval "2": expected a whole number of seconds from 5 to 86400$/],
      ['clock=13', /^invalid clock "13": expected 12 or 24$/],
      ['dark=25:00-07:00', /^invalid dark "25:00-07:00": expected /],
    ];
    for (const [query, expected] of cases) {
      const frame = await openFrame(browser, server.base, query, SCREENS.desktop, false);
      await frame.page.waitForSelector('#frame-message:not([hidden])');
      const text = (await frame.page.textContent('#frame-message')) ?? '';
      t.match(text, expected, query);
      t.notOk(text.includes('\n'), 'one line');
      await frame.close();
    }
  });
}
