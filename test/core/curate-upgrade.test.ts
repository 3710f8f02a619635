// An index made before curation (schema 6) opens, migrates, and its next scan reads every file once
// more to add the palette and the fingerprint of wallpapers it already had, keeping their ids and
// added_at; favourites and groups then work on them like on new ones.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { openDatabase, prepareKept } from '../../src/core/store/native-lifetime.js';
import { MIGRATIONS } from '../../src/core/store/schema.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { EDITS, photo } from '../helpers/photos.js';

t.test('an index of schema 6 gains palettes and fingerprints on its next scan', async (t) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  const files = [await writeImage(join(folder, 'navy.jpg'), { width: 640, height: 360, color: '#1e3a5f' })];
  const original = await photo(81, 1280, 720);
  writeFileSync(join(folder, 'photo.png'), original);
  writeFileSync(join(folder, 'photo-small.jpg'), await EDITS['resized 50%']!(original));
  files.push(join(folder, 'photo.png'), join(folder, 'photo-small.jpg'));

  // The index as version 6 wrote it: its tables, and a record per file without curation columns.
  const db = openDatabase(join(home, 'index.sqlite'));
  for (const sql of MIGRATIONS.slice(0, 6)) db.exec(sql);
  prepareKept(db, 'PRAGMA user_version = 6').run();
  const added = '2025-01-01T00:00:00.000Z';
  for (const path of files) {
    const { analysis: a } = await analyzeImage(readFileSync(path), 480);
    const { size, mtimeMs } = statSync(path);
    prepareKept(db, 'INSERT INTO files (path, size, mtime_ms, id) VALUES (?, ?, ?, ?)').run(path, size, Math.trunc(mtimeMs), a.id);
    prepareKept(
      db,
      `INSERT INTO wallpapers (id, path, filename, format, size_bytes, added_at, content_type, width, height, brightness,
       aspect_ratio, orientation, luminance, dominant_hue) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      a.id,
      path,
      path.split('/').at(-1),
      path.split('.').at(-1),
      size,
      added,
      a.content_type,
      a.width,
      a.height,
      a.brightness,
      a.aspect_ratio,
      a.orientation,
      a.luminance,
      a.dominant_hue,
    );
  }
  db.close();

  const library = openLibrary({ home });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  const before = library.list({}, { page: 1, limit: 10 }).wallpapers;
  t.same(
    before.map((w) => w.palette),
    [[], [], []],
    'migrated: no palettes yet',
  );
  const summary = await library.scan();
  t.equal(summary.added, 0, 'no wallpaper is new');
  t.equal(summary.updated, 3, 'every file read once more');
  const after = library.list({}, { page: 1, limit: 10 }).wallpapers;
  t.same(
    after.map((w) => [w.id, w.added_at]),
    before.map((w) => [w.id, w.added_at]),
    'same ids, same added_at',
  );
  t.same(
    library.list({ color: ['1e3a5f'], color_tolerance: 0.08 }, { page: 1, limit: 10 }).wallpapers.map((w) => w.filename),
    ['navy.jpg'],
  );
  t.same(
    library.duplicates().map((g) => g.wallpapers.map((w) => w.filename).sort()),
    [['photo-small.jpg', 'photo.png']],
  );
  t.equal((await library.scan()).updated, 0, 'read once, not at every scan');
});
