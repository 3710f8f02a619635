// An import before the first scan: the library has no wallpaper, so nothing keyed by id
// can be placed; the report says so (`library_empty`, and each entry's reason says to scan first),
// the settings are still merged, and the same file imported after the scan places everything.
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('import before scan says to scan first; after the scan the same file places everything', async (t) => {
  const folder = tempDir(t);
  await writeImage(join(folder, 'a.jpg'), { width: 320, height: 180, color: '#102030' });
  await writeImage(join(folder, 'b.jpg'), { width: 320, height: 180, color: '#e0d0c0' });
  const source = openLibrary({ home: tempDir(t) });
  source.updateSettings({ folders: [folder], thumbnail_size: 320 });
  await source.scan();
  const [a, b] = source.list({}, { page: 1, limit: 10 }).wallpapers.map((w) => w.id);
  source.setMark(a!, 'favorite', true);
  source.editTags(b!, ['night'], []);
  const text = JSON.stringify(source.exportData());
  source.close();

  const library = openLibrary({ home: tempDir(t) });
  t.teardown(() => library.close());
  const before = library.importData(text, 'data.json');
  t.equal(before.library_empty, true);
  t.same(
    before.unplaced.filter((item) => item.section !== 'settings').map((item) => [item.section, item.reason]),
    [
      ['favorites', 'this library has no wallpapers yet: scan first, then import again'],
      ['tags', 'this library has no wallpapers yet: scan first, then import again'],
    ],
  );
  t.same(library.settings().folders, [folder], 'the settings are merged all the same: the folder is there to scan');
  await library.scan();
  const after = library.importData(text, 'data.json');
  t.equal(after.library_empty, false);
  t.match(after.added, { favorites: 1, tags: 1 });
  t.same(
    after.unplaced.filter((item) => item.section !== 'settings'),
    [],
  );
  t.same(
    library.list({ favorite: true }, { page: 1, limit: 10 }).wallpapers.map((w) => w.id),
    [a],
  );

  // Another library's ids in a scanned library: the ordinary reason, not "scan first".
  const other = openLibrary({ home: tempDir(t) });
  t.teardown(() => other.close());
  const elsewhere = tempDir(t);
  await writeImage(join(elsewhere, 'c.jpg'), { width: 320, height: 180, color: '#20a040' });
  other.updateSettings({ folders: [elsewhere] });
  await other.scan();
  const report = other.importData(text, 'data.json');
  t.equal(report.library_empty, false);
  t.match(
    report.unplaced.find((item) => item.section === 'favorites'),
    { reason: 'no wallpaper with this id in this library' },
  );
});
