// Monitor detection, parser by parser, on fixtures of each tool's real output (two outputs, one
// rotated; three under xrandr): names, sizes after rotation, places, the primary one; then the
// user's own list and its errors, and detection through fake tools on PATH.
import { chmod, copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { detectMonitors, parseMonitorsOverride } from '../../src/core/desktop/monitors/index.js';
import { parseGVariant } from '../../src/core/desktop/tools/gvariant.js';
import {
  parseMacDisplays,
  parseMutterState,
  parseWindowsMonitors,
  parseXrandrMonitors,
} from '../../src/core/desktop/monitors/parse-other.js';
import { parseHyprlandMonitors, parseKscreenDoctor, parseSwayOutputs } from '../../src/core/desktop/monitors/parse-wayland.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/monitors/', import.meta.url));
const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));
const fixture = (name: string) => readFile(path.join(FIXTURES, name), 'utf8');
const m = (name: string, width: number, height: number, x: number, y: number, primary = false) => ({ name, width, height, x, y, primary });

t.test('each source, parsed: sizes after rotation, places, primary', async (t) => {
  const cases: [string, (text: string) => unknown, string, unknown][] = [
    [
      'sway: transform 90 swaps; inactive left out',
      parseSwayOutputs,
      'sway-outputs.json',
      [m('DP-1', 3840, 2160, 0, 0, true), m('HDMI-A-1', 1080, 1920, 2560, 0)],
    ],
    [
      'Hyprland: odd transform swaps',
      parseHyprlandMonitors,
      'hyprctl-monitors.json',
      [m('eDP-1', 2256, 1504, 0, 0, true), m('DP-3', 1080, 1920, 1504, 0)],
    ],
    [
      'KDE: rotation 8 (right) swaps; priority 1 is primary',
      parseKscreenDoctor,
      'kscreen-doctor.json',
      [m('DP-1', 2560, 1440, 0, 0, true), m('HDMI-A-1', 1080, 1920, 2560, 0)],
    ],
    [
      'xrandr: three, already rotated, * is primary',
      parseXrandrMonitors,
      'xrandr-listmonitors.txt',
      [m('DP-1', 2560, 1440, 0, 0, true), m('HDMI-1', 1080, 1920, 2560, 0), m('DP-2', 1920, 1080, 3640, 420)],
    ],
    [
      'GNOME Mutter: logical monitor transform 1 swaps',
      parseMutterState,
      'mutter-state.txt',
      [m('eDP-1', 2256, 1504, 0, 0, true), m('DP-2', 1080, 1920, 1504, 0)],
    ],
    [
      'macOS: pixels, laid left to right, main is primary',
      parseMacDisplays,
      'system-profiler.json',
      [m('Color LCD', 3024, 1964, 0, 0, true), m('DELL U2720Q', 3840, 2160, 3024, 0)],
    ],
  ];
  for (const [name, parse, file, expected] of cases) t.same(parse(await fixture(file)), expected, name);
  const windows = parseWindowsMonitors(await fixture('windows-monitors.json'));
  t.same(
    windows.map(({ width, height, x, y, primary }) => [width, height, x, y, primary]),
    [
      [2560, 1440, 0, 0, true],
      [1080, 1920, -1080, -240, false],
    ],
    'Windows: IDesktopWallpaper rectangles',
  );
  t.match(windows[0]!.name, /^\\\\\?\\DISPLAY#DEL41A4/, 'Windows: the monitor id IDesktopWallpaper sets by');
  t.same(
    parseWindowsMonitors('{"name":"A","x":0,"y":0,"width":1920,"height":1080}').length,
    1,
    'one monitor: PowerShell unwraps the array',
  );
});

t.test('GVariant text: types skipped, strings with escapes, variants, dictionaries', async (t) => {
  t.same(parseGVariant('(<<uint32 1>>,)'), [1]);
  t.same(parseGVariant(`{'a': <"it's \\"q\\"">, 'b': @as [], 'c': <-1.5>}`), { a: `it's "q"`, b: [], c: -1.5 });
  t.throws(() => parseGVariant('(1, 2'), /unreadable GVariant text/);
});

t.test('--monitors: NAME=WxH[+X+Y], laid left to right, the first primary; errors name the flag', async (t) => {
  t.same(parseMonitorsOverride('DP-1=2560x1440, DP-2=1080x1920'), [m('DP-1', 2560, 1440, 0, 0, true), m('DP-2', 1080, 1920, 2560, 0)]);
  t.same(parseMonitorsOverride('A=1920x1080+0+0,B=1920x1080+1920+0')[1], m('B', 1920, 1080, 1920, 0));
  const bad: [string, RegExp][] = [
    ['', /^invalid --monitors: expected NAME=WIDTHxHEIGHT/],
    ['DP-1', /^invalid --monitors "DP-1": expected NAME=WIDTHxHEIGHT \(like DP-1=2560x1440\)/],
    ['DP-1=0x1080', /^invalid --monitors "DP-1=0x1080"/],
    ['DP-1=wide', /^invalid --monitors "DP-1=wide"/],
    ['A=1x1,A=2x2', /a monitor is named twice/],
  ];
  for (const [text, message] of bad) t.throws(() => parseMonitorsOverride(text), { code: 'invalid_param', message }, JSON.stringify(text));
  t.throws(() => parseMonitorsOverride('x', 'WALLPAPER_MONITORS'), { message: /^invalid WALLPAPER_MONITORS "x"/ });
});

t.test('detection runs the desktop tool, falls back to xrandr, and says what to do when nothing answers', async (t) => {
  const dir = t.testdir({
    bin: {},
    outputs: {
      'swaymsg.-t': await fixture('sway-outputs.json'),
      'xrandr.--listmonitors': await fixture('xrandr-listmonitors.txt'),
    },
  });
  const bin = path.join(dir, 'bin');
  const outputs = path.join(dir, 'outputs');
  for (const tool of ['swaymsg', 'xrandr', 'gdbus']) {
    await copyFile(FAKE, path.join(bin, tool));
    await chmod(path.join(bin, tool), 0o755);
  }
  const env = { PATH: bin, FAKE_LOG: path.join(dir, 'log'), FAKE_OUTPUTS: outputs };
  const sway = await detectMonitors({ env: { ...env, XDG_CURRENT_DESKTOP: 'sway' }, platform: 'linux' });
  t.same(
    sway.map((monitor) => monitor.name),
    ['DP-1', 'HDMI-A-1'],
    'sway: swaymsg -t get_outputs',
  );
  // GNOME's gdbus answers nothing readable here (the fake prints nothing): xrandr under X11.
  const gnome = await detectMonitors({ env: { ...env, XDG_CURRENT_DESKTOP: 'GNOME', DISPLAY: ':0' }, platform: 'linux' });
  t.same(
    gnome.map((monitor) => monitor.name),
    ['DP-1', 'HDMI-1', 'DP-2'],
    'GNOME without Mutter: xrandr',
  );
  t.same(
    (await detectMonitors({ env: { ...env, WALLPAPER_MONITORS: 'X=800x600' } }))[0],
    m('X', 800, 600, 0, 0, true),
    'WALLPAPER_MONITORS',
  );
  await t.rejects(detectMonitors({ env: { PATH: bin }, platform: 'linux' }), {
    code: 'unavailable',
    message:
      /^cannot detect the monitors \(no desktop session recognised .*\): give them with --monitors "DP-1=2560x1440,HDMI-1=1080x1920" or WALLPAPER_MONITORS$/,
  });
  await t.rejects(detectMonitors({ env: { PATH: bin, XDG_CURRENT_DESKTOP: 'Hyprland' }, platform: 'linux' }), {
    message: /\(hyprctl is not on PATH\)/,
  });
});
