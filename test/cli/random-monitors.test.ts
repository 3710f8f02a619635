// A wallpaper per monitor from the CLI: `wallpaper monitors` and `random --set` against fake desktop
// tools fed real output (sway's two outputs, one rotated), on a library of known shapes: a different
// pick per monitor, each of its monitor's orientation, no repeats per monitor across runs, --same,
// --fit, --span (a composite of the desktop's size), set_command with {monitor}, and the errors.
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { readCalls } from '../helpers/fake-desktop.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));
const SWAY_OUTPUTS = fileURLToPath(new URL('../fixtures/monitors/sway-outputs.json', import.meta.url));

interface Pick {
  monitor: string;
  wallpaper: { id: string; path: string; orientation: string; width: number; height: number };
}

async function setup(t: Test) {
  const root = tempDir(t);
  const pictures = join(root, 'walls');
  const colours = ['#202060', '#206020', '#602020', '#606020', '#206060', '#602060'];
  for (const [i, colour] of colours.entries()) {
    await writeImage(join(pictures, `wide ${i}.jpg`), { width: 1920, height: 1080, color: colour });
    await writeImage(join(pictures, `tall ${i}.jpg`), { width: 1080, height: 1920, color: colour });
  }
  const bin = join(root, 'bin');
  const outputs = join(root, 'outputs');
  mkdirSync(bin);
  mkdirSync(outputs);
  for (const tool of ['swaymsg', 'gsettings', 'my-setter']) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  copyFileSync(SWAY_OUTPUTS, join(outputs, 'swaymsg.-t'));
  const log = join(root, 'calls.log');
  const home = join(root, 'home');
  const base = { PATH: bin, FAKE_LOG: log, FAKE_OUTPUTS: outputs, WALLPAPER_MONITORS: '', DISPLAY: '', WAYLAND_DISPLAY: '' };
  const sway = { ...base, XDG_CURRENT_DESKTOP: 'sway' };
  const gnome = { ...base, XDG_CURRENT_DESKTOP: 'GNOME' };
  const cli = (args: string[], env: NodeJS.ProcessEnv = sway) => runCli(['--home', home, ...args], env);
  const calls = () => readCalls(log);
  await cli(['scan', pictures, '--quiet']);
  return { root, home, log, cli, calls, sway, gnome };
}

t.test('wallpaper monitors: as sway reports them, the rotated one portrait', async (t) => {
  const s = await setup(t);
  const text = await s.cli(['monitors']);
  t.equal(text.code, 0, text.stderr);
  t.equal(text.stdout, 'DP-1      3840x2160  +0+0     primary\nHDMI-A-1  1080x1920  +2560+0\n');
  const json = await s.cli(['monitors', '--json']);
  t.same(JSON.parse(json.stdout), [
    { name: 'DP-1', width: 3840, height: 2160, x: 0, y: 0, primary: true },
    { name: 'HDMI-A-1', width: 1080, height: 1920, x: 2560, y: 0, primary: false },
  ]);
  const none = await s.cli(['monitors'], {
    PATH: '/nonexistent',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    XDG_CURRENT_DESKTOP: '',
    WALLPAPER_MONITORS: '',
  });
  t.equal(none.code, 1);
  t.match(none.stderr, /cannot detect the monitors .*give them with --monitors/);
  const bad = await s.cli(['monitors', '--monitors', 'DP-1=huge']);
  t.equal(bad.code, 2);
  t.match(bad.stderr, /invalid --monitors "DP-1=huge": expected NAME=WIDTHxHEIGHT/);
});

t.test('random --set on two monitors: one each, of its orientation, set per output; no repeats per monitor', async (t) => {
  const s = await setup(t);
  const seen: Record<string, string[]> = { 'DP-1': [], 'HDMI-A-1': [] };
  for (let run = 0; run < 3; run++) {
    const result = await s.cli(['random', '--set', '--json']);
    t.equal(result.code, 0, result.stderr);
    const picks = JSON.parse(result.stdout) as Pick[];
    t.same(
      picks.map((pick) => pick.monitor),
      ['DP-1', 'HDMI-A-1'],
    );
    t.same(
      picks.map((pick) => pick.wallpaper.orientation),
      ['landscape', 'portrait'],
      'each fits its monitor',
    );
    for (const pick of picks) seen[pick.monitor]!.push(pick.wallpaper.id);
    const sets = s.calls().filter((call) => call[1] === 'output');
    t.same(sets.slice(-2), [
      ['swaymsg', 'output', 'DP-1', 'bg', picks[0]!.wallpaper.path, 'fill'],
      ['swaymsg', 'output', 'HDMI-A-1', 'bg', picks[1]!.wallpaper.path, 'fill'],
    ]);
  }
  t.equal(new Set(seen['HDMI-A-1']).size, 3, 'the portrait monitor: three different');
  t.equal(new Set(seen['DP-1']).size, 3, 'the landscape monitor: three different');

  const text = await s.cli(['random', '--set']);
  t.match(text.stdout, /^DP-1\t.*wide \d\.jpg\nHDMI-A-1\t.*tall \d\.jpg\n$/, 'NAME<TAB>PATH per monitor');

  const same = await s.cli(['random', '--set', '--same']);
  t.equal(same.code, 0, same.stderr);
  t.same(s.calls().at(-1), ['swaymsg', 'output', '*', 'bg', same.stdout.trim(), 'fill'], '--same: one for every output');
});

t.test('--monitors without --set: a different pick per monitor, none twice in the call', async (t) => {
  const s = await setup(t);
  const result = await s.cli(['random', '--json', '--monitors', 'A=1920x1080,B=1080x1920,C=1920x1080,D=1080x1920']);
  t.equal(result.code, 0, result.stderr);
  const picks = JSON.parse(result.stdout) as Pick[];
  t.same(
    picks.map((pick) => pick.wallpaper.orientation),
    ['landscape', 'portrait', 'landscape', 'portrait'],
  );
  t.equal(new Set(picks.map((pick) => pick.wallpaper.id)).size, 4);
  t.same(s.calls(), [], 'nothing set');
});

t.test('--fit crops a pick of another shape to its monitor; set_command with {monitor} runs per monitor', async (t) => {
  const s = await setup(t);
  const env = { ...s.sway, XDG_CURRENT_DESKTOP: '' };
  await s.cli(['config', 'set', 'set_command', 'my-setter {monitor} {path}'], env);
  const result = await s.cli(['random', '--set', '--fit', '--json', '--monitors', 'SQ=900x900,TALL=1080x1920'], env);
  t.equal(result.code, 0, result.stderr);
  const [square, tall] = s.calls();
  t.equal(square![1], 'SQ');
  t.match(square![2], /[/\\]fitted[/\\][0-9a-f]{16}-900x900\.jpg$/, 'a crop in the cache home');
  const size = await sharp(square![2]).metadata();
  t.same([size.width, size.height], [900, 900]);
  const picks = JSON.parse(result.stdout) as Pick[];
  t.same(tall, ['my-setter', 'TALL', picks[1]!.wallpaper.path], 'the same shape: the original file');
});

t.test('--span on GNOME: one composite the size of the desktop, spanned', async (t) => {
  const s = await setup(t);
  const result = await s.cli(['random', '--set', '--span', '--json', '--monitors', 'L=800x450,R=450x800'], s.gnome);
  t.equal(result.code, 0, result.stderr);
  const uriSet = s.calls().find((call) => call[1] === 'set' && call[3] === 'picture-uri')!;
  const file = fileURLToPath(uriSet[4]!);
  t.match(file, /[/\\]span[/\\]span-\d+-1250x800\.jpg$/);
  const size = await sharp(file).metadata();
  t.same([size.width, size.height], [1250, 800], 'the bounding box of both monitors');
  t.ok(s.calls().some((call) => call.slice(1).join(' ') === 'set org.gnome.desktop.background picture-options spanned'));
  t.same(
    (JSON.parse(result.stdout) as Pick[]).map((pick) => pick.wallpaper.orientation),
    ['landscape', 'portrait'],
  );
});

t.test('usage errors: exit 2, one line, nothing set', async (t) => {
  const s = await setup(t);
  const cases: [string[], RegExp][] = [
    [['random', '--same'], /^wallpaper: invalid --same: it applies to --set only\n$/],
    [['random', '--span'], /invalid --span: it applies to --set only/],
    [['random', '--set', '--span'], /invalid --span: it applies to GNOME, Cinnamon and MATE \(here: sway\)/],
    [['random', '--set', '--monitors', 'x'], /invalid --monitors "x"/],
  ];
  for (const [args, message] of cases) {
    const result = await s.cli(args);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, message);
  }
  t.same(
    s.calls().filter((call) => call[1] === 'output'),
    [],
    'nothing set',
  );
});
