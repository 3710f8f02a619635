// Edges of the desktop path that an earlier round's abuse run found: `random --set --same` with a
// set_command holding {monitor} runs it once per monitor (never once with an empty name), and
// `watch` with no desktop at all exits 1 with one line instead of idling forever.
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('--same with set_command {monitor}: the one pick on each monitor, each named', async (t) => {
  const root = tempDir(t);
  await writeImage(join(root, 'walls', 'one.jpg'), { width: 1920, height: 1080, color: '#204060' });
  mkdirSync(join(root, 'bin'));
  copyFileSync(FAKE, join(root, 'bin', 'my-setter'));
  chmodSync(join(root, 'bin', 'my-setter'), 0o755);
  const log = join(root, 'calls.log');
  const env = { PATH: join(root, 'bin'), FAKE_LOG: log, WALLPAPER_MONITORS: 'DP-1=1920x1080,DP-2=1920x1080', DISPLAY: '' };
  const cli = (args: string[]) => runCli(['--home', join(root, 'home'), ...args], env);
  await cli(['scan', join(root, 'walls'), '--quiet']);
  await cli(['config', 'set', 'set_command', 'my-setter {monitor} {path}']);
  const result = await cli(['random', '--set', '--same']);
  t.equal(result.code, 0, result.stderr);
  const file = result.stdout.trim();
  t.same(readCalls(log), [
    ['my-setter', 'DP-1', file],
    ['my-setter', 'DP-2', file],
  ]);
});

t.test('watch without any desktop: exit 1, one line', async (t) => {
  const root = tempDir(t);
  const result = await runCli(['--home', join(root, 'home'), 'watch'], {
    PATH: join(root, 'nothing'),
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    XDG_CURRENT_DESKTOP: '',
    DESKTOP_SESSION: '',
  });
  t.equal(result.code, 1);
  t.match(
    result.stderr,
    /^wallpaper: watch needs a desktop session \(.*\): run it inside one, or configure a setter with: .*set_command.*\n$/,
  );
});
