// Which folders make tags (curate/folder-tags.ts), table-tested: only folders below the
// library folder, and none that says nothing about the picture (system path parts, generic picture
// folder names, the inside of a package, size folders). An index tagged by the old rule (every
// folder on the way) is corrected by its next scan, reading no image again.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { folderTagOf, folderTags } from '../../src/core/curate/folder-tags.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { openStore } from '../../src/core/store/index.js';
import { MIGRATIONS } from '../../src/core/store/schema.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('the folder names that make no tag, and those that do', async (t) => {
  const none = [
    ...['usr', 'share', 'local', 'opt', 'home', 'Users', 'Library', 'Windows', 'Web'],
    ...['wallpapers', 'Wallpapers', 'WALLPAPERS', 'backgrounds', 'Pictures', 'images', 'Desktop Pictures', 'photos', 'contents'],
    ...['images_dark', 'icons', 'pixmaps', 'thumbnails'],
    ...['128x128', '1920x1080', '3840X2160', '1920 × 1080', '48x48@2', '256x256@2x', '1080p', '2160p', '4k', '8K', 'HD', 'uhd'],
    ...['scalable', 'hidpi'],
  ];
  for (const name of none) t.equal(folderTagOf(name), undefined, `${name}: no tag`);
  const tags: [string, string][] = [
    ['Nature', 'nature'],
    ['Star  Wars', 'star wars'],
    ['gnome', 'gnome'],
    ['ColdRipple', 'coldripple'],
    ['desktop-base', 'desktop-base'],
    ['x1920', 'x1920'],
    ['4k-nature', '4k-nature'],
    ['2019', '2019'],
    ['hdr', 'hdr'],
    ['my wallpapers', 'my wallpapers'],
  ];
  for (const [name, tag] of tags) t.equal(folderTagOf(name), tag, `${name}: ${tag}`);
});

t.test('folder tags: only folders below the library folder, by the rule', async (t) => {
  const table: [path: string, folders: string[], tags: string[]][] = [
    ['/w/nature/mountains/a.jpg', ['/w'], ['nature', 'mountains']],
    ['/w/a.jpg', ['/w'], []],
    ['/home/me/Pictures/Wallpapers/space/a.jpg', ['/home/me/Pictures/Wallpapers'], ['space']],
    // An unpacked package: only what names the picture is left.
    ['/w/usr/share/wallpapers/ColdRipple/contents/images/1920x1080.jpg', ['/w'], ['coldripple']],
    ['/w/usr/share/wallpapers/ColdRipple/contents/images_dark/1920x1080.jpg', ['/w'], ['coldripple']],
    ['/w/usr/share/backgrounds/gnome/adwaita-d.jpg', ['/w'], ['gnome']],
    ['/w/usr/share/icons/hicolor/128x128/apps/x.png', ['/w'], ['hicolor', 'apps']],
    ['/w/usr/share/desktop-base/emerald-theme/wallpaper/contents/images/3840x2160.png', ['/w'], ['desktop-base', 'emerald-theme']],
    ['/w/Space/4K/nebula.jpg', ['/w'], ['space']],
    // The library folder's own names never count, even when they are ordinary words.
    ['/srv/share/nature/a.jpg', ['/srv/share/nature'], []],
    ['/w/deep/inner/b.jpg', ['/w', '/w/deep'], ['inner']],
    ['/other/x/a.jpg', ['/w'], []],
  ];
  for (const [path, folders, tags] of table) t.same(folderTags(path, folders), tags, path);
});

eachBackend('an index tagged by the old rule is corrected by its next scan', async (t, backend) => {
  const home = tempDir(t);
  const root = tempDir(t);
  const images = join(root, 'usr', 'share', 'wallpapers', 'Lake', 'contents', 'images');
  mkdirSync(images, { recursive: true });
  await writeImage(join(images, '1920x1080.png'), { width: 192, height: 108, color: '#1e3a5f', format: 'png' });
  const library = openLibrary({ home, database: backend.database });
  library.updateSettings({ folders: [root] });
  await library.scan();
  const tags = () => library.list({}, { page: 1, limit: 10 }).wallpapers[0]?.tags;
  t.same(tags(), ['lake']);
  const id = library.list({}, { page: 1, limit: 10 }).wallpapers[0]!.id;
  library.close();

  // The index as the version before this rule left it: every folder on the way a tag, the folder
  // tags up to date with the files; then what the upgrade runs on it, this rule's migration (the
  // schema cannot simply be set back: later migrations would run twice).
  const store = openStore(backend.database ?? join(home, 'index.sqlite'));
  const insert = store.prepare("INSERT INTO tags (id, name, source) VALUES (?, ?, 'folder')");
  for (const name of ['usr', 'share', 'wallpapers']) insert.run(id, name);
  store.prepare('UPDATE folder_tags_from SET generation = (SELECT n FROM files_generation)').run();
  const migration = MIGRATIONS.find((sql) => sql.trim() === 'UPDATE folder_tags_from SET generation = -1;');
  t.ok(migration, "the folder tags' migration");
  store.prepare(migration!).run();
  store.close();

  const again = openLibrary({ home, database: backend.database });
  t.teardown(() => again.close());
  t.same(again.list({}, { page: 1, limit: 10 }).wallpapers[0]?.tags, ['lake', 'share', 'usr', 'wallpapers'], 'the old tags');
  const summary = await again.scan();
  t.same([summary.added, summary.updated], [0, 0], 'no image read again');
  t.same(again.list({}, { page: 1, limit: 10 }).wallpapers[0]?.tags, ['lake'], 'remade by the rule');
  t.same(
    again.tags().map((tag) => tag.name),
    ['lake'],
  );
});

t.test('a folder tag cannot be removed by hand: refused with the reason, nothing changed', async (t) => {
  const home = tempDir(t);
  const root = tempDir(t);
  await writeImage(join(root, 'Abstract', 'a.png'), { width: 160, height: 100, color: '#8040c0', format: 'png' });
  const library = openLibrary({ home });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [root] });
  await library.scan();
  const id = library.list({}, { page: 1, limit: 1 }).wallpapers[0]!.id;
  t.same(library.editTags(id, ['mine'], [])?.tags, ['abstract', 'mine']);
  const refusal = {
    code: 'folder_tag',
    message: `cannot remove tag "abstract" from ${id}: it is a folder tag (a folder its file is in has that name); rename or move the folder to change it`,
  };
  t.throws(() => library.editTags(id, [], ['abstract']), refusal);
  t.throws(() => library.editTags(id, ['other'], ['Abstract', 'mine']), refusal, 'named in any case; no part of the edit is made');
  t.same(library.get(id)?.tags, ['abstract', 'mine'], 'nothing changed');
  library.editTags(id, ['abstract'], []);
  t.throws(() => library.editTags(id, [], ['abstract']), refusal, 'also a user tag: it would stay all the same');
  t.same(library.editTags(id, [], ['mine', 'never-had'])?.tags, ['abstract'], 'user tags still go');
});
