// Folder tags are remade only when a file or the folders changed since they were last made
// (migration 8's files generation): an unchanged rescan skips them, and every change that moves a
// tag is still followed: a new file, a file moved to another folder, the folder setting changed.
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary } from '../../src/core/library/facade.js';
import { openStore } from '../../src/core/store/index.js';
import { eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

eachBackend('an unchanged rescan keeps the tags without remaking them; changes still move them', async (t, backend) => {
  const home = tempDir(t);
  const root = tempDir(t);
  const space = join(root, 'Space');
  mkdirSync(join(space, 'Nebula'), { recursive: true });
  mkdirSync(join(root, 'Sea'), { recursive: true });
  await writeImage(join(space, 'Nebula', 'one.png'), { width: 400, height: 300, color: '#102030', format: 'png' });
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  const store = openStore(backend.database ?? join(home, 'index.sqlite'));
  t.teardown(() => store.close());
  const madeFrom = () => store.prepare('SELECT generation FROM folder_tags_from').pluck().get() as number;
  const tagsOf = (name: string) =>
    library.list({ hidden: 'any' }, { page: 1, limit: 50 }).wallpapers.find((w) => w.filename === name)?.tags;

  library.updateSettings({ folders: [space] });
  await library.scan();
  t.same(tagsOf('one.png'), ['nebula']);
  const first = madeFrom();
  await library.scan();
  t.equal(madeFrom(), first, 'an unchanged rescan does not remake them');
  t.same(tagsOf('one.png'), ['nebula']);

  await writeImage(join(space, 'two.png'), { width: 500, height: 300, color: '#203040', format: 'png' });
  await library.scan();
  t.not(madeFrom(), first, 'a new file remakes them');
  t.same(tagsOf('two.png'), []);

  // The same files through their parent folder: no file changes, every tag does.
  const before = madeFrom();
  library.updateSettings({ folders: [root] });
  await library.scan();
  t.equal(madeFrom(), before, 'no file changed');
  t.same(tagsOf('two.png'), ['space'], 'the folders changed: the tags follow them');
  t.same(tagsOf('one.png'), ['nebula', 'space']);

  renameSync(join(space, 'Nebula', 'one.png'), join(root, 'Sea', 'one.png'));
  await library.scan();
  t.same(tagsOf('one.png'), ['sea'], 'a move follows');
});
