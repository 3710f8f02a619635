// POST /api/wallpapers/{id}/set: the phone as the desktop's remote. The server's own desktop session
// (fake sway tools recording argv) gets the wallpaper on every output, or on the one monitor named;
// an unknown monitor is 400, no desktop session 409 with the reason; the set joins the history.
import { chmodSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { tempDir } from '../helpers/fixtures.js';
import { call, startFixture } from './helpers.js';

t.test('set on every output or on one; errors say why', async (t) => {
  const desktop = tempDir(t);
  copyFileSync(FAKE, join(desktop, 'swaymsg'));
  chmodSync(join(desktop, 'swaymsg'), 0o755);
  const log = join(desktop, 'calls.log');
  const desktopEnv = { PATH: desktop, XDG_CURRENT_DESKTOP: 'sway', FAKE_LOG: log, WALLPAPER_MONITORS: 'DP-1=1920x1080,HDMI-A-1=1080x1920' };
  const f = await startFixture(t, { desktopEnv });
  const [w] = f.library.list({}, { page: 1, limit: 1 }).wallpapers;
  const calls = () => readCalls(log);
  const post = (body?: unknown, base = f.base) =>
    call(base, `/api/wallpapers/${w!.id}/set`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  t.equal((await post()).status, 204);
  t.same(calls().at(-1), ['swaymsg', 'output', '*', 'bg', w!.path, 'fill'], 'every output');
  t.equal((await post({ monitor: 'HDMI-A-1' })).status, 204);
  t.same(calls().at(-1), ['swaymsg', 'output', 'HDMI-A-1', 'bg', w!.path, 'fill'], 'that output only');
  t.same(f.library.recentlySet(5, 'HDMI-A-1'), [w!.id], 'in the history of that monitor');

  const unknown = await post({ monitor: 'DP-9' });
  t.equal(unknown.status, 400);
  t.equal(unknown.text, 'invalid monitor "DP-9": this desktop has DP-1, HDMI-A-1\n');
  const bad = await post({ monitor: 7 });
  t.match(bad.text, /^invalid monitor: expected \{"monitor": "NAME"\}/);

  const outside = await startFixture(t, { desktopEnv: {} });
  const none = await post(undefined, outside.base);
  t.equal(none.status, 409);
  t.match(none.text, /^no desktop session can be set from this server \(XDG_CURRENT_DESKTOP unset, no DISPLAY or WAYLAND_DISPLAY\)/);

  const failing = await startFixture(t, { desktopEnv: { ...desktopEnv, FAKE_FAIL: 'swaymsg', FAKE_STDERR: 'Unable to connect to sway' } });
  const failed = await post(undefined, failing.base);
  t.equal(failed.status, 409);
  t.match(failed.text, /^the desktop could not be set: swaymsg failed \(exit status 1\): Unable to connect to sway/);
});
