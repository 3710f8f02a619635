// POST /api/wallpapers/{id}/set with {"target"} (docs/design.md#the-wallpaper-on-screen): the lock screen of the desktop the
// server runs in, set and read back with the desktop's real settings tool (gsettings, keyfile
// backend); `both` sets the desktop too; a bad target is a 400 naming it and its words; a desktop
// without a lock screen answers 409 naming it, with nothing run; a `both` whose desktop half fails
// leaves the lock screen exactly as it was; GET /api/status says which targets this desktop has.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { readCalls } from '../helpers/fake-desktop.js';
import { tempDir } from '../helpers/fixtures.js';
import { type SettingsDesktop, settingsSession } from '../helpers/settings-session.js';
import { call, startFixture } from './helpers.js';

async function serverOn(t: Test, desktop: SettingsDesktop, env: NodeJS.ProcessEnv = {}) {
  const session = settingsSession(tempDir(t), desktop);
  const f = await startFixture(t, { desktopEnv: { ...session.env, ...env } });
  const [w] = f.library.list({ brightness: 'light' }, { page: 1, limit: 1 }).wallpapers;
  const post = (body: string, id = w!.id) =>
    call(f.base, `/api/wallpapers/${id}/set`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const targets = async () => (await call(f.base, '/api/status')).json<{ set_targets: string[] }>().set_targets;
  return { ...session, f, w: w!, post, targets };
}

const uri = (path: string) => `'${pathToFileURL(path).href}'`;

t.test('GNOME: lock sets the screensaver key only, both sets both; status lists the targets', async (t) => {
  const s = await serverOn(t, 'GNOME');
  t.same(await s.targets(), ['desktop', 'lock', 'both']);
  const desktopBefore = s.gsettings('org.gnome.desktop.background', 'picture-uri');
  const lock = await s.post('{"target": "lock"}');
  t.equal(lock.status, 204, lock.text);
  t.equal(s.gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(s.w.path), 'the lock screen shows it');
  t.equal(s.gsettings('org.gnome.desktop.background', 'picture-uri'), desktopBefore, 'the desktop is untouched');
  const [other] = s.f.library.list({ brightness: 'dark' }, { page: 1, limit: 1 }).wallpapers;
  const both = await s.post('{"target": "BOTH"}', other!.id);
  t.equal(both.status, 204, both.text);
  t.equal(s.gsettings('org.gnome.desktop.background', 'picture-uri-dark'), uri(other!.path), 'both: the desktop...');
  t.equal(s.gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(other!.path), '...and the lock screen');
  t.equal((await s.post('{"target": "desktop"}')).status, 204);
  t.equal(s.gsettings('org.gnome.desktop.screensaver', 'picture-uri'), uri(other!.path), 'desktop leaves the lock screen');
});

t.test('a bad target: 400 naming target and its words, nothing set', async (t) => {
  const s = await serverOn(t, 'GNOME');
  const before = s.gsettings('org.gnome.desktop.screensaver', 'picture-uri');
  for (const [body, shown] of [
    ['{"target": "screen"}', '"screen"'],
    ['{"target": 5}', '5'],
    ['{"target": ["lock"]}', '["lock"]'],
    ['{"target": ""}', '""'],
  ] as const) {
    const answer = await s.post(body);
    t.equal(answer.status, 400, body);
    t.equal(answer.text, `invalid target ${shown}: expected desktop, lock or both\n`, body);
  }
  const monitor = await s.post('{"target": "lock", "monitor": "DP-1"}');
  t.equal(monitor.status, 400);
  t.match(monitor.text, /^invalid monitor: the lock screen has one picture for every monitor/);
  t.equal(s.gsettings('org.gnome.desktop.screensaver', 'picture-uri'), before, 'nothing changed');
});

t.test('no lock screen of its own: 409 naming the desktop, no tool run, not even the desktop half', async (t) => {
  const s = await serverOn(t, 'XFCE');
  t.same(await s.targets(), ['desktop'], 'status: the desktop only');
  for (const target of ['lock', 'both']) {
    const answer = await s.post(JSON.stringify({ target }));
    t.equal(answer.status, 409, target);
    t.match(answer.text, /^cannot set target (lock|both): Xfce has no lock-screen wallpaper of its own; .*nothing was changed\n$/);
  }
  t.same(readCalls(s.log), [], 'xfconf-query never ran');
  const unknown = await s.post('{"target": "lock"}', 'ffffffffffffffff');
  t.equal(unknown.status, 409, 'the desktop is refused before the id is looked up');
});

t.test('a both whose desktop half fails puts the lock screen back exactly, its plugin too', async (t) => {
  const s = await serverOn(t, 'KDE', { FAKE_FAIL: 'plasma-apply-wallpaperimage' });
  // A lock screen on Plasma's slideshow: no one file to name, and the set switches the plugin.
  const plugin = ['--file', 'kscreenlockerrc', '--group', 'Greeter', '--key', 'WallpaperPlugin'];
  execFileSync('/usr/bin/kwriteconfig5', [...plugin, 'org.kde.slideshow'], { env: s.env });
  const before = s.kdeLockImage();
  const answer = await s.post('{"target": "both"}');
  t.equal(answer.status, 409, answer.text);
  t.match(answer.text, /plasma-apply-wallpaperimage/, "the desktop tool's failure, in its words");
  t.equal(s.kdeLockImage(), before, 'the lock screen is as it was');
  const kept = execFileSync('/usr/bin/kreadconfig5', [...plugin], { env: s.env, encoding: 'utf8' });
  t.equal(kept, 'org.kde.slideshow\n', 'its slideshow plugin too');
  t.equal(s.kdeLockImage('absent'), 'absent', 'and an Image never written is absent again, not empty');
  t.same(
    readCalls(s.log).map(([tool]) => tool),
    ['plasma-apply-wallpaperimage'],
    'the desktop tool was tried once',
  );
});
