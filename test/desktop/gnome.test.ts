// GNOME Shell 43, for real (headless, two virtual monitors: 1920x1080 and 1080x1920 beside it). By
// screenshot: `random --set` reports a light and a dark pick (`light`/`dark` lines; with `--json` an
// array of `{monitor, slot, wallpaper}`), each fitting the primary monitor, and the screen shows each
// in its style; `--span` shows each monitor its own pick; `--appearance auto` picks dark under the
// dark style; `watch` follows a flip; a cron-like run without the session bus fails and changes
// nothing; `POST /api/wallpapers/{id}/set` from a `serve` inside the session puts that wallpaper on
// the screen; the tray registers with the AppIndicator extension, shows the wallpaper in the top bar
// and its menu's Next changes the screen.
// How it waits: every screen check polls screenshots until the expected colours show (a generous
// limit); "nothing changed" is proved by an event: dconf reports a marker key written after the
// action, and no background key before it (test/helpers/desktops/settings-marker.ts).
import { existsSync } from 'node:fs';
import t from 'tap';
import { formatProofCases } from '../helpers/desktops/format-proofs.js';
import { startWallpaperIn, wallpaperIn } from '../helpers/desktops/cli.js';
import { LOCK_READ_BACK, lockScreenCases } from '../helpers/desktops/lock-screen.js';
import { APPINDICATOR, GNOME_MONITORS, setColorScheme, startGnome } from '../helpers/desktops/gnome.js';
import {
  isColour,
  LANDSCAPE_DARK,
  MIXED,
  makeLibrary,
  PORTRAIT_DARK,
  reported,
  screenColours,
  waitForScreen,
} from '../helpers/desktops/screen.js';
import { startOrSkip } from '../helpers/desktops/suite.js';
import { dynamicOnGnome } from '../helpers/desktops/dynamic.js';
import { GNOME_STORE, stockShortcutCases } from '../helpers/desktops/shortcut-proofs.js';
import { changesDuring, DCONF_MARKER } from '../helpers/desktops/settings-marker.js';
import { trayOnHostCases } from '../helpers/desktops/tray-hosts.js';
import { eventually } from '../helpers/serve.js';

const DARK = [...LANDSCAPE_DARK, ...PORTRAIT_DARK];

const desktop = await startOrSkip(t, 'GNOME Shell', startGnome);
if (desktop) {
  const library = await makeLibrary(desktop.dir, MIXED);
  const colourOf = (path: string) => library.fixtureOf(path)?.colour ?? '#000000';
  const everywhere = (colour: string) => GNOME_MONITORS.map(() => colour);
  const landscape = (path: string) => {
    const fixture = library.fixtureOf(path);
    return fixture !== undefined && fixture.width > fixture.height;
  };
  /** Whether every monitor shows one of `colours` (the same one), within `ms`. */
  const showsOneOf = (colours: readonly string[], ms = 8000) =>
    eventually(async () => {
      const seen = await screenColours(desktop, GNOME_MONITORS);
      return colours.some((colour) => seen.every((mean) => isColour(mean, colour)));
    }, ms);

  t.test('random --set: the light and the dark pick are reported, fit the primary monitor, and show in their style', async (t) => {
    await setColorScheme(desktop, 'default');
    const result = await wallpaperIn(desktop, library.home, ['random', '--set']);
    t.equal(result.code, 0, `exit 0 ${result.stderr}`);
    const lines = reported(result.stdout);
    t.same(
      lines.map(([slot]) => slot),
      ['light', 'dark'],
      `one line per slot: ${result.stdout.trim()}`,
    );
    const light = lines.find(([slot]) => slot === 'light' || slot === '')?.[1] ?? '';
    const dark = lines.find(([slot]) => slot === 'dark')?.[1];
    t.ok(landscape(light), `the light pick fits the landscape primary monitor (${library.fixtureOf(light)?.name})`);
    let screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(light)));
    t.ok(screen.ok, `light style: every monitor shows the light pick ${colourOf(light)} (seen ${screen.seen.join(', ')})`);
    await setColorScheme(desktop, 'prefer-dark');
    if (dark !== undefined) {
      t.ok(landscape(dark), `the dark pick fits the landscape primary monitor (${library.fixtureOf(dark)?.name})`);
      screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(dark)));
      t.ok(screen.ok, `dark style: every monitor shows the reported dark pick ${colourOf(dark)} (seen ${screen.seen.join(', ')})`);
    } else {
      t.fail('the dark pick is not reported, so the dark style shows a wallpaper nobody named');
    }
    await setColorScheme(desktop, 'default');
  });

  t.test('random --set --json: the light and the dark slot as {monitor, slot, wallpaper}, each shown in its style', async (t) => {
    await setColorScheme(desktop, 'default');
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', '--json']);
    t.equal(result.code, 0, `exit 0 ${result.stderr}`);
    // MIXED has light and dark matches, so the two picks always differ: an array, never one object.
    const entries = JSON.parse(result.stdout) as { monitor: string | null; slot: string | null; wallpaper: { path: string } }[];
    t.ok(Array.isArray(entries), `an array: ${result.stdout}`);
    t.same(
      entries.map(({ monitor, slot }) => [monitor, slot]),
      [
        [null, 'light'],
        [null, 'dark'],
      ],
      'one entry per slot, on no monitor in particular',
    );
    const [light, dark] = entries.map((entry) => entry.wallpaper.path);
    t.not(light, dark, 'two different wallpapers');
    t.ok(DARK.includes(colourOf(dark ?? '')), `the dark slot holds a dark wallpaper (${library.fixtureOf(dark ?? '')?.name})`);
    let screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(light ?? '')));
    t.ok(screen.ok, `light style: the screen shows the light entry ${colourOf(light ?? '')} (seen ${screen.seen.join(', ')})`);
    await setColorScheme(desktop, 'prefer-dark');
    screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(dark ?? '')));
    t.ok(screen.ok, `dark style: the screen shows the dark entry ${colourOf(dark ?? '')} (seen ${screen.seen.join(', ')})`);
    await setColorScheme(desktop, 'default');
  });

  t.test('--span: each monitor shows the pick reported for it', async (t) => {
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', '--span']);
    t.equal(result.code, 0, `exit 0 ${result.stderr}`);
    const lines = reported(result.stdout);
    t.same(
      lines.map(([name]) => name),
      GNOME_MONITORS.map((place) => place.name),
    );
    const expected = lines.map(([, path]) => colourOf(path));
    const screen = await waitForScreen(desktop, GNOME_MONITORS, expected);
    t.ok(screen.ok, `the screen shows ${expected.join(', ')} (seen ${screen.seen.join(', ')})`);
  });

  t.test('--appearance auto under the dark style: a dark pick, on the screen', async (t) => {
    await setColorScheme(desktop, 'prefer-dark');
    const result = await wallpaperIn(desktop, library.home, ['random', '--set', '--appearance', 'auto']);
    t.equal(result.code, 0, `exit 0 ${result.stderr}`);
    const paths = reported(result.stdout).map(([, path]) => path);
    t.ok(paths.length > 0 && paths.every((path) => DARK.includes(colourOf(path))), `only dark picks: ${paths.join(', ')}`);
    const shown = colourOf(paths.at(-1) ?? '');
    const screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(shown));
    t.ok(screen.ok, `the screen shows ${shown} (seen ${screen.seen.join(', ')})`);
    await setColorScheme(desktop, 'default');
  });

  t.test('watch follows a flip of the style, both ways', async (t) => {
    await setColorScheme(desktop, 'default');
    const before = await screenColours(desktop, GNOME_MONITORS);
    const watch = startWallpaperIn(t, desktop, library.home, ['watch']);
    const LIGHT = MIXED.map((fixture) => fixture.colour).filter((colour) => !DARK.includes(colour));
    t.ok(await showsOneOf(LIGHT.filter((colour) => colour !== before[0])), 'at start: a light pick on every monitor');
    await setColorScheme(desktop, 'prefer-dark');
    t.ok(await showsOneOf(DARK), 'dark style: a dark pick on every monitor');
    await setColorScheme(desktop, 'default');
    t.ok(await showsOneOf(LIGHT), 'light style again: a light pick on every monitor');
    watch.child.kill();
    t.notMatch(watch.output.text, /error|problem/i, 'watch reported no error');
  });

  t.test('current reads both slots back; back restores the screen before the last change; hide current replaces it', async (t) => {
    await setColorScheme(desktop, 'default');
    const first = await wallpaperIn(desktop, library.home, ['random', '--set']);
    t.equal(first.code, 0, first.stderr);
    const current = await wallpaperIn(desktop, library.home, ['current']);
    t.equal(current.code, 0, current.stderr);
    t.same(reported(current.stdout), reported(first.stdout), `current names what was set, read back: ${current.stdout.trim()}`);
    const firstLight = reported(first.stdout).find(([slot]) => slot === 'light')?.[1] ?? '';

    const second = await wallpaperIn(desktop, library.home, ['random', '--set']);
    t.equal(second.code, 0, second.stderr);
    const back = await wallpaperIn(desktop, library.home, ['back']);
    t.equal(back.code, 0, back.stderr);
    t.same(reported(back.stdout), reported(first.stdout), 'back reports the first change again');
    let screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(firstLight)));
    t.ok(screen.ok, `the screen shows the first light pick again ${colourOf(firstLight)} (seen ${screen.seen.join(', ')})`);

    const hide = await wallpaperIn(desktop, library.home, ['hide', 'current']);
    t.equal(hide.code, 0, hide.stderr);
    t.match(hide.stdout, `hidden: `, 'the light one on the screen is hidden');
    t.match(hide.stdout, firstLight);
    const hidden = JSON.parse((await wallpaperIn(desktop, library.home, ['list', '--hidden', 'true', '--json'])).stdout);
    t.same(
      hidden.wallpapers.map((w: { path: string }) => w.path),
      [firstLight],
    );
    const after = await wallpaperIn(desktop, library.home, ['current']);
    const nowLight = reported(after.stdout).find(([slot]) => slot === 'light' || slot === '')?.[1] ?? '';
    t.not(nowLight, firstLight, 'another light one is on the screen');
    screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(nowLight)));
    t.ok(screen.ok, `and the screen shows it ${colourOf(nowLight)} (seen ${screen.seen.join(', ')})`);
    await wallpaperIn(desktop, library.home, ['hide', firstLight, '--off']);
  });

  t.test('a cron-like run without the session bus: exit 1, the screen unchanged', async (t) => {
    const before = await screenColours(desktop, GNOME_MONITORS);
    let result = { code: null as number | null, stderr: '' };
    const changed = await changesDuring(t, desktop.env, DCONF_MARKER, async () => {
      result = await wallpaperIn(desktop, library.home, ['random', '--set'], { DBUS_SESSION_BUS_ADDRESS: undefined });
    });
    t.equal(result.code, 1, 'exit 1');
    t.match(result.stderr, /not kept|session/, `says why: ${result.stderr.trim()}`);
    t.notMatch(
      changed,
      /\/org\/gnome\/desktop\/(background|screensaver)\//,
      'no background key changed before the marker written after it',
    );
    t.same(await screenColours(desktop, GNOME_MONITORS), before, 'both monitors still show what they showed');
  });

  t.test('POST /api/wallpapers/{id}/set from a serve inside the session', async (t) => {
    const serve = startWallpaperIn(t, desktop, library.home, ['serve', '--host', '127.0.0.1', '--port', '0']);
    t.ok(await eventually(() => /Listening on http:\/\/\S+/.test(serve.output.text), 15_000), `serve listens: ${serve.output.text}`);
    const base = /Listening on (http:\/\/\S+)/.exec(serve.output.text)?.[1];
    const now = (await screenColours(desktop, GNOME_MONITORS))[0]!;
    const answer = await fetch(`${base}/api/wallpapers?orientation=landscape&limit=50`);
    const { wallpapers } = (await answer.json()) as { wallpapers: { id: string; path: string }[] };
    const target = wallpapers.find((item) => !isColour(now, colourOf(item.path)));
    t.ok(target, 'a landscape wallpaper other than the one shown');
    const response = await fetch(`${base}/api/wallpapers/${target?.id}/set`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    t.equal(response.status, 204, await response.text());
    const screen = await waitForScreen(desktop, GNOME_MONITORS, everywhere(colourOf(target?.path ?? '')));
    t.ok(screen.ok, `the screen shows ${colourOf(target?.path ?? '')} (seen ${screen.seen.join(', ')})`);
    serve.child.kill();
  });

  // The tray on the AppIndicator extension's host, in the top bar of the primary monitor.
  if (existsSync(`/usr/share/gnome-shell/extensions/${APPINDICATOR}`) || process.env.CI)
    trayOnHostCases(t, desktop, library, {
      host: "GNOME Shell's AppIndicator extension",
      monitors: () => GNOME_MONITORS,
      panel: { name: 'top bar', x: 0, y: 0, width: GNOME_MONITORS[0]!.width, height: 30 },
    });
  else t.test('the tray on GNOME Shell', (t) => t.plan(0, 'gnome-shell-extension-appindicator is not installed'));

  // The lock screen (--target), kept in test/helpers/desktops/lock-screen.ts.
  lockScreenCases(t, desktop, LOCK_READ_BACK.gnome);

  // Dynamic wallpapers: its own library and home, in this session.
  dynamicOnGnome(t, desktop, GNOME_MONITORS);

  // A JPEG XL, a HEIC and an SVG set through a rendition (a block of its own, on this session).
  formatProofCases(t, desktop, GNOME_MONITORS);

  // Keyboard shortcuts on the desktop as shipped: the first free key set, read back with its own tool.
  stockShortcutCases(t, desktop, library.home, GNOME_STORE);
}
