// `random --set --favorites` through the desktop facade (docs/design.md#cli-rules): --favorites is a filter,
// so it must hold for every pick one call makes, whatever the desktop does with them: GNOME's light
// and dark slot, one pick per monitor, and a one-for-all set under --appearance. Fake desktop tools on
// PATH record what was really set; a library of favourites and look-alikes that are not.
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { runCli } from '../helpers/cli.js';
import { readCalls } from '../helpers/fake-desktop.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));
const MONITORS = 'DP-1=1920x1080,DP-2=1080x1920';

/** Each shape and brightness twice: the favourite, and one like it that is not. */
const WALLS = [
  { name: 'fav-wide-light', colour: '#f0f0a0', width: 1920, height: 1080, favorite: true },
  { name: 'fav-wide-dark', colour: '#202080', width: 1920, height: 1080, favorite: true },
  { name: 'fav-tall-light', colour: '#c0f0a0', width: 1080, height: 1920, favorite: true },
  { name: 'fav-tall-dark', colour: '#104848', width: 1080, height: 1920, favorite: true },
  { name: 'wide-light', colour: '#a0f0f0', width: 1920, height: 1080, favorite: false },
  { name: 'wide-dark', colour: '#802020', width: 1920, height: 1080, favorite: false },
  { name: 'tall-light', colour: '#f0c070', width: 1080, height: 1920, favorite: false },
  { name: 'tall-dark', colour: '#603010', width: 1080, height: 1920, favorite: false },
];

interface Entry {
  monitor: string | null;
  slot: string | null;
  wallpaper: { path: string; favorite: boolean };
}

async function setup(t: Test) {
  const root = tempDir(t);
  const pictures = join(root, 'walls');
  const paths = new Map<string, string>();
  for (const wall of WALLS) {
    const file = join(pictures, `${wall.name}.png`);
    await writeImage(file, { width: wall.width, height: wall.height, color: wall.colour, format: 'png' });
    paths.set(file, wall.name);
  }
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const tool of ['gsettings', 'my-setter']) {
    copyFileSync(FAKE, join(bin, tool));
    chmodSync(join(bin, tool), 0o755);
  }
  const log = join(root, 'calls.log');
  const home = join(root, 'home');
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(['--home', home, ...args], { PATH: bin, FAKE_LOG: log, ...env });
  await cli(['scan', pictures, '--quiet']);
  for (const wall of WALLS.filter((one) => one.favorite)) await cli(['favorite', join(pictures, `${wall.name}.png`)]);
  /** The fixture name of a path, or of a file:// URI. */
  const nameOf = (path: string) => paths.get(path.startsWith('file:') ? fileURLToPath(path) : path) ?? path;
  return { bin, cli, log, nameOf, uri: (path: string) => pathToFileURL(path).href };
}

const favourite = (name: string) => name.startsWith('fav-');

t.test('GNOME: both slots hold favourites, a light and a dark one, as set', async (t) => {
  const s = await setup(t);
  for (let run = 1; run <= 3; run++) {
    const result = await s.cli(['random', '--set', '--favorites', '--json', '--monitors', MONITORS], { XDG_CURRENT_DESKTOP: 'GNOME' });
    t.equal(result.code, 0, `run ${run}: ${result.stderr}`);
    const entries = JSON.parse(result.stdout) as Entry[];
    t.same(
      entries.map(({ slot, wallpaper }) => [slot, s.nameOf(wallpaper.path), wallpaper.favorite]),
      [
        ['light', 'fav-wide-light', true],
        ['dark', 'fav-wide-dark', true],
      ],
      `run ${run}: the landscape favourites, light and dark, for the landscape primary monitor`,
    );
  }
  const set = (key: string) =>
    readCalls(s.log)
      .filter((argv) => argv[0] === 'gsettings' && argv[1] === 'set' && argv[3] === key)
      .map((argv) => s.nameOf(argv[4] ?? ''));
  t.same(set('picture-uri'), ['fav-wide-light', 'fav-wide-light', 'fav-wide-light'], 'the light slot was set to the favourite');
  t.same(set('picture-uri-dark'), ['fav-wide-dark', 'fav-wide-dark', 'fav-wide-dark'], 'the dark slot was set to the favourite');
});

t.test('one pick per monitor: each a favourite of its monitor orientation, as set', async (t) => {
  const s = await setup(t);
  await s.cli(['config', 'set', 'set_command', `${join(s.bin, 'my-setter')} --output {monitor} {path}`]);
  for (let run = 1; run <= 3; run++) {
    const result = await s.cli(['random', '--set', '--favorites', '--json', '--monitors', MONITORS]);
    t.equal(result.code, 0, `run ${run}: ${result.stderr}`);
    const entries = JSON.parse(result.stdout) as Entry[];
    t.same(
      entries.map(({ monitor, slot, wallpaper }) => [monitor, slot, wallpaper.favorite]),
      [
        ['DP-1', null, true],
        ['DP-2', null, true],
      ],
      `run ${run}: one favourite per monitor`,
    );
    const [wide, tall] = entries.map((entry) => s.nameOf(entry.wallpaper.path));
    t.ok(favourite(wide ?? '') && wide?.startsWith('fav-wide'), `run ${run}: DP-1 gets a landscape favourite (${wide})`);
    t.ok(favourite(tall ?? '') && tall?.startsWith('fav-tall'), `run ${run}: DP-2 gets a portrait favourite (${tall})`);
  }
  const set = readCalls(s.log)
    .filter((argv) => argv[0] === 'my-setter')
    .map((argv) => [argv[2], s.nameOf(argv[3] ?? '')]);
  t.equal(set.length, 6, 'two monitors set in each of three runs');
  t.ok(
    set.every(([, name]) => favourite(name ?? '')),
    `every file set is a favourite: ${set.map((one) => one.join(' ')).join(', ')}`,
  );
});

t.test('--appearance dark --same: the dark landscape favourite, everywhere', async (t) => {
  const s = await setup(t);
  await s.cli(['config', 'set', 'set_command', `${join(s.bin, 'my-setter')} {path}`]);
  for (let run = 1; run <= 2; run++) {
    const result = await s.cli(['random', '--set', '--favorites', '--appearance', 'dark', '--same', '--json', '--monitors', MONITORS]);
    t.equal(result.code, 0, `run ${run}: ${result.stderr}`);
    const picked = JSON.parse(result.stdout) as Entry['wallpaper'];
    t.same([s.nameOf(picked.path), picked.favorite], ['fav-wide-dark', true], `run ${run}: one Wallpaper object, the favourite`);
  }
  const set = readCalls(s.log)
    .filter((argv) => argv[0] === 'my-setter')
    .map((argv) => s.nameOf(argv[1] ?? ''));
  t.same(set, ['fav-wide-dark', 'fav-wide-dark'], 'what was set is the favourite');
});

t.test('no favourite matches: exit 1, nothing set', async (t) => {
  const s = await setup(t);
  await s.cli(['config', 'set', 'set_command', `${join(s.bin, 'my-setter')} {path}`]);
  const result = await s.cli(['random', '--set', '--favorites', '--brightness', 'medium', '--monitors', MONITORS]);
  t.equal(result.code, 1, result.stderr);
  t.match(result.stderr, /^wallpaper: .*match/);
  t.same(
    readCalls(s.log).filter((argv) => argv[0] === 'my-setter'),
    [],
    'the setter never ran',
  );
});
