// Figure: `wallpaper next` on GNOME Shell 43 (headless Wayland, one virtual monitor, a private
// session bus and a stand-in system bus: the recipe of the desktop suites, test/helpers/desktops/
// gnome.ts), from the command to GNOME's own setting read back: each run is timed from the spawn to
// the command's end, then GNOME's `picture-uri` and `picture-uri-dark` (gsettings) must name the
// files `wallpaper current` reports (the setter writes the settings before it exits). `random --set`
// alternately, the same way; the start's share as on X11 (next-on-screen.js). At the end the Shell's
// screenshot of the screen's centre must show the last picture's colour (the Shell draws it after
// the setting changes: proved, not timed).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { sleep } from '../lib/util.js';
import { nextFigure, timeNext } from './next-on-screen.js';
import { libraryWith, threePictures } from './start.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const TOOLS = ['gnome-shell', 'gdbus', 'gsettings', 'dbus-run-session', 'dbus-daemon'];
const EXTENSION = 'no-overview@wp-test';

/** Until `check` returns true, every 100 ms, at most `ms`; then throws `what` (a text, or a function
 * that says it at that moment). */
async function until(check, ms, what) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (await check()) return;
  throw new Error(typeof what === 'function' ? what() : what);
}

/** GNOME Shell headless in `dir` (home/, run/): the client environment and a stop. */
async function startGnome(dir) {
  const home = join(dir, 'home');
  const run = join(dir, 'run');
  const extension = join(home, '.local', 'share', 'gnome-shell', 'extensions', EXTENSION);
  mkdirSync(extension, { recursive: true });
  mkdirSync(run, { recursive: true, mode: 0o700 });
  // Unsafe mode opens the Shell's Eval (to wait for start-up, close the overview) and its Screenshot.
  writeFileSync(
    join(extension, 'metadata.json'),
    JSON.stringify({ uuid: EXTENSION, name: 'bench', description: 'unsafe mode', 'shell-version': ['43'] }),
  );
  writeFileSync(
    join(extension, 'extension.js'),
    'function init() { return { enable() { global.context.unsafe_mode = true; }, disable() {} }; }\n',
  );
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_RUNTIME_DIR: run,
    XDG_CURRENT_DESKTOP: 'GNOME',
    XDG_SESSION_TYPE: 'wayland',
    WAYLAND_DISPLAY: 'wayland-0',
    WALLPAPER_HOME: '',
  };
  const systemBus = `unix:path=${join(run, 'system_bus')}`;
  const systemPid = Number(
    execFileSync('dbus-daemon', ['--session', `--address=${systemBus}`, '--fork', '--print-pid'], { encoding: 'utf8' }).trim(),
  );
  const busFile = join(dir, 'bus');
  const shell = `echo "$DBUS_SESSION_BUS_ADDRESS" > ${busFile} && gsettings set org.gnome.shell enabled-extensions "['${EXTENSION}']" && exec gnome-shell --headless --wayland --no-x11 --virtual-monitor 1280x720`;
  const session = spawn('dbus-run-session', ['--', 'sh', '-c', shell], {
    env: { ...env, DBUS_SYSTEM_BUS_ADDRESS: systemBus },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-session.pid, 'SIGTERM');
    } catch {}
    try {
      process.kill(systemPid, 'SIGTERM');
    } catch {}
  };
  try {
    await until(() => existsSync(busFile) && readFileSync(busFile, 'utf8').trim() !== '', 30_000, 'no GNOME session bus within 30 s');
    const client = { ...env, DBUS_SESSION_BUS_ADDRESS: readFileSync(busFile, 'utf8').trim() };
    const shellEval = (script) =>
      spawnSync('gdbus', ['call', '--session', '-d', 'org.gnome.Shell', '-o', '/org/gnome/Shell', '-m', 'org.gnome.Shell.Eval', script], {
        env: client,
        encoding: 'utf8',
      }).stdout.trim();
    await until(
      () => shellEval('Main.layoutManager._startingUp') === "(true, 'false')",
      60_000,
      'GNOME Shell did not finish starting within 60 s',
    );
    shellEval('Main.overview.hide(); true');
    return { env: client, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The colour at the screen's centre, by the Shell's screenshot, as '#rrggbb'. */
async function screenColour(env, file) {
  const method = 'org.gnome.Shell.Screenshot.ScreenshotArea';
  const args = `call --session -d org.gnome.Shell.Screenshot -o /org/gnome/Shell/Screenshot -m ${method}`.split(' ');
  execFileSync('gdbus', [...args, '640', '360', '1', '1', 'false', file], { env });
  const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return `#${[...data.subarray(0, 3)].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

export async function nextGnomeFigures({ options, scratch }) {
  const name = '`wallpaper next` on GNOME Shell 43 (headless), command to the setting read back, wall time';
  const missing = TOOLS.filter((tool) => !['/usr/bin', '/bin'].some((dir) => existsSync(join(dir, tool))));
  if (missing.length) return [{ name, skipped: `${missing.join(', ')} not installed (Debian: gnome-shell dconf-cli dbus)` }];
  const gnome = await startGnome(join(scratch, 'gnome'));
  try {
    const home = join(scratch, 'gnome-library');
    const pictures = await threePictures(join(scratch, 'gnome-pictures'));
    libraryWith(home, pictures, gnome.env);
    /** What `wallpaper current` names for GNOME's two settings: a light and a dark picture (the
     * program sets a pair), or one for both. */
    const current = () => {
      const text = execFileSync(process.execPath, [BIN, '--home', home, 'current'], { env: gnome.env, encoding: 'utf8' }).trim();
      const named = Object.fromEntries(text.split('\n').map((line) => /^(light|dark)\t(.+)$/.exec(line)?.slice(1) ?? ['both', line]));
      return { light: named.light ?? named.both, dark: named.dark ?? named.both };
    };
    const setting = (key) =>
      execFileSync('gsettings', ['get', 'org.gnome.desktop.background', key], { env: gnome.env, encoding: 'utf8' }).trim();
    const shown = () => {
      const { light, dark } = current();
      for (const [key, file] of [
        ['picture-uri', light],
        ['picture-uri-dark', dark],
      ]) {
        const want = `'${pathToFileURL(file).href}'`;
        if (setting(key) !== want) throw new Error(`GNOME's ${key} is ${setting(key)}, wallpaper current names ${want}`);
      }
    };
    const series = timeNext({ home, env: gnome.env, runs: options.quick ? 5 : 15, shown });
    // The headless Shell's colour scheme is the default (light): the light picture is on screen.
    const want = new Map(pictures).get(current().light);
    const shot = join(scratch, 'gnome-shot.png');
    let seen = '';
    await until(
      async () => {
        seen = await screenColour(gnome.env, shot);
        return seen === want;
      },
      10_000,
      () => `the screen shows ${seen}, not ${want}`,
    );
    return [nextFigure(name, series)];
  } finally {
    gnome.stop();
  }
}
