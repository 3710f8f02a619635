// The unfiltered count comes from a number kept by triggers (migration 8), less the hidden ones: it
// must equal count(*) through scans that add and remove, uploads and deletes, and hidden marks on
// ids that are no longer indexed.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary } from '../../src/core/library/facade.js';
import { openStore } from '../../src/core/store/index.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

eachBackend('the kept count follows every change', async (t, backend) => {
  const home = tempDir(t);
  const folder = tempDir(t);
  for (let i = 0; i < 6; i++) await writeImage(join(folder, `${i}.png`), { width: 300 + i, height: 200, color: '#405060', format: 'png' });
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  const store = openStore(backend.database ?? join(home, 'index.sqlite'));
  t.teardown(() => store.close());
  const truth = () => store.prepare('SELECT count(*) FROM wallpapers').pluck().get() as number;
  const totals = () =>
    (['default', 'any', true] as const).map(
      (hidden) => library.list(hidden === 'default' ? {} : { hidden }, { page: 1, limit: 1 }).pagination.total,
    );

  library.updateSettings({ folders: [folder] });
  await library.scan();
  t.same(totals(), [6, 6, 0]);
  const [first] = library.list({}, { page: 1, limit: 1 }).wallpapers;
  library.setMark(first!.id, 'hidden', true);
  t.same(totals(), [5, 6, 1], 'a hidden one is left out by default');

  rmSync(join(folder, '5.png'));
  rmSync(first!.path);
  await library.scan();
  t.equal(truth(), 4);
  t.same(totals(), [4, 4, 0], 'a hidden mark on an id no longer indexed is not subtracted');

  const temp = join(library.settings().upload_folder, '.upload-test.part');
  await writeImage(temp, { width: 640, height: 480, color: '#ff0000' });
  await library.add([{ originalName: 'new.jpg', tempPath: temp }]);
  t.same(totals(), [5, 5, 0], 'an upload counts');
  const victim = library.list({}, { page: 1, limit: 10 }).wallpapers.find((w) => w.filename === '0.png' || w.filename === '1.png');
  t.ok(await library.remove(victim!.id));
  t.equal(truth(), 4);
  t.same(totals(), [4, 4, 0], 'a delete counts');
  t.equal(library.random({}) !== undefined, true);
});
