// A short command loads only the modules it runs with. `current` was the CLI's start and
// little else (~250 of our ES modules, ~1 ms each): cli.ts now loads only the command argv names,
// and the rooms load their heavy parts (decoders, scanning, variants, dynamic wallpapers, the
// doctor, setting and following, the shortcuts' settings) when first used. A rule on what is
// loaded, not a timing: timings live in bench/ (npm run bench -- --only on-screen).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const REPORTER = fileURLToPath(new URL('../fixtures/report-modules.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

let runs = 0;
/** Our modules a run of the real bin loads, as paths under dist/ (core/desktop/set.js, ...). */
function modulesOf(t: Test, root: string, args: string[], env: NodeJS.ProcessEnv): string[] {
  const report = join(root, `modules-${++runs}.txt`);
  const result = spawnSync(process.execPath, ['--import', REPORTER, BIN, ...args], {
    env: { ...process.env, ...env, REPORT_MODULES: report, WALLPAPER_HOME: '', WALLPAPER_SERVER: '' },
    encoding: 'utf8',
  });
  t.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
  return readFileSync(report, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => fileURLToPath(url))
    .filter((path) => path.startsWith(DIST))
    .map((path) => path.slice(DIST.length));
}

/** What a short command never needs at start: the other commands, the HTTP face, and the parts of
 * the rooms that decode, scan, render, play, diagnose, set, follow or write a desktop's settings,
 * and the setters of the desktops it does not run on. */
const NOT_AT_START = [
  /^http\//,
  /^core\/dynamic\//,
  /^core\/doctor\/(?!index\.js$)/,
  // spec.ts parses a variant's parameters, palettes.ts the e-paper palettes among them: both pure.
  /^core\/variants\/(?!index\.js$|spec\.js$|palettes\.js$)/,
  /^core\/formats\/(decode|support|svg|bmp|djxl|jxl-header)\.js$/,
  /^core\/library\/(scan|walk|diff|intake|upload-batch|open-frame|read-dynamic|thumbnail-file|trash)\.js$/,
  // The desktop room's part that owns a change, and what makes files, follows or notifies.
  /^core\/desktop\/change\//,
  /^core\/desktop\/(place\/compose|place\/dynamic-frame|session\/follow|after\/notify)\.js$/,
  /^core\/desktop\/shortcuts\/(gsettings|listed|mate|xfce)\.js$/,
  // The desktops' setters: loaded to set, and none is this session's (set_command is).
  /^core\/desktop\/setters\/(gnome|cinnamon|mate|kde|xfce|sway|swww|hyprpaper|macos|windows|x11|picture-options)\.js$/,
];

/** Our modules the slimmest short command loaded before an earlier round's change: every one of them. */
const BEFORE = 230;

t.test('current and list load only what they run with', async (t) => {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  await writeImage(join(walls, 'a.png'), { width: 64, height: 48, color: '#336699', format: 'png' });
  const home = join(root, 'home');
  // No desktop in the environment: set_command is the setter (what `current` reads is its history).
  const env = { XDG_CURRENT_DESKTOP: '', DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '' };
  const cli = (...args: string[]) => runCli(['--home', home, ...args], env);
  t.equal((await cli('scan', walls, '--quiet')).code, 0);
  t.equal((await cli('config', 'set', 'set_command', 'true {path}')).code, 0);
  t.equal((await cli('random', '--set')).code, 0);

  for (const [command, ...rest] of [['current'], ['list', '--json'], ['favorite', 'current']]) {
    const loaded = modulesOf(t, root, ['--home', home, command!, ...rest], env);
    t.ok(loaded.includes('core/store/index.js'), `${command}: the reporter sees the index's modules`);
    const commands = loaded.filter((path) => path.startsWith('commands/'));
    const own = { current: 'commands/on-screen.js', list: 'commands/list.js', favorite: 'commands/curate.js' }[command!]!;
    t.ok(commands.includes(own), `${command}: its own command module`);
    for (const other of ['commands/scan.js', 'commands/serve.js', 'commands/doctor.js', 'commands/watch.js', 'commands/completion.js'])
      t.notOk(commands.includes(other), `${command}: not ${other}`);
    t.same(
      loaded.filter((path) => NOT_AT_START.some((rule) => rule.test(path))),
      [],
      `${command}: none of the rooms' heavy parts`,
    );
    // A ceiling well under what every command loaded before (all of them: 230); the desktop room's
    // parts each have a door of their own (a few small modules more).
    t.ok(loaded.length < BEFORE * 0.8, `${command}: ${loaded.length} of our modules, under ${Math.round(BEFORE * 0.8)}`);
  }
});

t.test('help, the version, completion and a mistyped command still see every command', async (t) => {
  const root = tempDir(t);
  for (const args of [['--help'], ['--version'], ['help', 'current'], ['completion', 'bash']]) {
    const loaded = modulesOf(t, root, args, {});
    t.ok(loaded.includes('commands/completion.js') && loaded.includes('commands/serve.js'), `${args.join(' ')}: every command`);
  }
  const typo = await runCli(['curent']);
  t.equal(typo.code, 2);
  t.match(typo.stderr, /unknown command 'curent' \(did you mean current\?\)/);
});
