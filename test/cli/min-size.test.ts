// The settings key min_size (docs/cli.md#wallpaper-config) on a folder of wallpapers and
// the icons and sprites a folder such as /usr/share holds, made with sharp. Off (the default
// "0x0"), every picture is indexed and the scan says how many are under 320x200 with the line that
// leaves them out; set, smaller pictures (either way round) are skipped with the reason naming the
// setting, those indexed before leave the index at the next scan, and unset again they come back.
// A value that is no size is exit 2 naming the key, the settings unchanged.
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const PICTURES: [name: string, width: number, height: number, colour: string][] = [
  ['landscape.jpg', 1280, 720, '#305080'],
  ['portrait.jpg', 720, 1280, '#805030'],
  ['icon.png', 64, 64, '#20a040'],
  ['star.png', 100, 2, '#f0f0f0'],
  ['logo.png', 80, 26, '#a02040'],
  ['banner.jpg', 640, 300, '#406080'],
];

t.test('min_size: off, a hint for small pictures; set, they are skipped and leave the index; unset, they return', async (t) => {
  const folder = tempDir(t);
  for (const [name, width, height, color] of PICTURES)
    await writeImage(join(folder, name), { width, height, color, format: name.endsWith('.png') ? 'png' : 'jpeg' });
  const home = tempDir(t, 'wallpaper-home-');
  const cli = (...args: string[]) => runCli(['--home', home, ...args]);
  const scanJson = async () => {
    const result = await cli('scan', '--json');
    t.equal(result.code, 0, result.stderr);
    return JSON.parse(result.stdout);
  };

  const first = await cli('scan', folder);
  t.equal(first.code, 0, first.stderr);
  t.match(first.stdout, /Indexed 6 wallpapers: 6 added/, 'off: every picture indexed, however small');
  t.match(
    first.stderr,
    /^3 pictures under 320x200 indexed \(icons, sprites\?\); to leave them out:\n {2}wallpaper config set min_size 320x200\n/m,
  );
  t.equal((await cli('config', 'get', 'min_size')).stdout.trim(), '0x0', 'the default is 0x0 (off)');

  for (const bad of ['640', 'axb', '-640x360', '640x360x2', '640.5x360', '99999x1', '']) {
    const refused = await cli('config', 'set', 'min_size', bad);
    t.equal(refused.code, 2, `${JSON.stringify(bad)}: exit 2`);
    t.match(
      refused.stderr,
      /invalid min_size: expected "WIDTHxHEIGHT" in whole pixels \(640x360; 0x0 indexes every picture\)/,
      `${JSON.stringify(bad)}: names the key and what is accepted`,
    );
  }
  t.equal((await cli('config', 'get', 'min_size')).stdout.trim(), '0x0', 'a refused value changes nothing');

  t.equal((await cli('config', 'set', 'min_size', '360X640')).code, 0, 'either way round, x or X');
  t.equal((await cli('config', 'get', 'min_size')).stdout.trim(), '360x640', 'kept as written');
  const set = await scanJson();
  const reason = 'smaller than min_size 360x640';
  t.same(
    set.skipped.map((s: { path: string; reason: string }) => [s.path.slice(folder.length + 1), s.reason]),
    ['banner.jpg', 'icon.png', 'logo.png', 'star.png'].map((name) => [name, reason]),
    'each smaller picture skipped with the reason naming the setting (640x300 is under 640x360 either way round)',
  );
  t.same([set.removed, set.total, set.failed], [4, 2, []], 'those indexed before leave the index; the portrait stays (orientation-free)');
  t.notOk('small' in set, 'no hint with min_size set');
  const again = await cli('scan');
  t.match(again.stderr, /^4 skipped: smaller than min_size 360x640 \(--verbose lists them\)$/m, 'the text summary says why');
  t.notMatch(again.stderr, /under 320x200/);
  t.match(again.stdout, /6 unchanged/, 'not read again while min_size stays');

  await writeImage(join(folder, 'new-icon.png'), { width: 48, height: 48, color: '#c0c020', format: 'png' });
  const added = await scanJson();
  t.same([added.added, added.total, added.skipped.length], [0, 2, 5], 'a new small picture is never indexed');

  t.equal((await cli('config', 'set', 'min_size', '0x0')).code, 0);
  const unset = await scanJson();
  t.same([unset.added, unset.total, unset.skipped], [5, 7, []], 'unset: the small pictures are indexed again');
  t.equal(unset.small, 4, 'and counted under 320x200 (the 640x300 banner is not)');

  // The library's own check names the key (the HTTP settings route answers 400 with it).
  const library = openLibrary({ home });
  t.teardown(() => library.close());
  t.throws(() => library.updateSettings({ min_size: 640 }), { code: 'invalid_param', message: /invalid min_size: expected/ });
});
