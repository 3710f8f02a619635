// The desktop faults the real-desktop runs found, against fake desktop tools fed real
// output: sway's 3840x2160 landscape monitor beside a 1080x1920 portrait one, and 1080p wallpapers,
// so no wallpaper fits the big monitor without upscaling. Each case failed before its fix:
// a one-for-all desktop (GNOME, --same) picks for its primary monitor; the closest-fit tier keeps
// the no-repeat rule and the orientation; GNOME's dark slot is reported; --appearance light never
// sets one wallpaper twice in a call.
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));
const SWAY_OUTPUTS = fileURLToPath(new URL('../fixtures/monitors/sway-outputs.json', import.meta.url));

interface Wallpaper {
  id: string;
  path: string;
  orientation: string;
  brightness: string;
}

/** A library of `dark` wide and `tall` dark 1080p wallpapers, plus `light` ones. */
async function setup(t: Test, shapes: { wide: string[]; tall: string[] }) {
  const root = tempDir(t);
  const pictures = join(root, 'walls');
  for (const [i, colour] of shapes.wide.entries())
    await writeImage(join(pictures, `wide ${i}.jpg`), { width: 1920, height: 1080, color: colour });
  for (const [i, colour] of shapes.tall.entries())
    await writeImage(join(pictures, `tall ${i}.jpg`), { width: 1080, height: 1920, color: colour });
  const bin = join(root, 'bin');
  const outputs = join(root, 'outputs');
  mkdirSync(bin);
  mkdirSync(outputs);
  for (const tool of ['swaymsg', 'gsettings']) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  copyFileSync(SWAY_OUTPUTS, join(outputs, 'swaymsg.-t'));
  const home = join(root, 'home');
  const base = { PATH: bin, FAKE_LOG: join(root, 'calls.log'), FAKE_OUTPUTS: outputs, DISPLAY: '', WAYLAND_DISPLAY: '' };
  const sway = { ...base, XDG_CURRENT_DESKTOP: 'sway', WALLPAPER_MONITORS: '' };
  // GNOME's monitors come from Mutter over gdbus; WALLPAPER_MONITORS stands in for it here.
  const gnome = { ...base, XDG_CURRENT_DESKTOP: 'GNOME', WALLPAPER_MONITORS: 'eDP-1=3840x2160' };
  const cli = (args: string[], env: NodeJS.ProcessEnv = sway) => runCli(['--home', home, ...args], env);
  const scan = await cli(['scan', pictures, '--quiet']);
  t.equal(scan.code, 0, scan.stderr);
  return { cli, sway, gnome };
}

const DARK_WIDE = ['#101040', '#104010', '#401010', '#303010'];
const DARK_TALL = ['#102030', '#301020'];

t.test('a one-for-all desktop (GNOME, --same) picks for its primary monitor: landscape, no repeats', async (t) => {
  const s = await setup(t, { wide: DARK_WIDE, tall: DARK_TALL });
  for (const [label, args, env] of [
    ['GNOME', ['random', '--set', '--json', '--brightness', 'dark'], s.gnome],
    ['--same on sway', ['random', '--set', '--same', '--json', '--brightness', 'dark'], s.sway],
  ] as const) {
    const ids: string[] = [];
    for (let run = 0; run < 8; run++) {
      const result = await s.cli([...args], env);
      t.equal(result.code, 0, result.stderr);
      const picked = JSON.parse(result.stdout) as Wallpaper;
      t.equal(picked.orientation, 'landscape', `${label}: run ${run} fits the landscape primary monitor`);
      ids.push(picked.id);
    }
    // Four landscape matches, none fitting 3840x2160: each comes once before any comes again.
    for (let run = 1; run < ids.length; run++) t.not(ids[run], ids[run - 1], `${label}: no immediate repeat at run ${run}`);
    t.equal(new Set(ids.slice(0, 4)).size, 4, `${label}: four different before one comes again`);
    t.same(ids.slice(4), ids.slice(0, 4), `${label}: then the oldest first`);
  }
});

t.test('per monitor on a monitor larger than every match: no repeats, each of its orientation', async (t) => {
  const s = await setup(t, { wide: DARK_WIDE, tall: DARK_TALL });
  const big: string[] = [];
  for (let run = 0; run < 8; run++) {
    const result = await s.cli(['random', '--set', '--json']);
    t.equal(result.code, 0, result.stderr);
    const picks = JSON.parse(result.stdout) as { monitor: string; wallpaper: Wallpaper }[];
    t.same(
      picks.map((pick) => pick.wallpaper.orientation),
      ['landscape', 'portrait'],
    );
    big.push(picks[0]!.wallpaper.id);
  }
  for (let run = 1; run < big.length; run++) t.not(big[run], big[run - 1], `the 4K monitor: no immediate repeat at run ${run}`);
  t.equal(new Set(big.slice(0, 4)).size, 4);
});

t.test("GNOME's two slots are both reported: light<TAB>PATH and dark<TAB>PATH, or {monitor, slot, wallpaper}", async (t) => {
  const s = await setup(t, { wide: [...DARK_WIDE, '#f0f0e0', '#e8f0f8'], tall: DARK_TALL });
  const text = await s.cli(['random', '--set'], s.gnome);
  t.equal(text.code, 0, text.stderr);
  t.match(text.stdout, /^light\t\S.*wide [45]\.jpg\ndark\t\S.*wide [0-3]\.jpg\n$/);
  const json = await s.cli(['random', '--set', '--json'], s.gnome);
  t.equal(json.code, 0, json.stderr);
  const slots = JSON.parse(json.stdout) as { monitor: string | null; slot: string; wallpaper: Wallpaper }[];
  t.same(
    slots.map(({ monitor, slot, wallpaper }) => [monitor, slot, wallpaper.brightness]),
    [
      [null, 'light', 'light'],
      [null, 'dark', 'dark'],
    ],
  );
});

t.test('--appearance light per monitor: never one wallpaper twice in a call, each of its orientation', async (t) => {
  // One medium landscape, one light of each orientation: a call that narrows to "medium" for
  // every monitor has one match for two monitors.
  const s = await setup(t, { wide: ['#f0f0e0', '#808080'], tall: ['#e8f0f8'] });
  for (let run = 0; run < 10; run++) {
    const result = await s.cli(['random', '--set', '--json', '--appearance', 'light', '--allow-repeat']);
    t.equal(result.code, 0, result.stderr);
    const picks = JSON.parse(result.stdout) as { monitor: string; wallpaper: Wallpaper }[];
    t.not(picks[0]!.wallpaper.id, picks[1]!.wallpaper.id, `run ${run}: two different wallpapers`);
    t.same(
      picks.map((pick) => pick.wallpaper.orientation),
      ['landscape', 'portrait'],
      `run ${run}: each of its monitor's orientation`,
    );
  }
});
