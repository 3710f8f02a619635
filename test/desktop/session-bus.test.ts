// The desktop over a real (private) session bus: `--appearance auto` reads the settings portal,
// `watch` follows a scheme flip (the portal's SettingChanged), and KDE Plasma gets its per-monitor
// script through the real gdbus. GNOME's two slots get a light and a dark pick (fake gsettings),
// the dark one the light one's designer pair when it has one.
// How it waits: for `watch`'s lines (watch-process.ts: a generous limit, never measured); the flip
// is signalled again each second until the dark line comes, as `watch`'s gdbus monitor may not be
// listening yet when the first is sent (a repeat of the same scheme changes nothing).
import { chmodSync, copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli } from '../helpers/cli.js';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startSessionBus } from '../helpers/session-bus.js';
import { spawnWatch } from '../helpers/watch-process.js';

async function setup(t: Test) {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  for (const [name, color] of [
    ['noon.jpg', '#f0f0e0'],
    ['snow.jpg', '#e8f0f8'],
    ['night.jpg', '#080810'],
    ['coal.jpg', '#101010'],
    ['sea-light.jpg', '#d0e8f8'],
    ['sea-dark.jpg', '#081828'],
  ]) {
    await writeImage(join(walls, name!), { width: 640, height: 360, color: color! });
  }
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const tool of ['my-setter', 'gsettings', 'plasma-apply-wallpaperimage']) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  if (existsSync('/usr/bin/gdbus')) symlinkSync('/usr/bin/gdbus', join(bin, 'gdbus'));
  const log = join(root, 'calls.log');
  const home = join(root, 'home');
  const base = { PATH: bin, FAKE_LOG: log, XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', WALLPAPER_MONITORS: '' };
  // In this process (the program's own run(), as a spawn would run it): watch alone is the real bin.
  const cli = (args: string[], env: NodeJS.ProcessEnv = base) => runCli(['--home', home, ...args], env);
  await cli(['scan', walls, '--quiet']);
  const calls = () => readCalls(log);
  return { root, walls, home, bin, base, cli, calls };
}

const LIGHT = /(noon|snow|sea-light)\.jpg$/;
const DARK = /(night|coal|sea-dark)\.jpg$/;

t.test("GNOME: a light pick in picture-uri, a dark one in picture-uri-dark, a designer pair's counterpart", async (t) => {
  const s = await setup(t);
  const gnome = { ...s.base, XDG_CURRENT_DESKTOP: 'GNOME' };
  for (let run = 0; run < 6; run++) {
    const result = await s.cli(['random', '--set', '--allow-repeat'], gnome);
    t.equal(result.code, 0, result.stderr);
    const set = (key: string) =>
      fileURLToPath(
        s
          .calls()
          .filter((c) => c[1] === 'set' && c[3] === key)
          .at(-1)![4]!,
      );
    const light = set('picture-uri');
    const dark = set('picture-uri-dark');
    t.match(light, LIGHT, 'light slot');
    t.match(dark, DARK, 'dark slot');
    if (light.endsWith('sea-light.jpg')) t.equal(dark, join(s.walls, 'sea-dark.jpg'), 'the pair, together');
  }
  const only = await s.cli(['random', '--set', '--brightness', 'dark', '--json'], gnome);
  const picked = JSON.parse(only.stdout) as { path: string };
  const keys = s
    .calls()
    .slice(-4)
    .filter((c) => c[1] === 'set')
    .map((c) => c[4]);
  t.same(keys, [pathToFileURL(picked.path).href, pathToFileURL(picked.path).href], 'with --brightness both slots get the filtered pick');
});

t.test('over a session bus: --appearance auto reads the portal; watch follows a flip; KDE per monitor', async (t) => {
  const bus = await startSessionBus(t);
  if (typeof bus === 'string' || !existsSync('/usr/bin/gdbus')) {
    t.plan(0, `skipped: ${typeof bus === 'string' ? bus : 'gdbus is not installed (apt-get install libglib2.0-bin)'}`);
    return;
  }
  const s = await setup(t);
  const env = { ...s.base, DBUS_SESSION_BUS_ADDRESS: bus.address };
  await s.cli(['config', 'set', 'set_command', 'my-setter {path}'], env);

  bus.setScheme('dark');
  const dark = await s.cli(['random', '--set', '--appearance', 'auto'], env);
  t.equal(dark.code, 0, dark.stderr);
  t.match(dark.stdout.trim(), DARK, 'a dark scheme: a dark wallpaper');
  bus.setScheme('light');
  t.match((await s.cli(['random', '--appearance', 'auto'], env)).stdout.trim(), LIGHT, 'a light scheme: a light one');
  t.match((await s.cli(['random', '--appearance', 'dusk'], env)).stderr, /invalid --appearance "dusk": expected auto, light, dark or sun/);

  const watch = spawnWatch(t, s.home, [], { ...process.env, ...env });
  const [first] = await watch.untilLines(1);
  t.match(first, /^light\t.*(noon|snow|sea-light)\.jpg$/, 'starts with the scheme of now');
  const flipped = watch.untilLines(2);
  let seen = false;
  void flipped.then(
    () => (seen = true),
    () => (seen = true),
  );
  while (!seen) {
    bus.setScheme('dark');
    await Promise.race([flipped, sleep(1000)]).catch(() => {});
  }
  const [, second] = await flipped;
  t.match(second, /^dark\t.*(night|coal|sea-dark)\.jpg$/, 'a flip to dark: a dark wallpaper');
  t.same(s.calls().at(-1), ['my-setter', second?.split('\t')[1]], 'and set');
  t.equal(await watch.stop(), 0, 'SIGTERM ends it cleanly');

  await s.cli(['config', 'set', 'set_command', ''], env);
  const kde = await s.cli(['random', '--set', '--json', '--monitors', 'DP-1=640x360+0+0,DP-2=640x360+640+0'], {
    ...env,
    XDG_CURRENT_DESKTOP: 'KDE',
  });
  t.equal(kde.code, 0, kde.stderr);
  const picks = JSON.parse(kde.stdout) as { wallpaper: { path: string } }[];
  // The first script reads what each screen shows (what the set replaces, for `back`); then one sets.
  const setting = bus.plasmaScripts().filter((text) => !text.includes("readConfig('Image')"));
  t.equal(setting.length, 1, 'Plasma got one script through gdbus that sets');
  const [script] = setting;
  t.match(script, `"0,0":${JSON.stringify(pathToFileURL(picks[0]!.wallpaper.path).href)}`);
  t.match(script, `"640,0":${JSON.stringify(pathToFileURL(picks[1]!.wallpaper.path).href)}`);
});
