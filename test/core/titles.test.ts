// Titles (docs/design.md#titles), table-tested: the names KDE package metadata and GNOME-style
// background lists give, a file name's stem otherwise; and an index made before titles shows stems
// at once (the migration) and the package names after its next scan.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { openDatabase, prepareKept } from '../../src/core/store/native-lifetime.js';
import { MIGRATIONS } from '../../src/core/store/schema.js';
import { findTitles, namesOfBackgroundXml, stemOf } from '../../src/core/packages/titles.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('the stem of a file name', async (t) => {
  const table: [string, string][] = [
    ['night-city.jpg', 'night-city'],
    ['a.b.c.png', 'a.b.c'],
    ['.hidden', '.hidden'],
    ['no-extension', 'no-extension'],
    ['5120x2880.jpg', '5120x2880'],
  ];
  for (const [name, stem] of table) t.equal(stemOf(name), stem, name);
});

t.test('a background list: the unlocalised <name> of each <wallpaper>, for its files', async (t) => {
  const xml = `<?xml version="1.0"?><wallpapers>
    <wallpaper deleted="false"><name>Default &amp; Dark</name><name xml:lang="de">Standard</name>
      <filename>/usr/share/backgrounds/gnome/a-l.webp</filename><filename-dark>/usr/share/backgrounds/gnome/a-d.webp</filename-dark></wallpaper>
    <wallpaper><name>Caf&#xE9;</name><filename>/usr/share/backgrounds/cafe.png</filename></wallpaper>
    <wallpaper><filename>/usr/share/backgrounds/nameless.png</filename></wallpaper>
    <wallpaper><name>  </name><filename>/x.png</filename></wallpaper>
  </wallpapers>`;
  t.same(namesOfBackgroundXml(xml), [
    ['/usr/share/backgrounds/gnome/a-l.webp', 'Default & Dark'],
    ['/usr/share/backgrounds/gnome/a-d.webp', 'Default & Dark'],
    ['/usr/share/backgrounds/cafe.png', 'Café'],
  ]);
  t.same(namesOfBackgroundXml('not xml at all'), []);
});

t.test('package titles: KDE metadata.json, then metadata.desktop; lists beside the folder, read relative to share', async (t) => {
  const share = join(tempDir(t), 'usr', 'share');
  const wallpapers = join(share, 'wallpapers');
  const kde = (name: string, files: Record<string, string>) => {
    mkdirSync(join(wallpapers, name, 'contents', 'images'), { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(wallpapers, name, file), text);
    return join(wallpapers, name, 'contents', 'images', '1920x1080.jpg');
  };
  const json = kde('Lake', { 'metadata.json': '{"KPlugin": {"Name": "Mountain Lake", "Name[de]": "Bergsee"}}' });
  const desktop = kde('Dunes', { 'metadata.desktop': '[Desktop Entry]\nName[de]=Dünen\nName=Sand Dunes\n' });
  const both = kde('Both', { 'metadata.json': '{"KPlugin": {"Name": "From JSON"}}', 'metadata.desktop': 'Name=From desktop\n' });
  const broken = kde('Broken', { 'metadata.json': '{"KPlugin": ', 'metadata.desktop': 'Name=Still Named\n' });
  const bare = kde('Bare', {});
  mkdirSync(join(share, 'gnome-background-properties'), { recursive: true });
  writeFileSync(
    join(share, 'gnome-background-properties', 'list.xml'),
    '<wallpapers><wallpaper><name>Sea</name><filename>/usr/share/backgrounds/sea.png</filename></wallpaper></wallpapers>',
  );
  const sea = join(share, 'backgrounds', 'sea.png');
  const other = join(share, 'backgrounds', 'other.png');
  const titles = await findTitles([json, desktop, both, broken, bare, sea, other], [join(share, 'backgrounds'), wallpapers]);
  t.equal(titles.get(json), 'Mountain Lake', 'KPlugin.Name');
  t.equal(titles.get(desktop), 'Sand Dunes', 'Name= of metadata.desktop');
  t.equal(titles.get(both), 'From JSON', 'metadata.json first');
  t.equal(titles.get(broken), 'Still Named', 'a malformed metadata.json falls back to the desktop file');
  t.equal(titles.get(bare), undefined, 'a package without metadata: no package title');
  t.equal(titles.get(sea), 'Sea', "a /usr/share path read relative to the list's share folder");
  t.equal(titles.get(other), undefined, 'a file no list names');
});

t.test('an index made before titles shows stems at once and package names after its next scan', async (t) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  const pkg = join(folder, 'Lake');
  mkdirSync(join(pkg, 'contents', 'images'), { recursive: true });
  writeFileSync(join(pkg, 'metadata.json'), '{"KPlugin": {"Name": "Mountain Lake"}}');
  const files = [
    await writeImage(join(pkg, 'contents', 'images', '1920x1080.jpg'), { width: 192, height: 108, color: '#1e3a5f' }),
    await writeImage(join(folder, 'plain.photo.jpg'), { width: 160, height: 90, color: '#e0c080' }),
  ];
  // The index as the version before titles wrote it.
  const before = MIGRATIONS.findIndex((sql) => sql.includes('ADD COLUMN title'));
  const db = openDatabase(join(home, 'index.sqlite'));
  for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
  prepareKept(db, `PRAGMA user_version = ${before}`).run();
  for (const path of files) {
    const { analysis: a } = await analyzeImage(readFileSync(path), 480);
    const { size, mtimeMs } = statSync(path);
    prepareKept(db, 'INSERT INTO files (path, size, mtime_ms, id) VALUES (?, ?, ?, ?)').run(path, size, Math.trunc(mtimeMs), a.id);
    prepareKept(
      db,
      `INSERT INTO wallpapers (id, path, filename, format, size_bytes, added_at, content_type, width, height, brightness,
       aspect_ratio, orientation, luminance, dominant_hue, palette, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      a.id,
      path,
      path.split('/').at(-1),
      path.split('.').at(-1),
      size,
      '2025-01-01T00:00:00.000Z',
      a.content_type,
      a.width,
      a.height,
      a.brightness,
      a.aspect_ratio,
      a.orientation,
      a.luminance,
      a.dominant_hue,
      '[]',
      a.fingerprint,
    );
  }
  prepareKept(db, 'UPDATE folder_tags_from SET generation = (SELECT n FROM files_generation), folders = ?').run(JSON.stringify([folder]));
  db.close();

  const library = openLibrary({ home });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  const titles = () =>
    library
      .list({}, { page: 1, limit: 10 }, { sort: 'name' })
      .wallpapers.map((w) => w.title)
      .sort();
  t.same(titles(), ['1920x1080', 'plain.photo'], 'the migration gives every wallpaper its stem');
  const summary = await library.scan();
  // Migration 14 reads every file once more for its grid; the titles need no read.
  t.same([summary.added, summary.removed], [0, 0], 'nothing added or removed');
  t.same(titles(), ['Mountain Lake', 'plain.photo'], 'the next scan finds the package name, though no file changed');
  t.notOk(
    library.list({}, { page: 1, limit: 10 }).wallpapers.some((w) => w.tags.some((tag) => ['contents', 'images'].includes(tag))),
    'and drops the folder tags of the inside of the package',
  );
});
