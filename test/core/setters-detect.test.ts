// Table tests of setter detection (environment, platform and the fakes on PATH -> setter name) and
// of the set_command word splitting, which never goes through a shell.
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { commandFor, splitCommandLine } from '../../src/core/common/index.js';
import { describeSetter } from '../../src/core/desktop/setters/index.js';
import { SETTERS } from '../../src/core/desktop/setters/registry.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

interface Row {
  label: string;
  env: NodeJS.ProcessEnv;
  tools: string[];
  platform?: NodeJS.Platform;
  setCommand?: string | null;
  /** Create a hyprpaper socket for this Hyprland instance signature. */
  hyprpaperSocket?: string;
  expected: string | undefined;
}

const rows: Row[] = [
  { label: 'GNOME', env: { XDG_CURRENT_DESKTOP: 'GNOME', DISPLAY: ':0' }, tools: ['gsettings', 'feh'], expected: 'gnome' },
  {
    label: 'ubuntu:GNOME',
    env: { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME', WAYLAND_DISPLAY: 'wayland-0' },
    tools: ['gsettings', 'swww'],
    expected: 'gnome',
  },
  { label: 'Unity', env: { XDG_CURRENT_DESKTOP: 'Unity' }, tools: ['gsettings'], expected: 'gnome' },
  { label: 'Budgie:GNOME', env: { XDG_CURRENT_DESKTOP: 'Budgie:GNOME' }, tools: ['gsettings'], expected: 'gnome' },
  { label: 'DESKTOP_SESSION only', env: { DESKTOP_SESSION: 'gnome-xorg', DISPLAY: ':0' }, tools: ['gsettings', 'feh'], expected: 'gnome' },
  {
    label: 'GNOME without gsettings: no invisible feh',
    env: { XDG_CURRENT_DESKTOP: 'GNOME', DISPLAY: ':0' },
    tools: ['feh'],
    expected: undefined,
  },
  { label: 'GNOME with an empty PATH ignores the real /usr/bin', env: { XDG_CURRENT_DESKTOP: 'GNOME' }, tools: [], expected: undefined },
  { label: 'KDE', env: { XDG_CURRENT_DESKTOP: 'KDE', DISPLAY: ':0' }, tools: ['plasma-apply-wallpaperimage', 'feh'], expected: 'kde' },
  {
    label: 'Plasma 6 Wayland session',
    env: { DESKTOP_SESSION: '/usr/share/wayland-sessions/plasmawayland' },
    tools: ['plasma-apply-wallpaperimage'],
    expected: 'kde',
  },
  { label: 'Xfce', env: { XDG_CURRENT_DESKTOP: 'XFCE', DISPLAY: ':0' }, tools: ['xfconf-query', 'feh'], expected: 'xfce' },
  { label: 'Cinnamon', env: { XDG_CURRENT_DESKTOP: 'X-Cinnamon' }, tools: ['gsettings'], expected: 'cinnamon' },
  { label: 'MATE', env: { XDG_CURRENT_DESKTOP: 'MATE' }, tools: ['gsettings'], expected: 'mate' },
  {
    label: 'sway',
    env: { XDG_CURRENT_DESKTOP: 'sway', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['swaymsg', 'swww', 'swaybg'],
    expected: 'sway',
  },
  {
    label: 'SWAYSOCK alone',
    env: { SWAYSOCK: '/run/user/1000/sway-ipc.sock', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['swaymsg'],
    expected: 'sway',
  },
  {
    label: 'sway without swaymsg',
    env: { XDG_CURRENT_DESKTOP: 'sway', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['swaybg'],
    expected: 'swaybg',
  },
  {
    label: 'Hyprland, hyprpaper running',
    env: { XDG_CURRENT_DESKTOP: 'Hyprland', HYPRLAND_INSTANCE_SIGNATURE: 'sig1', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['hyprctl', 'swww'],
    hyprpaperSocket: 'sig1',
    expected: 'hyprpaper',
  },
  {
    label: 'Hyprland, swww installed',
    env: { XDG_CURRENT_DESKTOP: 'Hyprland', HYPRLAND_INSTANCE_SIGNATURE: 'sig2', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['hyprctl', 'hyprpaper', 'swww'],
    expected: 'swww',
  },
  {
    label: 'Hyprland, hyprpaper installed',
    env: { HYPRLAND_INSTANCE_SIGNATURE: 'sig3', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['hyprctl', 'hyprpaper'],
    expected: 'hyprpaper',
  },
  {
    label: 'Hyprland, hyprctl alone is not enough',
    env: { HYPRLAND_INSTANCE_SIGNATURE: 'sig4', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['hyprctl'],
    expected: undefined,
  },
  {
    label: 'other Wayland compositor with swww',
    env: { XDG_CURRENT_DESKTOP: 'niri', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['swww', 'swaybg'],
    expected: 'swww',
  },
  {
    label: 'wlroots compositor with swaybg only',
    env: { XDG_CURRENT_DESKTOP: 'river', WAYLAND_DISPLAY: 'wayland-1' },
    tools: ['swaybg'],
    expected: 'swaybg',
  },
  {
    label: 'Wayland with XWayland DISPLAY: no feh',
    env: { WAYLAND_DISPLAY: 'wayland-1', DISPLAY: ':0' },
    tools: ['feh'],
    expected: undefined,
  },
  {
    label: 'X11 window manager with feh',
    env: { XDG_CURRENT_DESKTOP: 'i3', DISPLAY: ':0' },
    tools: ['feh', 'xwallpaper'],
    expected: 'feh',
  },
  { label: 'X11 with xwallpaper only', env: { DISPLAY: ':1' }, tools: ['xwallpaper'], expected: 'xwallpaper' },
  { label: 'no session at all', env: {}, tools: ['feh', 'gsettings', 'swww'], expected: undefined },
  { label: 'macOS', env: {}, platform: 'darwin', tools: ['osascript'], expected: 'macos' },
  {
    label: 'macOS ignores Linux variables',
    env: { XDG_CURRENT_DESKTOP: 'GNOME' },
    platform: 'darwin',
    tools: ['osascript', 'gsettings'],
    expected: 'macos',
  },
  { label: 'Windows', env: {}, platform: 'win32', tools: ['powershell'], expected: 'windows' },
  {
    label: 'set_command wins',
    env: { XDG_CURRENT_DESKTOP: 'GNOME' },
    tools: ['gsettings'],
    setCommand: 'my-tool {path}',
    expected: 'set_command',
  },
  {
    label: 'blank set_command means detect',
    env: { XDG_CURRENT_DESKTOP: 'GNOME' },
    tools: ['gsettings'],
    setCommand: '  ',
    expected: 'gnome',
  },
  {
    label: 'null set_command means detect',
    env: { XDG_CURRENT_DESKTOP: 'KDE' },
    tools: ['plasma-apply-wallpaperimage'],
    setCommand: null,
    expected: 'kde',
  },
];

t.test('detection table', async (t) => {
  for (const row of rows) {
    // One subtest per row, so each gets its own fresh testdir of fakes.
    await t.test(row.label, async (t) => {
      const dir = t.testdir({ bin: {} });
      const bin = path.join(dir, 'bin');
      for (const tool of row.tools) {
        await copyFile(FAKE, path.join(bin, tool));
        await chmod(path.join(bin, tool), 0o755);
      }
      if (row.hyprpaperSocket) {
        await mkdir(path.join(dir, 'hypr', row.hyprpaperSocket), { recursive: true });
        await writeFile(path.join(dir, 'hypr', row.hyprpaperSocket, '.hyprpaper.sock'), '');
      }
      const found = describeSetter({
        env: { ...row.env, PATH: bin, XDG_RUNTIME_DIR: dir },
        platform: row.platform ?? 'linux',
        setCommand: row.setCommand,
      });
      t.equal(found?.name, row.expected);
    });
  }
});

t.test('tools are found on the PATH of the given env only', async (t) => {
  const dir = t.testdir({ empty: {} });
  // /usr/bin/gsettings may well exist on this machine; detection must not see it.
  const missing = { reason: 'GNOME detected from XDG_CURRENT_DESKTOP=GNOME, but gsettings is not on PATH', desktop: 'GNOME' };
  t.same(describeSetter({ env: { XDG_CURRENT_DESKTOP: 'GNOME', PATH: path.join(dir, 'empty') }, platform: 'linux' }), missing);
  t.same(describeSetter({ env: { XDG_CURRENT_DESKTOP: 'GNOME' }, platform: 'linux' }), missing);
  t.same(
    describeSetter({ env: { PATH: path.join(dir, 'empty') }, platform: 'linux' }),
    {
      reason: 'XDG_CURRENT_DESKTOP unset, no DISPLAY or WAYLAND_DISPLAY',
    },
    'no desktop session at all',
  );
});

t.test('set_command word splitting', async (t) => {
  const table: [string, string[]][] = [
    ['a b  c', ['a', 'b', 'c']],
    ['\ta\n b ', ['a', 'b']],
    [`'a b' "c d"`, ['a b', 'c d']],
    ['a\\ b', ['a b']],
    [`"a\\"b\\\\c\\$d\\x"`, ['a"b\\c$d\\x']],
    [`'it'\\''s'`, ["it's"]],
    [`x'y'"z"`, ['xyz']],
    [`''`, ['']],
    [`x '' y`, ['x', '', 'y']],
    ['$HOME *.jpg ~ `id` $(id)', ['$HOME', '*.jpg', '~', '`id`', '$(id)']],
    ['a;b|c>d&', ['a;b|c>d&']],
    [`'single \\ keeps backslash'`, ['single \\ keeps backslash']],
    ['', []],
  ];
  for (const [line, words] of table) t.same(splitCommandLine(line), words, JSON.stringify(line));
  for (const bad of [`'open`, `"open`, 'trailing\\']) {
    t.throws(() => splitCommandLine(bad), { code: 'invalid_param', message: /invalid set_command/ }, bad);
  }
});

t.test('set_command placeholder substitution', async (t) => {
  const file = `/w/it's "odd" $HOME $& {path}.jpg`;
  t.same(commandFor('tool --mode fill {path}', file), { program: 'tool', args: ['--mode', 'fill', file] });
  t.same(commandFor(`tool '{path}' "--file={path}" x{path}y`, file), {
    program: 'tool',
    args: [file, `--file=${file}`, `x${file}y`],
  });
  t.same(commandFor('tool --fill', file), { program: 'tool', args: ['--fill', file] }, 'no placeholder: appended');
  t.throws(() => commandFor(`'' {path}`, file), { code: 'invalid_param' });
});

// Detection names a setter by its registry entry and loads its module only to set; what
// the entry says it can do is what its setter does (a setter given setEach, say, and not its entry
// would be described as one wallpaper for all monitors).
t.test('every registry entry says what its setter can do', async (t) => {
  for (const [key, entry] of Object.entries(SETTERS)) {
    const setter = await entry.load();
    t.same(
      { name: entry.name, perMonitor: entry.perMonitor, span: entry.span, lightDark: entry.lightDark, redrawsAll: entry.redrawsAll },
      {
        name: setter.name,
        perMonitor: !!setter.setEach,
        span: !!setter.setSpanned,
        lightDark: !!setter.setLightDark,
        redrawsAll: !!setter.redrawsAll,
      },
      key,
    );
  }
});
