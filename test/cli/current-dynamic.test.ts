// `current` on a desktop that is read back while it shows a dynamic wallpaper's frame (docs/design.md
// 8.2 and 8.3): the desktop names the frame file (a .stw's frame, which is also a wallpaper of its
// own) or a rendition of an image inside a HEIC, but what the last change put there is the dynamic
// wallpaper, and `current`, `favorite current` and `back` act on it. Debian's real gsettings with its
// keyfile backend (MATE: one picture, read back with gsettings).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { lockToolsHere, settingsSession } from '../helpers/settings-session.js';

t.test('a .stw shown as its frame file: current names the .stw, as random --set did', async (t) => {
  const usable = lockToolsHere('MATE');
  if (usable !== true) return t.plan(0, `skipped: ${usable}`);
  const root = tempDir(t);
  const walls = join(root, 'walls');
  mkdirSync(join(walls, 'frames'), { recursive: true });
  // One frame all day, so the frame for now is known whatever the clock says.
  await writeImage(join(walls, 'frames', 'day.jpg'), { width: 640, height: 360, color: '#e0c080' });
  writeFileSync(join(walls, 'clock.stw'), 'stw: 1.0\nformat: frames/%s.jpg\n@00:00: day\n');
  const session = settingsSession(root, 'MATE');
  const cli = (...args: string[]) => runCli(['--home', join(root, 'home'), ...args], session.env);
  t.equal((await cli('scan', walls, '--quiet')).code, 0);
  const list = JSON.parse((await cli('list', '--json')).stdout).wallpapers as { id: string; path: string; dynamic: unknown }[];
  const stw = list.find((w) => w.path.endsWith('clock.stw'))!;
  t.match(stw, { dynamic: { kind: 'timed', frames: 1 } }, 'the .stw is one dynamic wallpaper');
  t.ok(
    list.some((w) => w.path.endsWith('day.jpg')),
    'its frame is a wallpaper of its own',
  );

  const set = await cli('random', '--set', '--search', 'clock');
  t.equal(set.code, 0, set.stderr);
  t.equal(set.stdout.trim(), stw.path, "random --set reports the .stw's own path");
  t.equal(
    session.gsettings('org.mate.background', 'picture-filename'),
    `'${join(walls, 'frames', 'day.jpg')}'`,
    'MATE shows the frame file',
  );

  const current = await cli('current', '--json');
  t.equal(current.code, 0, current.stderr);
  t.match(JSON.parse(current.stdout), [{ monitor: null, slot: null, wallpaper: { id: stw.id, path: stw.path } }], 'current names the .stw');
  t.equal((await cli('current')).stdout.trim(), stw.path);
  t.equal((await cli('favorite', 'current')).code, 0);
  t.same(
    (JSON.parse((await cli('list', '--favorites', '--json')).stdout).wallpapers as { id: string }[]).map((w) => w.id),
    [stw.id],
    'favorite current favours the .stw, not its frame',
  );
});
