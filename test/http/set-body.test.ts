// POST /api/wallpapers/{id}/set, the cases an earlier round's abuse run found: a JSON body that is not an
// object is a 400 naming the body (the setter not run); a set_command holding {monitor} runs once
// per monitor (never once with an empty name); a 409 says what to do, not only why.
import { chmodSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { tempDir } from '../helpers/fixtures.js';
import { call, startFixture } from './helpers.js';

async function desktopWith(t: Test, tools: string[], env: NodeJS.ProcessEnv) {
  const bin = tempDir(t);
  for (const tool of tools) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  const log = join(bin, 'calls.log');
  const f = await startFixture(t, { desktopEnv: { PATH: bin, FAKE_LOG: log, ...env } });
  const [w] = f.library.list({}, { page: 1, limit: 1 }).wallpapers;
  const post = (body?: string) =>
    call(f.base, `/api/wallpapers/${w!.id}/set`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
    });
  return { f, w: w!, post, calls: () => readCalls(log) };
}

t.test('a body that is not a JSON object is a 400 naming the body; nothing is set', async (t) => {
  const s = await desktopWith(t, ['swaymsg'], { XDG_CURRENT_DESKTOP: 'sway', WALLPAPER_MONITORS: 'DP-1=1920x1080' });
  for (const body of ['[]', '1', '"x"', 'null']) {
    const answer = await s.post(body);
    t.equal(answer.status, 400, body);
    t.equal(answer.text, 'invalid body: expected a JSON object {"monitor": "NAME", "target": "desktop|lock|both"}, or no body\n', body);
  }
  t.same(s.calls(), [], 'the setter never ran');
  t.equal((await s.post('{}')).status, 204, 'an empty object: every monitor');
});

t.test('set_command with {monitor}: once per monitor, each named', async (t) => {
  const s = await desktopWith(t, ['my-setter'], { WALLPAPER_MONITORS: 'DP-1=1920x1080,HDMI-A-1=1080x1920' });
  s.f.library.updateSettings({ set_command: 'my-setter {monitor} {path}' });
  const answer = await s.post();
  t.equal(answer.status, 204, answer.text);
  t.same(s.calls(), [
    ['my-setter', 'DP-1', s.w.path],
    ['my-setter', 'HDMI-A-1', s.w.path],
  ]);
});

t.test('409 outside a desktop session: why, and what to do', async (t) => {
  const s = await desktopWith(t, [], {});
  const answer = await s.post();
  t.equal(answer.status, 409);
  t.match(
    answer.text,
    /^no desktop session can be set from this server \(.*\): run wallpaper serve inside the desktop session .*set_command/,
  );
});
