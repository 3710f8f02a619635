// The lock screen's wallpaper on the real desktops (docs/design.md#the-wallpaper-on-screen `--target`), as cases each suite
// calls inside the session it already started: on GNOME, KDE Plasma and MATE `--target lock` writes
// the lock screen's own setting (read back with the desktop's own tool: gsettings, kreadconfig5) and
// leaves the desktop; `both` sets both; `back` puts the lock screen back. On a desktop without one
// (Xfce) `lock` and `both` exit 1 naming it, and nothing changes. On KDE Plasma a first `both` whose
// lock half fails (a broken kscreenlockerrc) puts back exactly what the desktop showed, even a
// wallpaper plugin no file names (a plain colour). The cases use their own wallpaper home (the
// suite's images), so their history never meets the suite's own `back` cases.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Test } from 'tap';
import { runCli } from '../cli.js';
import { sessionEnv, wallpaperIn } from './cli.js';
import { type Place, reported, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

/** How a desktop's own tool reads its lock-screen wallpaper, and what it reads for a path. */
export interface LockReadBack {
  command: string[];
  value(path: string): string;
}

const KDE_IMAGE = ['--group', 'Greeter', '--group', 'Wallpaper', '--group', 'org.kde.image', '--group', 'General', '--key', 'Image'];

export const LOCK_READ_BACK = {
  gnome: {
    command: ['gsettings', 'get', 'org.gnome.desktop.screensaver', 'picture-uri'],
    value: (path: string) => `'${pathToFileURL(path).href}'`,
  },
  kde: { command: ['kreadconfig5', '--file', 'kscreenlockerrc', ...KDE_IMAGE], value: (path: string) => pathToFileURL(path).href },
  mate: { command: ['gsettings', 'get', 'org.mate.screensaver', 'picture-filename'], value: (path: string) => `'${path}'` },
} satisfies Record<string, LockReadBack>;

function readIn(desktop: Desktop, command: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command[0]!, command.slice(1), { env: sessionEnv(desktop) }, (error, stdout) =>
      error ? reject(error) : resolve(stdout.replace(/\n$/, '')),
    ),
  );
}

/** A wallpaper home of its own over the suite's images (`makeLibrary` wrote them to dir/walls). */
async function lockHome(desktop: Desktop): Promise<string> {
  const home = join(desktop.dir, 'wallpaper-lock');
  const scan = await runCli(['--home', home, 'scan', join(desktop.dir, 'walls'), '--quiet'], { PATH: '/usr/bin:/bin' });
  if (scan.code !== 0) throw new Error(`scan failed: ${scan.stderr}`);
  return home;
}

/** The picture a set gave the lock screen: the one path, else the light slot's. */
const lockPick = (stdout: string) => {
  const lines = reported(stdout);
  return (lines.find(([name]) => name === '' || name === 'light') ?? lines[0])?.[1] ?? '';
};

/** `skip`: why this machine cannot (MATE without mate-screensaver's schema). */
export function lockScreenCases(t: Test, desktop: Desktop, readBack: LockReadBack, skip?: string): void {
  t.test("--target lock: the lock screen set and read back with the desktop's own tool; both; back", { skip: skip ?? false }, async (t) => {
    const home = await lockHome(desktop);
    const cli = (...args: string[]) => wallpaperIn(desktop, home, args);
    const lockBefore = await readIn(desktop, readBack.command);
    const desktopBefore = (await cli('current')).stdout;

    const lock = await cli('random', '--set', '--target', 'lock', '--brightness', 'dark');
    t.equal(lock.code, 0, `lock: exit 0 ${lock.stderr}`);
    const locked = lock.stdout.trim();
    t.equal(await readIn(desktop, readBack.command), readBack.value(locked), `${readBack.command[0]} reads the pick back`);
    t.equal((await cli('current', '--target', 'lock')).stdout.trim(), locked, 'current --target lock names it');
    t.equal((await cli('current')).stdout, desktopBefore, 'the desktop still shows what it showed');

    const both = await cli('random', '--set', '--target', 'both');
    t.equal(both.code, 0, `both: exit 0 ${both.stderr}`);
    const shown = lockPick(both.stdout);
    t.equal(await readIn(desktop, readBack.command), readBack.value(shown), 'both: the lock screen shows the pick');
    t.equal(reported((await cli('current')).stdout).find(([, path]) => path === shown)?.[1], shown, 'and the desktop does');

    t.equal((await cli('back')).code, 0, 'back');
    t.equal(await readIn(desktop, readBack.command), readBack.value(locked), 'back: the lock screen as before both');
    t.equal((await cli('back', '--target', 'lock')).code, 0, 'back --target lock');
    t.equal(await readIn(desktop, readBack.command), lockBefore, 'and as it was before these cases');
  });
}

/** A desktop without a lock-screen wallpaper: `lock` and `both` refused naming it, nothing changed. */
export function noLockScreenCases(t: Test, desktop: Desktop, name: RegExp): void {
  t.test('--target lock and both: exit 1 naming the desktop, the desktop unchanged', async (t) => {
    const home = await lockHome(desktop);
    const before = await wallpaperIn(desktop, home, ['current']);
    for (const target of ['lock', 'both']) {
      const result = await wallpaperIn(desktop, home, ['random', '--set', '--target', target]);
      t.equal(result.code, 1, `${target}: exit 1`);
      t.match(result.stderr, name, `${target}: names the desktop: ${result.stderr.trim()}`);
      t.match(result.stderr, /nothing was changed/);
    }
    t.same(await wallpaperIn(desktop, home, ['current']), before, 'current reads the same back');
  });
}

/** A colour no fixture has, and its text as Plasma's colour plugin keeps it. */
const PLAIN = { hex: '#14a0c8', plasma: '20,160,200' };

/** Plasma's every desktop on its colour plugin (a wallpaper no file names); what each one's plugin
 * reads back. */
const PLASMA_COLOUR = [
  'var all = desktops();',
  'for (var i = 0; i < all.length; i++) {',
  '  var d = all[i];',
  "  d.wallpaperPlugin = 'org.kde.color';",
  "  d.currentConfigGroup = ['Wallpaper', 'org.kde.color', 'General'];",
  `  d.writeConfig('Color', '${PLAIN.plasma}');`,
  '}',
].join('\n');
const PLASMA_PLUGINS =
  "var all = desktops(); var p = []; for (var i = 0; i < all.length; i++) p.push(all[i].wallpaperPlugin); print(p.join(','));";
const plasmaScript = (desktop: Desktop, script: string) =>
  readIn(desktop, ['qdbus', 'org.kde.plasmashell', '/PlasmaShell', 'org.kde.PlasmaShell.evaluateScript', script]);

/** KDE Plasma: a library's first `both` (no history) whose lock half fails leaves the desktop as it
 * was, read raw before the set: here Plasma's colour plugin, which `current` cannot name. */
export function failedBothOnPlasma(t: Test, desktop: Desktop, places: () => readonly Place[]): void {
  t.test('a first both whose lock half fails: the desktop exactly as before (a plain colour), the error naming it', async (t) => {
    await plasmaScript(desktop, PLASMA_COLOUR);
    const colour = places().map(() => PLAIN.hex);
    const before = await waitForScreen(desktop, places(), colour, 8000);
    t.ok(before.ok, `Plasma shows its plain colour (seen ${before.seen.join(', ')})`);
    const plugins = await plasmaScript(desktop, PLASMA_PLUGINS);
    // kscreenlockerrc made a folder: kwriteconfig5 cannot write it (and says nothing; the read-back does).
    const config = join(desktop.dir, 'home', '.config', 'kscreenlockerrc');
    const kept = existsSync(config);
    if (kept) renameSync(config, `${config}.kept`);
    mkdirSync(config, { recursive: true });
    t.teardown(() => {
      rmdirSync(config);
      if (kept) renameSync(`${config}.kept`, config);
    });
    const home = join(desktop.dir, 'wallpaper-first-both');
    const scanned = await wallpaperIn(desktop, home, ['scan', join(desktop.dir, 'walls'), '--quiet']);
    t.equal(scanned.code, 0, scanned.stderr);
    const both = await wallpaperIn(desktop, home, ['random', '--set', '--target', 'both']);
    t.equal(both.code, 1, 'exit 1');
    t.match(
      both.stderr,
      /^wallpaper: cannot set target both: the lock screen could not be set \(kwriteconfig5 .*kscreenlockerrc.*\); the desktop was put back as it was\n$/,
      `names what failed: ${both.stderr.trim()}`,
    );
    t.equal(await plasmaScript(desktop, PLASMA_PLUGINS), plugins, "every desktop's wallpaper plugin as before");
    const after = await waitForScreen(desktop, places(), colour, 8000);
    t.ok(after.ok, `the screen shows the plain colour again (seen ${after.seen.join(', ')})`);
    t.match((await wallpaperIn(desktop, home, ['back'])).stderr, /nothing to go back to/, 'and the history holds nothing of it');
  });
}
