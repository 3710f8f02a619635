// Setting a wallpaper per monitor against fake desktop tools that record their argv: exactly the
// documented command per desktop (sway, Hyprland, swww, swaybg, KDE, Xfce, feh, xwallpaper, macOS,
// Windows, set_command with {monitor}), the span for GNOME, Cinnamon and MATE, GNOME's light and dark
// pair, and a clear error where a desktop has one wallpaper for all.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { setEachMonitor, setLightDark, describeSetter, setSpanned } from '../../src/core/desktop/setters/index.js';
import { plasmaScript } from '../../src/core/desktop/setters/kde.js';
import { ASSIGNMENTS_VARIABLE } from '../../src/core/desktop/tools/windows-desktop.js';
import { session } from '../helpers/fake-desktop.js';

const monitor = (name: string, x: number, width = 2560, height = 1440) => ({ name, width, height, x, y: 0, primary: x === 0 });
const MONITORS = [monitor('DP-1', 0), monitor('HDMI-A-1', 2560, 1080, 1920)];

async function twoMonitors(t: Test, tools: string[], env: NodeJS.ProcessEnv) {
  const s = await session(t, tools, env);
  const files = await s.more(2);
  const assignments = MONITORS.map((m, index) => ({ monitor: m, file: files[index]! }));
  return { ...s, files, assignments };
}

t.test('one command per monitor, exactly as documented', async (t) => {
  const cases: [string, string[], NodeJS.ProcessEnv, (files: string[]) => { tool: string; args: string[] }[]][] = [
    [
      'sway',
      ['swaymsg'],
      { XDG_CURRENT_DESKTOP: 'sway' },
      ([a, b]) => [
        { tool: 'swaymsg', args: ['output', 'DP-1', 'bg', a!, 'fill'] },
        { tool: 'swaymsg', args: ['output', 'HDMI-A-1', 'bg', b!, 'fill'] },
      ],
    ],
    [
      'swww',
      ['swww'],
      { WAYLAND_DISPLAY: 'wayland-1' },
      ([a, b]) => [
        { tool: 'swww', args: ['img', '-o', 'DP-1', a!] },
        { tool: 'swww', args: ['img', '-o', 'HDMI-A-1', b!] },
      ],
    ],
    [
      'hyprpaper',
      ['hyprctl', 'hyprpaper'],
      { XDG_CURRENT_DESKTOP: 'Hyprland' },
      ([a, b]) => [
        { tool: 'hyprctl', args: ['hyprpaper', 'preload', a!] },
        { tool: 'hyprctl', args: ['hyprpaper', 'preload', b!] },
        { tool: 'hyprctl', args: ['hyprpaper', 'wallpaper', `DP-1,${a}`] },
        { tool: 'hyprctl', args: ['hyprpaper', 'wallpaper', `HDMI-A-1,${b}`] },
        { tool: 'hyprctl', args: ['hyprpaper', 'unload', 'unused'] },
      ],
    ],
    ["feh, in the monitors' (Xinerama) order", ['feh'], { DISPLAY: ':0' }, ([a, b]) => [{ tool: 'feh', args: ['--bg-fill', a!, b!] }]],
    [
      'xwallpaper',
      ['xwallpaper'],
      { DISPLAY: ':0' },
      ([a, b]) => [{ tool: 'xwallpaper', args: ['--output', 'DP-1', '--zoom', a!, '--output', 'HDMI-A-1', '--zoom', b!] }],
    ],
  ];
  for (const [name, tools, env, expected] of cases) {
    const s = await twoMonitors(t, tools, env);
    await setEachMonitor(s.assignments, s.options);
    t.same(await s.calls(), expected(s.files), name);
  }
});

t.test('KDE: one evaluateScript through qdbus6, else qdbus, else gdbus; each screen by its place', async (t) => {
  const s = await twoMonitors(t, ['plasma-apply-wallpaperimage', 'qdbus', 'gdbus'], { XDG_CURRENT_DESKTOP: 'KDE' });
  t.same(await setEachMonitor(s.assignments, s.options), { setter: 'kde' });
  const script = plasmaScript(s.assignments);
  // The call log keeps one argument per line: the script's own lines follow the method.
  const [qdbus] = await s.calls();
  t.same(qdbus!.args.slice(0, 3), ['org.kde.plasmashell', '/PlasmaShell', 'org.kde.PlasmaShell.evaluateScript']);
  t.equal(qdbus!.args.slice(3).join('\n'), script, 'the script, as one argument');
  t.match(script, `"0,0":${JSON.stringify(pathToFileURL(s.files[0]!).href)}`);
  t.match(script, `"2560,0":${JSON.stringify(pathToFileURL(s.files[1]!).href)}`);
  t.match(script, "d.writeConfig('Image', image)");

  const g = await twoMonitors(t, ['plasma-apply-wallpaperimage', 'gdbus'], { XDG_CURRENT_DESKTOP: 'KDE' });
  await setEachMonitor(g.assignments, g.options);
  const [call] = await g.calls();
  t.same(call!.args.slice(0, 8), [
    'call',
    '--session',
    '--dest',
    'org.kde.plasmashell',
    '--object-path',
    '/PlasmaShell',
    '--method',
    'org.kde.PlasmaShell.evaluateScript',
  ]);
  t.match(call!.args[8], /^"var images = \{\\"0,0\\":/, 'gdbus: the script as a GVariant string');

  const none = await twoMonitors(t, ['plasma-apply-wallpaperimage'], { XDG_CURRENT_DESKTOP: 'KDE' });
  await t.rejects(setEachMonitor(none.assignments, none.options), {
    code: 'setter_failed',
    message: /needs qdbus6, qdbus or gdbus on PATH \(or use --same\)/,
  });
});

t.test("Xfce: each monitor's own last-image properties, every workspace, read back", async (t) => {
  const props = [
    '/backdrop/screen0/monitorDP-1/workspace0/last-image',
    '/backdrop/screen0/monitorDP-1/workspace1/last-image',
    '/backdrop/screen0/monitorHDMI-A-1/workspace0/last-image',
  ];
  const s = await twoMonitors(t, ['xfconf-query'], { XDG_CURRENT_DESKTOP: 'XFCE', FAKE_XFCONF_PROPS: props.join('\n') });
  await setEachMonitor(s.assignments, s.options);
  const sets = (await s.calls()).filter((call) => call.args.includes('-s')).map((call) => [call.args[3], call.args[5]]);
  t.same(sets, [
    [props[0], s.files[0]],
    [props[1], s.files[0]],
    [props[2], s.files[1]],
  ]);
  const missing = await twoMonitors(t, ['xfconf-query'], { XDG_CURRENT_DESKTOP: 'XFCE', FAKE_XFCONF_PROPS: props[0] });
  await t.rejects(setEachMonitor(missing.assignments, missing.options), { message: /no last-image property for monitor HDMI-A-1/ });
});

t.test('macOS and Windows: one osascript, one PowerShell with the assignments in a variable', async (t) => {
  const mac = await twoMonitors(t, ['osascript'], {});
  await setEachMonitor(mac.assignments, { ...mac.options, platform: 'darwin' });
  const [osascript] = await mac.calls();
  t.match(
    osascript!.args.slice(1).join('\n'),
    /^tell application "System Events"\ntell desktop 1 to set picture to ".*monitor 0 \\"it's\\" \$HOME\.jpg"\ntell desktop 2 to set picture to/,
  );

  const win = await twoMonitors(t, ['powershell'], { FAKE_DUMP_ENV: ASSIGNMENTS_VARIABLE });
  await setEachMonitor(win.assignments, { ...win.options, platform: 'win32' });
  const [powershell] = await win.calls();
  t.same(powershell!.args.slice(0, 3), ['-NoProfile', '-NonInteractive', '-EncodedCommand']);
  const script = Buffer.from(powershell!.args[3]!, 'base64').toString('utf16le');
  t.match(script, 'IDesktopWallpaper');
  t.match(script, `$desktop.SetWallpaper($a.monitor, $a.file)`);
  t.notMatch(script, 'monitor 0', 'no path in the script text');
});

t.test('set_command with {monitor} runs once per monitor; without it there is no per-monitor setting', async (t) => {
  const s = await twoMonitors(t, ['my-setter'], {});
  const options = { ...s.options, setCommand: 'my-setter --output {monitor} {path}' };
  t.has(describeSetter(options), { name: 'set_command', perMonitor: true, span: false, lightDark: false });
  await setEachMonitor(s.assignments, options);
  t.same(await s.calls(), [
    { tool: 'my-setter', args: ['--output', 'DP-1', s.files[0]] },
    { tool: 'my-setter', args: ['--output', 'HDMI-A-1', s.files[1]] },
  ]);
  const plain = { ...s.options, setCommand: 'my-setter {path}' };
  t.has(describeSetter(plain), { name: 'set_command', perMonitor: false });
  await t.rejects(setEachMonitor(s.assignments, plain), { message: /set_command has one wallpaper for all monitors: use --same/ });
});

t.test('GNOME, Cinnamon, MATE: spanned, and back to zoom on the next plain set; GNOME light and dark', async (t) => {
  const s = await session(t, ['gsettings'], { XDG_CURRENT_DESKTOP: 'GNOME' });
  const [dark] = await s.more(1);
  t.has(describeSetter(s.options), { name: 'gnome', perMonitor: false, span: true, lightDark: true });
  await setSpanned(s.image, s.options);
  const state = (key: string) =>
    readFile(`${s.dir}/fake-state/gsettings-org.gnome.desktop.background-${key}`, 'utf8').then((text) => text.trim());
  t.equal(await state('picture-options'), 'spanned');
  t.equal(await state('picture-uri'), pathToFileURL(s.image).href);
  await setLightDark(s.image, dark!, s.options);
  t.equal(await state('picture-options'), 'zoom', 'a plain set undoes the span');
  t.equal(await state('picture-uri'), pathToFileURL(s.image).href, 'light slot');
  t.equal(await state('picture-uri-dark'), pathToFileURL(dark!).href, 'dark slot');

  for (const [desktop, schema] of [
    ['X-Cinnamon', 'org.cinnamon.desktop.background'],
    ['MATE', 'org.mate.background'],
  ]) {
    const c = await session(t, ['gsettings'], { XDG_CURRENT_DESKTOP: desktop });
    await setSpanned(c.image, c.options);
    t.ok(
      (await c.calls()).some((call) => call.args.join(' ') === `set ${schema} picture-options spanned`),
      `${desktop}: spanned`,
    );
  }
  const sway = await session(t, ['swaymsg'], { XDG_CURRENT_DESKTOP: 'sway' });
  await t.rejects(setSpanned(sway.image, sway.options), {
    code: 'invalid_param',
    message: 'invalid --span: it applies to GNOME, Cinnamon and MATE, not sway',
  });
});
