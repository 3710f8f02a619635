// `--target desktop|lock|both` (docs/design.md#the-wallpaper-on-screen) on `random --set`, `next`, `back` and `current`: the
// lock screen's own setting written and read back with the desktops' real tools (gsettings on its
// keyfile backend, kwriteconfig5/kreadconfig5), the desktop's left alone by `lock`; a desktop
// without a lock screen refuses `lock` and `both` with nothing changed; a bad word is a usage error.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { lockToolsHere, type SettingsDesktop, settingsSession } from '../helpers/settings-session.js';

const uri = (path: string) => `'${pathToFileURL(path).href}'`;

async function on(t: Test, desktop: SettingsDesktop, extra: NodeJS.ProcessEnv = {}) {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  for (const [name, color] of [
    ['sand', '#e8d8b0'],
    ['sky', '#c0d8f0'],
    ['snow', '#f4f4f4'],
    ['mist', '#e0e4e8'],
    ['night', '#101018'],
  ] as const)
    await writeImage(join(walls, `${name}.png`), { width: 320, height: 200, color, format: 'png' });
  const session = settingsSession(root, desktop, extra);
  const cli = (...args: string[]) => runCli(['--home', join(root, 'home'), ...args], session.env);
  t.equal((await cli('scan', walls, '--quiet')).code, 0);
  return { ...session, cli, root };
}

t.test('a bad --target is a usage error naming the flag and its words, on every command that takes it', async (t) => {
  const { cli } = await on(t, 'GNOME');
  for (const args of [
    ['random', '--set', '--target', 'screen'],
    ['next', '--target', 'lockscreen'],
    ['back', '--target', ''],
    ['current', '--target', 'desk'],
    ['schedule', '--every', '1h', '--dry-run', '--target', 'all'],
    ['watch', '--target', 'both-ways'],
  ]) {
    const result = await cli(...args);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, /invalid --target "[^"]*": expected desktop, lock or both/, args.join(' '));
  }
  const alone = await cli('random', '--target', 'lock');
  t.equal(alone.code, 2, 'without --set');
  t.match(alone.stderr, /invalid --target: it applies to --set only/);
  const span = await cli('random', '--set', '--target', 'lock', '--span');
  t.equal(span.code, 2, '--span with lock');
  t.match(span.stderr, /invalid --span: the lock screen has one picture; use --target both/);
  const both = await cli('current', '--target', 'both');
  t.equal(both.code, 2);
  t.match(both.stderr, /invalid --target "both": current shows one place at a time, expected desktop or lock/);
});

t.test('GNOME: lock sets the screensaver key only; both sets both; back puts each back; next keeps the target', async (t) => {
  const { cli, gsettings, root } = await on(t, 'GNOME');
  const desktopBefore = gsettings('org.gnome.desktop.background', 'picture-uri');
  const lockBefore = gsettings('org.gnome.desktop.screensaver', 'picture-uri');

  const lock = await cli('random', '--set', '--target', 'lock', '--brightness', 'light');
  t.equal(lock.code, 0, lock.stderr);
  const locked = lock.stdout.trim();
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(locked), 'the lock screen shows the pick');
  t.equal(gsettings('org.gnome.desktop.background', 'picture-uri'), desktopBefore, 'the desktop is untouched');
  t.equal((await cli('current', '--target', 'lock')).stdout, `${locked}\n`, 'current --target lock reads it back');
  t.equal(JSON.parse((await cli('current', '--target', 'lock', '--json')).stdout)[0].wallpaper.path, locked);

  const next = await cli('next');
  t.equal(next.code, 0, next.stderr);
  t.equal(readFileSync(join(root, 'home', 'on-screen.json'), 'utf8').includes('"target": "lock"'), true, 'the target is remembered');
  t.not(next.stdout.trim(), locked, 'next: a new pick...');
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(next.stdout.trim()), '...on the lock screen again');
  t.equal(gsettings('org.gnome.desktop.background', 'picture-uri'), desktopBefore, 'the desktop still untouched');
  t.equal((await cli('back')).code, 0);
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(locked), 'back: the lock screen as before next');

  const both = await cli('random', '--set', '--target', 'both', '--brightness', 'light');
  t.equal(both.code, 0, both.stderr);
  const shown = both.stdout.trim();
  t.equal(gsettings('org.gnome.desktop.background', 'picture-uri'), uri(shown), 'both: the desktop...');
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(shown), '...and the lock screen');

  const back = await cli('back');
  t.equal(back.code, 0, back.stderr);
  t.equal(gsettings('org.gnome.desktop.background', 'picture-uri'), desktopBefore, 'back after both: the desktop as before');
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(locked), 'and the lock screen as before');
  t.equal((await cli('back')).code, 0, 'back once more: the first lock change');
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), lockBefore, 'the lock screen as it first was');
  t.match((await cli('back')).stderr, /nothing to go back to/);

  const desktopOnly = await cli('next', '--target', 'desktop');
  t.equal(desktopOnly.code, 0, desktopOnly.stderr);
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), lockBefore, 'next --target desktop: the lock screen stays');
  t.not(gsettings('org.gnome.desktop.background', 'picture-uri'), desktopBefore, 'and the desktop changes');
});

t.test('schedule carries --target into the timer; watch and schedule refuse a lock screen the desktop lacks', async (t) => {
  const gnome = await on(t, 'GNOME');
  const plan = await gnome.cli('schedule', '--every', '1h', '--dry-run', '--target', 'both');
  t.equal(plan.code, 0, plan.stderr);
  t.match(plan.stdout, /random --set --if-due \S+ --target both/, 'the timer runs random --set --target both');
  const xfce = await on(t, 'XFCE');
  for (const args of [
    ['schedule', '--every', '1h', '--dry-run', '--target', 'lock'],
    ['watch', '--target', 'both'],
  ]) {
    const result = await xfce.cli(...args);
    t.equal(result.code, 1, args.join(' '));
    t.match(result.stderr, /cannot set target (lock|both): Xfce has no lock-screen wallpaper/, args.join(' '));
  }
  t.same(readCalls(xfce.log), [], 'no desktop tool ran');
});

t.test('a GNOME whose screensaver schema has picture-uri-dark: a light and a dark pick, each in its key', async (t) => {
  // GNOME 43's schema has no dark lock key; a schema that has one (compiled here, ahead of the
  // system's on GSETTINGS_SCHEMA_DIR) is what a newer or a distribution's GNOME would offer.
  const schemas = tempDir(t);
  const key = (name: string) => `<key name="${name}" type="s"><default>''</default></key>`;
  writeFileSync(
    join(schemas, 'org.gnome.desktop.screensaver.gschema.xml'),
    `<schemalist><schema id="org.gnome.desktop.screensaver" path="/org/gnome/desktop/screensaver/">${key('picture-uri')}${key('picture-uri-dark')}</schema></schemalist>`,
  );
  execFileSync('glib-compile-schemas', [schemas]);
  const { cli, gsettings } = await on(t, 'GNOME', { GSETTINGS_SCHEMA_DIR: schemas });
  const result = await cli('random', '--set', '--target', 'lock');
  t.equal(result.code, 0, result.stderr);
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  t.same(
    lines.map(([slot]) => slot),
    ['light', 'dark'],
    'a light and a dark pick, reported by slot',
  );
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(lines[0]![1]!));
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri-dark'), uri(lines[1]![1]!));
  t.equal((await cli('current', '--target', 'lock')).stdout, result.stdout, 'current --target lock reads both slots back');
});

t.test('back --target: only that place, from the newest change that set it', async (t) => {
  const { cli, gsettings } = await on(t, 'GNOME');
  const lockBefore = gsettings('org.gnome.desktop.screensaver', 'picture-uri');
  const first = (await cli('random', '--set', '--target', 'both', '--brightness', 'light')).stdout.trim();
  const second = (await cli('random', '--set', '--brightness', 'light')).stdout.trim();
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(first), 'a desktop-only set leaves the lock screen');
  const back = await cli('back', '--target', 'lock');
  t.equal(back.code, 0, back.stderr);
  t.equal(gsettings('org.gnome.desktop.screensaver', 'picture-uri'), lockBefore, 'the lock screen goes back...');
  t.equal(gsettings('org.gnome.desktop.background', 'picture-uri'), uri(second), '...the desktop stays');
  t.match((await cli('back', '--target', 'lock')).stderr, /nothing to go back to on the lock screen/);
  t.equal((await cli('back')).code, 0);
  t.equal(gsettings('org.gnome.desktop.background', 'picture-uri'), uri(first), 'and plain back still walks the desktop');
});

const skipUnless = (desktop: SettingsDesktop) => ({ skip: lockToolsHere(desktop) === true ? false : (lockToolsHere(desktop) as string) });

t.test('MATE: the screensaver picture-filename, a plain path', skipUnless('MATE'), async (t) => {
  const { cli, gsettings } = await on(t, 'MATE');
  const desktopBefore = gsettings('org.mate.background', 'picture-filename');
  const result = await cli('random', '--set', '--target', 'lock');
  t.equal(result.code, 0, result.stderr);
  t.equal(gsettings('org.mate.screensaver', 'picture-filename'), `'${result.stdout.trim()}'`);
  t.equal(gsettings('org.mate.background', 'picture-filename'), desktopBefore, 'the desktop is untouched');
});

t.test('KDE Plasma: kscreenlockerrc read back with kreadconfig5; both also runs the desktop tool', skipUnless('KDE'), async (t) => {
  const { cli, kdeLockImage, log } = await on(t, 'KDE');
  const lock = await cli('random', '--set', '--target', 'lock');
  t.equal(lock.code, 0, lock.stderr);
  t.equal(kdeLockImage(), pathToFileURL(lock.stdout.trim()).href);
  t.same(readCalls(log), [], 'lock alone: plasma-apply-wallpaperimage never ran');
  const both = await cli('random', '--set', '--target', 'both');
  t.equal(both.code, 0, both.stderr);
  t.equal(kdeLockImage(), pathToFileURL(both.stdout.trim()).href);
  t.same(readCalls(log), [['plasma-apply-wallpaperimage', both.stdout.trim()]]);
  t.equal((await cli('current', '--target', 'lock')).stdout.trim(), both.stdout.trim());
  t.equal((await cli('back')).code, 0);
  t.equal(kdeLockImage(), pathToFileURL(lock.stdout.trim()).href, 'back: the lock screen as before');
  t.equal((await cli('back')).code, 0);
  t.equal(kdeLockImage(), '', "back again: the key removed, Plasma's default shows");
});

t.test('a both whose lock-screen half fails puts the desktop back and remembers nothing', skipUnless('KDE'), async (t) => {
  const { cli, log, root, env } = await on(t, 'KDE');
  // kwriteconfig6 comes first where both are installed: a failing one stands for a broken kconfig.
  copyFileSync(FAKE, join(env.PATH!, 'kwriteconfig6'));
  chmodSync(join(env.PATH!, 'kwriteconfig6'), 0o755);
  const before = (await cli('random', '--set', '--brightness', 'light')).stdout.trim();
  const failing = await runCli(['--home', join(root, 'home'), 'random', '--set', '--target', 'both'], {
    ...env,
    FAKE_FAIL: 'kwriteconfig6',
  });
  t.equal(failing.code, 1);
  t.match(failing.stderr, /kwriteconfig6/, `the tool that failed, named: ${failing.stderr.trim()}`);
  const desktopCalls = readCalls(log).filter(([tool]) => tool === 'plasma-apply-wallpaperimage');
  t.equal(desktopCalls.length, 3, 'set, set by both, set back');
  t.same(desktopCalls.at(-1), ['plasma-apply-wallpaperimage', before], 'the desktop shows what it showed before');
  t.equal((await cli('current')).stdout.trim(), before, 'and the history says so');
});

t.test('no lock screen of its own: lock and both refused naming the desktop, nothing run', async (t) => {
  for (const [desktop, name] of [
    ['XFCE', /Xfce has no lock-screen wallpaper of its own/],
    ['X-Cinnamon', /Cinnamon's lock screen shows the desktop's own wallpaper/],
  ] as const) {
    const { cli, log } = await on(t, desktop);
    for (const target of ['lock', 'both']) {
      const result = await cli('random', '--set', '--target', target);
      t.equal(result.code, 1, `${desktop} ${target}`);
      t.match(result.stderr, name);
      t.match(result.stderr, /nothing was changed/);
      t.equal(result.stdout, '');
      t.same(readCalls(log), [], `${desktop} ${target}: no desktop tool ran`);
    }
    const read = await cli('current', '--target', 'lock');
    t.equal(read.code, 1, `${desktop}: current --target lock`);
    t.match(read.stderr, /^wallpaper: cannot read target lock: /);
  }
  const { cli, root } = await on(t, 'GNOME');
  const setLog = join(root, 'set.log');
  await cli('config', 'set', 'set_command', `sh -c 'echo {path} >> ${setLog}'`);
  const custom = await cli('random', '--set', '--target', 'both');
  t.equal(custom.code, 1);
  t.match(custom.stderr, /the configured set_command sets the desktop only/);
  t.notOk(existsSync(setLog) && readFileSync(setLog, 'utf8'), 'set_command never ran');
});
