// The settings record: defaults, validation of changes and of the file on disk, folder rules (no
// `.`/`..` segments, nothing inside the data home but its uploads), and that the walk never enters
// the data home's own folders even when a library folder holds the home.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { oneFolder } from '../../src/core/settings/home.js';
import { openSettings } from '../../src/core/settings/settings.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('folder rules apply to every change', async (t) => {
  const root = tempDir(t);
  const home = join(root, 'home');
  const pictures = join(root, 'pictures');
  mkdirSync(join(home, 'thumbnails'), { recursive: true });
  mkdirSync(pictures);
  symlinkSync(join(home, 'thumbnails'), join(root, 'sneaky'));
  const settings = openSettings(oneFolder(home));
  const refused: [unknown, RegExp][] = [
    [{ folders: [`${pictures}/../pictures`] }, /^invalid folders: expected an absolute folder path without \. or \.\. segments$/],
    [{ folders: [`${pictures}/.`] }, /without \. or \.\./],
    [{ folders: ['pictures'] }, /^invalid folders: expected an absolute folder path$/],
    [{ folders: [home] }, /^invalid folders: expected a folder outside the library's data, config and cache homes/],
    [{ folders: [join(home, 'thumbnails')] }, /outside the library's data, config and cache homes/],
    [{ folders: [join(root, 'sneaky')] }, /outside the library's data, config and cache homes/],
    [
      { upload_folder: join(home, 'trash') },
      /^invalid upload_folder: expected a folder outside the library's data, config and cache homes/,
    ],
    [{ folders: [join(root, 'missing')] }, /^invalid folders: .*missing does not exist$/],
    [{ thumbnail_size: 63 }, /^invalid thumbnail_size: expected a whole number from 64 to 2048$/],
    [{ max_upload_bytes: 1.5 }, /^invalid max_upload_bytes/],
    [{ set_command: 7 }, /^invalid set_command: expected a command string or null$/],
    [
      { set_command: "feh --bg-fill '{path}" },
      /^invalid set_command: expected a command line whose quotes and backslashes close \(unterminated single quote\)$/,
    ],
    [
      { on_change: 'notify-send "{path}' },
      /^invalid on_change: expected a command line whose quotes and backslashes close \(unterminated double quote\)$/,
    ],
    [{ on_change: 'echo \\' }, /^invalid on_change: expected a command line whose quotes and backslashes close \(trailing backslash\)$/],
    [{ colour: 'red' }, /^unknown setting "colour": expected one of folders, upload_folder/],
    [[], /^invalid settings: expected a JSON object/],
  ];
  for (const [patch, message] of refused) {
    t.throws(() => settings.update(patch), { code: 'invalid_param', message }, JSON.stringify(patch));
  }
  t.same(settings.read().folders, [], 'nothing saved');
  t.same(
    settings.update({ folders: [pictures, pictures], upload_folder: join(home, 'uploads', 'phone') }).folders,
    [pictures],
    'duplicates dropped',
  );
  t.equal(settings.update({ set_command: '  ' }).set_command, null, 'a blank command means detect');
});

t.test('with separate homes, a library folder may be in none of them', async (t) => {
  const root = tempDir(t);
  const dirs = { config: join(root, 'c'), data: join(root, 'd'), cache: join(root, 'k'), layout: 'platform' as const };
  for (const dir of [dirs.config, join(dirs.data, 'uploads'), join(dirs.cache, 'thumbnails'), join(root, 'pictures')])
    mkdirSync(dir, { recursive: true });
  const settings = openSettings(dirs);
  t.equal(settings.read().upload_folder, join(dirs.data, 'uploads'), 'uploads default to the data home');
  for (const folder of [dirs.config, dirs.data, dirs.cache, join(dirs.cache, 'thumbnails')]) {
    t.throws(
      () => settings.update({ folders: [folder] }),
      { code: 'invalid_param', message: /outside the library's data, config and cache homes/ },
      folder,
    );
  }
  t.same(settings.update({ folders: [join(root, 'pictures')] }).folders, [join(root, 'pictures')], 'a folder beside them is fine');
  t.ok(existsSync(join(dirs.config, 'settings.json')), 'saved in the config home');
});

t.test("a bad settings file is the owner's to fix: its own code, naming key and file", async (t) => {
  const home = tempDir(t);
  const file = join(home, 'settings.json');
  const cases: [string, RegExp][] = [
    ['{"thumbnail_size": "big"}', /^invalid thumbnail_size in .*settings\.json: expected a whole number/],
    ['{"colour": 1}', /^unknown setting "colour" in .*settings\.json/],
    ['[1]', /^invalid settings in .*settings\.json: expected a JSON object$/],
    ['{ nope', /^settings file .*settings\.json cannot be read: /],
  ];
  for (const [text, message] of cases) {
    writeFileSync(file, text);
    t.throws(() => openSettings(oneFolder(home)).read(), { code: 'bad_settings_file', message }, text);
  }
});

t.test('a library folder holding the data home never indexes its thumbnails or trash', async (t) => {
  const root = tempDir(t);
  const home = join(root, 'home');
  await writeImage(join(root, 'wall.jpg'), { width: 640, height: 360, color: '#224466' });
  const library = openLibrary({ home });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [root] });
  t.equal((await library.scan()).total, 1);
  const [wallpaper] = library.list({}, { page: 1, limit: 5 }).wallpapers;
  await library.thumbnailFile(wallpaper!.id); // a .webp in <home>/thumbnails
  await writeImage(join(home, 'trash', 'deleted.png'), { width: 100, height: 100, color: '#ff0000', format: 'png' });
  await writeImage(join(home, 'downloads', 'fetched.webp'), { width: 100, height: 100, color: '#00ff00', format: 'webp' });
  await writeImage(join(home, 'uploads', 'sent.png'), { width: 120, height: 100, color: '#0000ff', format: 'png' });
  const summary = await library.scan();
  t.equal(summary.total, 2, 'the wall and the upload, nothing from the cache, the trash or downloads');
  t.same(
    library
      .list({}, { page: 1, limit: 5 })
      .wallpapers.map((w) => w.filename)
      .sort(),
    ['sent.png', 'wall.jpg'],
  );
});
