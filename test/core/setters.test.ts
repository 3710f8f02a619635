// The setters against fake desktop tools on PATH that record their arguments: exactly the right
// commands per desktop, failures and timeouts as errors, set_command without a shell, and swaybg
// started as a detached daemon that never blocks the caller. Nothing here measures time: the
// timeout case checks "not before the timeout" and then waits (generous limit) for the hanging
// tool's processes to be gone, which a timeout that did not kill them could never bring.
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { setWallpaper } from '../../src/core/desktop/setters/index.js';
import { type Call, FAKE, session } from '../helpers/fake-desktop.js';
import { running, until } from '../helpers/wait.js';

/** The pids the FAKE_HANG tool wrote (its shell, its sleeping child), or none if it never got there. */
function hangPids(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split(' ').filter(Boolean).map(Number);
}

t.test('GNOME sets picture-uri and picture-uri-dark to a percent-encoded file URI', async (t) => {
  const s = await session(t, ['gsettings', 'feh'], { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME', DISPLAY: ':0' });
  t.same(await setWallpaper(s.image, s.options), { setter: 'gnome' });
  const uri = pathToFileURL(s.image).href;
  t.match(uri, /^file:\/\/\/.*my%20walls\/it's%20a%20%22dark%22%20%5C%20\$HOME%20\$&%20pic\.jpg$/);
  t.same(
    await s.calls(),
    [
      { tool: 'gsettings', args: ['get', 'org.gnome.desktop.background', 'picture-options'] },
      { tool: 'gsettings', args: ['set', 'org.gnome.desktop.background', 'picture-uri', uri] },
      { tool: 'gsettings', args: ['get', 'org.gnome.desktop.background', 'picture-uri'] },
      { tool: 'gsettings', args: ['set', 'org.gnome.desktop.background', 'picture-uri-dark', uri] },
      { tool: 'gsettings', args: ['get', 'org.gnome.desktop.background', 'picture-uri-dark'] },
    ],
    'picture-options read (a span is undone), exactly the two keys, each read back, and feh is never run',
  );
});

t.test('GNOME before 42 has no dark key: the light key alone succeeds', async (t) => {
  const s = await session(t, ['gsettings'], {
    XDG_CURRENT_DESKTOP: 'Unity',
    FAKE_FAIL: 'gsettings',
    FAKE_FAIL_ON: 'picture-uri-dark',
    FAKE_STDERR: 'No such key “picture-uri-dark”',
  });
  t.same(await setWallpaper(s.image, s.options), { setter: 'gnome' });
  t.equal((await s.calls()).length, 4, 'picture-options read, set, read back, and the dark key tried');
});

t.test('GNOME: any other failure of the dark key is an error', async (t) => {
  const s = await session(t, ['gsettings'], {
    XDG_CURRENT_DESKTOP: 'GNOME',
    FAKE_FAIL: 'gsettings',
    FAKE_FAIL_ON: 'picture-uri-dark',
    FAKE_STDERR: 'GDBus.Error: the settings daemon is gone',
  });
  await t.rejects(setWallpaper(s.image, s.options), {
    code: 'setter_failed',
    message: 'gsettings failed (exit status 1): GDBus.Error: the settings daemon is gone',
  });
});

t.test('KDE Plasma runs plasma-apply-wallpaperimage with the path', async (t) => {
  const s = await session(t, ['plasma-apply-wallpaperimage', 'feh'], { XDG_CURRENT_DESKTOP: 'KDE', DISPLAY: ':0' });
  t.same(await setWallpaper(s.image, s.options), { setter: 'kde' });
  t.same(await s.calls(), [{ tool: 'plasma-apply-wallpaperimage', args: [s.image] }]);
});

t.test('Xfce sets every last-image property of every monitor and workspace', async (t) => {
  const props = [
    '/backdrop/screen0/monitor0/workspace0/image-style',
    '/backdrop/screen0/monitor0/workspace0/last-image',
    '/backdrop/screen0/monitor0/workspace1/last-image',
    '/backdrop/screen0/monitoreDP-1/workspace0/color-style',
    '/backdrop/screen0/monitoreDP-1/workspace0/last-image',
    '/backdrop/screen0/monitorHDMI-A-1/workspace3/last-image',
    '/desktop-icons/style',
  ];
  const s = await session(t, ['xfconf-query'], { XDG_CURRENT_DESKTOP: 'XFCE', FAKE_XFCONF_PROPS: props.join('\n') });
  t.same(await setWallpaper(s.image, s.options), { setter: 'xfce' });
  const set = (prop: string): Call[] => [
    { tool: 'xfconf-query', args: ['-c', 'xfce4-desktop', '-p', prop, '-s', s.image] },
    { tool: 'xfconf-query', args: ['-c', 'xfce4-desktop', '-p', prop] },
  ];
  t.same(
    await s.calls(),
    [
      { tool: 'xfconf-query', args: ['-c', 'xfce4-desktop', '-l'] },
      ...set('/backdrop/screen0/monitor0/workspace0/last-image'),
      ...set('/backdrop/screen0/monitor0/workspace1/last-image'),
      ...set('/backdrop/screen0/monitoreDP-1/workspace0/last-image'),
      ...set('/backdrop/screen0/monitorHDMI-A-1/workspace3/last-image'),
    ],
    'each set, then read back',
  );
});

t.test('Xfce without any last-image property is a clear error', async (t) => {
  const s = await session(t, ['xfconf-query'], { XDG_CURRENT_DESKTOP: 'XFCE', FAKE_XFCONF_PROPS: '/desktop-icons/style' });
  await t.rejects(setWallpaper(s.image, s.options), {
    code: 'setter_failed',
    message: /^xfconf-query lists no last-image property in channel xfce4-desktop: .*set_command/,
  });
  t.equal((await s.calls()).length, 1, 'nothing was set');
});

t.test('Cinnamon sets its own picture-uri', async (t) => {
  const s = await session(t, ['gsettings'], { XDG_CURRENT_DESKTOP: 'X-Cinnamon' });
  t.same(await setWallpaper(s.image, s.options), { setter: 'cinnamon' });
  t.same(await s.calls(), [
    { tool: 'gsettings', args: ['get', 'org.cinnamon.desktop.background', 'picture-options'] },
    { tool: 'gsettings', args: ['set', 'org.cinnamon.desktop.background', 'picture-uri', pathToFileURL(s.image).href] },
    { tool: 'gsettings', args: ['get', 'org.cinnamon.desktop.background', 'picture-uri'] },
  ]);
});

t.test('MATE sets picture-filename to the plain path', async (t) => {
  const s = await session(t, ['gsettings'], { XDG_CURRENT_DESKTOP: 'MATE' });
  t.same(await setWallpaper(s.image, s.options), { setter: 'mate' });
  t.same(await s.calls(), [
    { tool: 'gsettings', args: ['get', 'org.mate.background', 'picture-options'] },
    { tool: 'gsettings', args: ['set', 'org.mate.background', 'picture-filename', s.image] },
    { tool: 'gsettings', args: ['get', 'org.mate.background', 'picture-filename'] },
  ]);
});

t.test('sway: swaymsg output * bg PATH fill, with a literal star', async (t) => {
  const s = await session(t, ['swaymsg', 'swaybg'], {
    XDG_CURRENT_DESKTOP: 'sway',
    SWAYSOCK: '/tmp/sway.sock',
    WAYLAND_DISPLAY: 'wayland-1',
  });
  t.same(await setWallpaper(s.image, s.options), { setter: 'sway' });
  t.same(await s.calls(), [{ tool: 'swaymsg', args: ['output', '*', 'bg', s.image, 'fill'] }]);
});

t.test('Hyprland with hyprpaper running: preload, wallpaper on every monitor, unload unused', async (t) => {
  const s = await session(t, ['hyprctl', 'swww'], { HYPRLAND_INSTANCE_SIGNATURE: 'abc_123', WAYLAND_DISPLAY: 'wayland-1' });
  await mkdir(path.join(s.dir, 'hypr', 'abc_123'), { recursive: true });
  await writeFile(path.join(s.dir, 'hypr', 'abc_123', '.hyprpaper.sock'), '');
  t.same(await setWallpaper(s.image, s.options), { setter: 'hyprpaper' });
  t.same(await s.calls(), [
    { tool: 'hyprctl', args: ['hyprpaper', 'preload', s.image] },
    { tool: 'hyprctl', args: ['hyprpaper', 'wallpaper', `,${s.image}`] },
    { tool: 'hyprctl', args: ['hyprpaper', 'unload', 'unused'] },
  ]);
});

t.test('Hyprland with swww: swww img', async (t) => {
  const s = await session(t, ['hyprctl', 'swww'], { XDG_CURRENT_DESKTOP: 'Hyprland', WAYLAND_DISPLAY: 'wayland-1' });
  t.same(await setWallpaper(s.image, s.options), { setter: 'swww' });
  t.same(await s.calls(), [{ tool: 'swww', args: ['img', s.image] }]);
});

t.test('any Wayland compositor with swww', async (t) => {
  const s = await session(t, ['swww', 'swaybg', 'feh'], { XDG_CURRENT_DESKTOP: 'niri', WAYLAND_DISPLAY: 'wayland-1', DISPLAY: ':0' });
  t.same(await setWallpaper(s.image, s.options), { setter: 'swww' });
  t.same(await s.calls(), [{ tool: 'swww', args: ['img', s.image] }]);
});

t.test('plain X11: feh --bg-fill, else xwallpaper --zoom', async (t) => {
  const both = await session(t, ['feh', 'xwallpaper'], { XDG_CURRENT_DESKTOP: 'i3', DISPLAY: ':0' });
  t.same(await setWallpaper(both.image, both.options), { setter: 'feh' });
  t.same(await both.calls(), [{ tool: 'feh', args: ['--bg-fill', both.image] }]);

  await t.test('xwallpaper', async (t) => {
    const s = await session(t, ['xwallpaper'], { DISPLAY: ':0' });
    t.same(await setWallpaper(s.image, s.options), { setter: 'xwallpaper' });
    t.same(await s.calls(), [{ tool: 'xwallpaper', args: ['--zoom', s.image] }]);
  });
});

t.test('macOS: osascript with the path as an escaped AppleScript string', async (t) => {
  const s = await session(t, ['osascript']);
  t.same(await setWallpaper(s.image, { ...s.options, platform: 'darwin' }), { setter: 'macos' });
  const escaped = s.image.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  t.same(await s.calls(), [
    { tool: 'osascript', args: ['-e', `tell application "System Events" to tell every desktop to set picture to "${escaped}"`] },
  ]);
  t.match(escaped, /it's a \\"dark\\" \\\\ \$HOME/, 'quotes and backslash escaped');
});

t.test('Windows: PowerShell calls SystemParametersInfo with the path from the environment', async (t) => {
  const s = await session(t, ['powershell']);
  t.same(await setWallpaper(s.image, { ...s.options, platform: 'win32' }), { setter: 'windows' });
  const calls = await s.calls();
  t.equal(calls.length, 1);
  const [flags, encoded, env] = [calls[0]?.args.slice(0, 3), calls[0]?.args[3] ?? '', calls[0]?.args[4]];
  t.same(flags, ['-NoProfile', '-NonInteractive', '-EncodedCommand']);
  t.equal(env, `env WALLPAPER_SETTER_FILE=${s.image}`, 'the path travels as an environment variable');
  const script = Buffer.from(encoded, 'base64').toString('utf16le');
  t.match(script, /Add-Type .*DllImport\("user32\.dll"/);
  t.match(script, 'SystemParametersInfo(20, 0, $env:WALLPAPER_SETTER_FILE, 3)');
  t.notMatch(script, s.image, 'the path is never part of the script text');
});

t.test('a failing setter rejects with its stderr', async (t) => {
  const s = await session(t, ['plasma-apply-wallpaperimage'], {
    XDG_CURRENT_DESKTOP: 'KDE',
    FAKE_FAIL: 'plasma-apply-wallpaperimage',
    FAKE_STDERR: 'Error: could not connect to plasmashell\nsecond line',
  });
  await t.rejects(setWallpaper(s.image, s.options), {
    name: 'WallpaperError',
    code: 'setter_failed',
    message: 'plasma-apply-wallpaperimage failed (exit status 1): Error: could not connect to plasmashell second line',
  });
});

t.test('a hanging setter times out: rejected, not before its timeout, and killed with its child', async (t) => {
  const s = await session(t, ['feh'], { DISPLAY: ':0', FAKE_HANG: 'feh' });
  const pidsFile = `${s.log}.hang-pids`;
  // The fake waits 300 s: a timeout that did not kill it would leave both pids running.
  t.teardown(() => {
    for (const pid of hangPids(pidsFile)) if (running(pid)) process.kill(pid, 'SIGKILL');
  });
  const started = Date.now();
  await t.rejects(setWallpaper(s.image, { ...s.options, timeoutMs: 2000 }), {
    code: 'setter_failed',
    message: 'feh timed out after 2000 ms',
  });
  t.ok(Date.now() - started >= 1950, 'not before the timeout');
  const pids = hangPids(pidsFile);
  // Under load the timeout may come before the fake has started its child: then there is none to see.
  if (pids.length === 0) t.comment('killed before the fake started its child');
  await until(() => pids.every((pid) => !running(pid)));
  t.pass(`the hanging tool and its child (${pids.length} processes) were killed`);
});

t.test('no setter fits: a clear error saying how to configure one', async (t) => {
  const s = await session(t, ['gsettings']);
  await t.rejects(setWallpaper(s.image, s.options), {
    code: 'setter_failed',
    message:
      'no wallpaper setter found for this desktop (XDG_CURRENT_DESKTOP unset, no DISPLAY or WAYLAND_DISPLAY): configure one with: wallpaper config set set_command "your-tool {path}"',
  });
  const gnome = await session(t, [], { XDG_CURRENT_DESKTOP: 'GNOME' });
  await t.rejects(setWallpaper(gnome.image, gnome.options), {
    message:
      /^no wallpaper setter found for this desktop \(GNOME detected from XDG_CURRENT_DESKTOP=GNOME, but gsettings is not on PATH\): configure one with/,
  });
  t.same(await s.calls(), [], 'nothing ran');
});

t.test('a missing file is refused before any setter runs', async (t) => {
  const s = await session(t, ['gsettings'], { XDG_CURRENT_DESKTOP: 'GNOME' });
  await t.rejects(setWallpaper(path.join(s.dir, 'nope.jpg'), s.options), { code: 'setter_failed', message: /nope\.jpg is not a file/ });
  t.same(await s.calls(), []);
});

t.test('set_command: the path arrives as one argument, never expanded', async (t) => {
  const s = await session(t, ['my-setter', 'gsettings'], { XDG_CURRENT_DESKTOP: 'GNOME', HOME: '/home/someone' });
  const setCommand = `my-setter --mode "fill it" $HOME '{path}' --file={path}`;
  t.same(await setWallpaper(s.image, { ...s.options, setCommand }), { setter: 'set_command' });
  t.same(
    await s.calls(),
    [{ tool: 'my-setter', args: ['--mode', 'fill it', '$HOME', s.image, `--file=${s.image}`] }],
    'gsettings is not run; $HOME and the path stay literal',
  );
});

t.test('set_command: failures, missing programs and bad quoting are errors', async (t) => {
  const s = await session(t, ['my-setter'], { FAKE_FAIL: 'my-setter', FAKE_STDERR: 'cannot open display' });
  await t.rejects(setWallpaper(s.image, { ...s.options, setCommand: 'my-setter {path}' }), {
    code: 'setter_failed',
    message: 'set_command (my-setter) failed (exit status 1): cannot open display',
  });
  await t.rejects(setWallpaper(s.image, { ...s.options, setCommand: 'not-there {path}' }), {
    code: 'setter_failed',
    message: /^set_command: not-there not found on PATH/,
  });
  await t.rejects(setWallpaper(s.image, { ...s.options, setCommand: `my-setter '{path}` }), {
    code: 'invalid_param',
    message: 'invalid set_command: unterminated single quote',
  });
});

t.test('set_command: an absolute program path is used as written', async (t) => {
  const s = await session(t, []);
  const program = path.join(s.dir, 'dir with space', 'setter');
  await mkdir(path.dirname(program));
  await copyFile(FAKE, program);
  await chmod(program, 0o755);
  const setCommand = `"${program}" {path}`;
  t.same(await setWallpaper(s.image, { ...s.options, setCommand }), { setter: 'set_command' });
  t.same(await s.calls(), [{ tool: 'setter', args: [s.image] }]);
});

t.test('a settings tool that exits 0 but keeps nothing (no session bus, as in cron) is a failure, not success', async (t) => {
  const desktops: [string, string[], NodeJS.ProcessEnv][] = [
    ['GNOME', ['gsettings'], {}],
    ['X-Cinnamon', ['gsettings'], {}],
    ['MATE', ['gsettings'], {}],
    ['XFCE', ['xfconf-query'], { FAKE_XFCONF_PROPS: '/backdrop/screen0/monitor0/workspace0/last-image' }],
  ];
  for (const [desktop, tools, env] of desktops) {
    const s = await session(t, tools, { XDG_CURRENT_DESKTOP: desktop, FAKE_NO_BUS: '1', ...env });
    await t.rejects(
      setWallpaper(s.image, s.options),
      { code: 'setter_failed', message: /accepted but not kept .*DBUS_SESSION_BUS_ADDRESS; see docs\/desktops\.md#cron$/ },
      `${desktop}: the value is read back and found unchanged`,
    );
  }
});

t.test('parseGVariantString reads what gsettings prints', async (t) => {
  const { parseGVariantString } = await import('../../src/core/desktop/setters/read-back.js');
  t.equal(parseGVariantString("'file:///a%20b.jpg'\n"), 'file:///a%20b.jpg');
  t.equal(parseGVariantString(`"/it's.jpg"`), "/it's.jpg", 'double quotes when the value holds a single quote');
  t.equal(parseGVariantString(String.raw`'/it\'s a \\ b'`), String.raw`/it's a \ b`);
  t.equal(parseGVariantString(''), undefined);
});
