// The curation commands as bin/ runs them: favorite and hide by id or path, tag +/- and the tag
// list, the filter flags (--color, --tag, --search, --favorites, --hidden) and --sort on list and
// random, `random --set --favorites`, and duplicates (--json, --not, --trash-others to the trash).
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { readCalls } from '../helpers/fake-desktop.js';
import { tempDir, twoColourBytes, writeImage } from '../helpers/fixtures.js';
import { EDITS, photo } from '../helpers/photos.js';

const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

async function setup(t: Parameters<typeof tempDir>[0]) {
  const root = tempDir(t);
  const pictures = join(root, 'Wallpapers');
  await writeImage(join(pictures, 'nature', 'mountains', 'peak.jpg'), { width: 800, height: 450, color: '#1e3a5f' });
  await writeImage(join(pictures, 'nature', 'lake.png'), { width: 800, height: 450, color: '#2f6f4f', format: 'png' });
  await writeImage(join(pictures, 'city', 'night.jpg'), { width: 800, height: 450, color: '#101018' });
  writeFileSync(join(pictures, 'sand.png'), await twoColourBytes(800, 450, '#e0c080', '#c0a060'));
  const home = join(root, 'home');
  const cli = (...args: string[]) => runCli(['--home', home, ...args]);
  await cli('scan', pictures, '--quiet');
  const list = async (...args: string[]) => {
    const result = await cli('list', '--json', ...args);
    return (JSON.parse(result.stdout) as { wallpapers: { filename: string }[] }).wallpapers.map((w) => w.filename).sort();
  };
  return { root, pictures, home, cli, list };
}

t.test('favorite, hide and tag by id or path; the flags filter by them', async (t) => {
  const s = await setup(t);
  const peak = join(s.pictures, 'nature', 'mountains', 'peak.jpg');
  const favorite = await s.cli('favorite', peak);
  t.equal(favorite.code, 0, favorite.stderr);
  t.match(favorite.stdout, /^favourite: [0-9a-f]{16} .*peak\.jpg\n$/);
  t.same(await s.list('--favorites'), ['peak.jpg']);
  const id = favorite.stdout.split(' ')[1]!;
  t.equal((await s.cli('favorite', id, '--off')).code, 0);
  t.same(await s.list('--favorites'), []);

  t.equal((await s.cli('hide', join(s.pictures, 'city', 'night.jpg'))).code, 0);
  t.same(await s.list(), ['lake.png', 'peak.jpg', 'sand.png'], 'hidden ones are left out');
  t.same(await s.list('--hidden', 'true'), ['night.jpg']);
  t.same(await s.list('--hidden', 'any'), ['lake.png', 'night.jpg', 'peak.jpg', 'sand.png']);
  for (let i = 0; i < 5; i++) t.notMatch((await s.cli('random')).stdout, /night\.jpg/, 'random never picks it');

  const tagged = await s.cli('tag', id, '+Space', 'blue', '-nope');
  t.equal(tagged.code, 0, tagged.stderr);
  t.equal(tagged.stdout, `${id}: blue, mountains, nature, space\n`, 'user tags with the folder tags');
  t.equal((await s.cli('tag', id, '-space')).stdout, `${id}: blue, mountains, nature\n`, 'a dash removes');
  t.same(await s.list('--tag', 'nature', '--tag', 'blue'), ['peak.jpg']);
  t.same(await s.list('--search', 'lake'), ['lake.png']);
  t.same(await s.list('--color', 'e0c080'), ['sand.png']);
  const sorted = await s.cli('list', '--json', '--color', '1e3a5f', '--color-tolerance', '1', '--sort', 'color');
  t.equal(JSON.parse(sorted.stdout).wallpapers[0].filename, 'peak.jpg', '--sort color: closest first');
  const tags = await s.cli('tag');
  t.match(tags.stdout, /^TAG\s+WALLPAPERS\nblue\s+1\nmountains\s+1\nnature\s+2\n$/, 'counts leave hidden ones out (city/night.jpg)');

  for (const [args, message] of [
    [['list', '--color', 'navy'], /^wallpaper: invalid --color "navy": expected a hex colour/],
    [['list', '--sort', 'color'], /^wallpaper: invalid sort "color": .*color=HEX/],
    [['list', '--hidden', 'maybe'], /^wallpaper: invalid --hidden "maybe"/],
  ] as const) {
    const result = await s.cli(...args);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, message);
  }
  const unknown = await s.cli('favorite', '/no/such/file.jpg');
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /^wallpaper: no wallpaper with id or indexed file "\/no\/such\/file\.jpg"\n$/);
});

t.test('random --set --favorites picks among favourites', async (t) => {
  const s = await setup(t);
  const bin = join(s.root, 'bin');
  mkdirSync(bin);
  copyFileSync(FAKE, join(bin, 'gsettings'));
  chmodSync(join(bin, 'gsettings'), 0o755);
  const log = join(s.root, 'calls.log');
  await s.cli('favorite', join(s.pictures, 'nature', 'lake.png'));
  for (let i = 0; i < 3; i++) {
    const result = await runCli(['--home', s.home, 'random', '--set', '--favorites'], {
      PATH: bin,
      FAKE_LOG: log,
      XDG_CURRENT_DESKTOP: 'GNOME',
    });
    t.equal(result.code, 0, result.stderr);
  }
  const uris = readCalls(log)
    .filter((argv) => argv[1] === 'set' && argv[3] === 'picture-uri')
    .map((argv) => argv[4]);
  t.ok(uris.length === 3 && uris.every((uri) => uri?.endsWith('lake.png')), 'every set is the favourite');
});

t.test('duplicates: groups, --not, --trash-others moves the others to the trash', async (t) => {
  const s = await setup(t);
  const original = await photo(41, 1600, 900);
  writeFileSync(join(s.pictures, 'best.png'), original);
  writeFileSync(join(s.pictures, 'copy-small.jpg'), await EDITS['resized 50%']!(original));
  writeFileSync(join(s.pictures, 'copy-cropped.jpg'), await EDITS['cropped 5% each side']!(original));
  await s.cli('scan', '--quiet');
  const listed = await s.cli('duplicates');
  t.equal(listed.code, 0, listed.stderr);
  t.match(listed.stdout, /^keep\s+[0-9a-f]{16}\s+1600x900 .*best\.png\n/, 'the one to keep first');
  t.match(listed.stdout, /1 groups; 2 wallpapers \([\d.]+ (?:bytes|KB|MB)\) could go\n$/);
  const { groups } = JSON.parse((await s.cli('duplicates', '--json')).stdout) as { groups: { ids: string[]; keep: string }[] };
  t.equal(groups.length, 1);
  t.equal(groups[0]!.ids.length, 3);

  const two = groups[0]!.ids.filter((id) => id !== groups[0]!.keep);
  const marked = await s.cli('duplicates', '--not', ...two);
  t.equal(marked.code, 0, marked.stderr);
  // A mark is strict: the two marked copies never share a group, even through the original.
  const after = JSON.parse((await s.cli('duplicates', '--json')).stdout).groups as { ids: string[]; keep: string }[];
  t.same(
    after.map((g) => g.ids.length),
    [2],
    'the original with one copy',
  );
  t.equal(after[0]!.keep, groups[0]!.keep, 'the best one still kept');
  t.notOk(
    two.every((id) => after[0]!.ids.includes(id)),
    'the marked copies are not in one group',
  );

  const trashed = await s.cli('duplicates', '--trash-others');
  t.equal(trashed.code, 0, trashed.stderr);
  t.match(trashed.stdout, /Moved 1 wallpapers? \([\d.]+ (?:bytes|KB|MB)\) to the trash; kept one of each of 1 groups?\n$/);
  t.ok(existsSync(join(s.pictures, 'best.png')), 'the best copy stays');
  t.equal(
    ['copy-small.jpg', 'copy-cropped.jpg'].filter((name) => existsSync(join(s.pictures, name))).length,
    1,
    'one copy moved away, the other (marked apart from it) kept',
  );
  t.equal(readdirSync(join(s.home, 'trash')).length, 1, 'into the trash, not deleted');
  t.match(
    (await s.cli('duplicates')).stdout,
    /^keep\s+[0-9a-f]{16}\s+1600x900 .*best\.png\n/,
    'the copy kept apart from the trashed one is a copy of the best one still: one group again',
  );
  const bad = await s.cli('duplicates', '--not', groups[0]!.keep);
  t.equal(bad.code, 2);
  t.match(bad.stderr, /invalid ids: give at least two different wallpapers/);
});
