// min_size and `ignored` on both index backends: the reasons, the counts and the files
// that leave or return are read from the index itself (SQLite and a real PostgreSQL), so each
// query is run on each: an XML list is ignored, a small picture indexed while min_size is off leaves
// at the next scan once it is set and comes back once it is unset.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { openLibrary } from '../../src/core/library/facade.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

eachBackend('min_size and ignored files are kept in the index', async (t, backend) => {
  const pictures = tempDir(t);
  const library = openLibrary({ home: tempDir(t, 'wallpaper-home-'), database: backend.database });
  t.teardown(() => library.close());
  await writeImage(join(pictures, 'wide.jpg'), { width: 800, height: 450, color: '#204060' });
  await writeImage(join(pictures, 'icon.png'), { width: 64, height: 48, color: '#c04020', format: 'png' });
  writeFileSync(join(pictures, 'list.xml'), '<?xml version="1.0"?>\n<!DOCTYPE wallpapers SYSTEM "gnome-wp-list.dtd">\n<wallpapers/>\n');
  library.updateSettings({ folders: [pictures] });

  const off = await library.scan();
  t.match(
    off,
    { added: 2, total: 2, failed: [], skipped: [], ignored: 1, small: 1 },
    'off: both indexed, the icon counted as small, the list ignored',
  );
  library.updateSettings({ min_size: '400x300' });
  const on = await library.scan();
  t.match(on, { removed: 1, total: 1, failed: [], ignored: 1 }, 'set: the icon leaves the index');
  t.same(on.skipped, [{ path: join(pictures, 'icon.png'), reason: 'smaller than min_size 400x300' }], 'skipped with the reason');
  t.notOk('small' in on, 'no hint while set');
  library.updateSettings({ min_size: '0x0' });
  const back = await library.scan();
  t.match(back, { added: 1, total: 2, skipped: [], ignored: 1, small: 1 }, 'unset: the icon is back');
});
