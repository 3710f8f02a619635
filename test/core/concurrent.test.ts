// A serving process and a cron scan share one index: two scans in two processes at once must both
// finish, agree on the result, and leave a sound index; the lease makes one wait for the other.
import { join } from 'node:path';
import { openLibrary } from '../../src/core/library/facade.js';
import { openStore } from '../../src/core/store/index.js';
import { databaseFlag, eachBackend } from '../helpers/backends.js';
import { spawnCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const IMAGES = 120;

eachBackend('two processes scanning the same index at the same time', async (t, backend) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  for (let i = 0; i < IMAGES; i++) {
    const shade = (i * 2).toString(16).padStart(2, '0');
    await writeImage(join(pictures, `${String(i).padStart(3, '0')}.jpg`), { width: 96 + i, height: 64, color: `#${shade}40${shade}` });
  }
  const home = join(root, 'home');
  const cli = (...args: string[]) => spawnCli(['--home', home, ...databaseFlag(backend), ...args]);
  t.equal((await cli('config', 'add-folder', pictures)).code, 0);

  const [a, b] = await Promise.all([cli('scan', '--json'), cli('scan', '--json')]);
  t.equal(a.code, 0, a.stderr);
  t.equal(b.code, 0, b.stderr);
  t.equal(JSON.parse(a.stdout).total, IMAGES);
  t.equal(JSON.parse(b.stdout).total, IMAGES);
  t.equal(JSON.parse(a.stdout).failed.length + JSON.parse(b.stdout).failed.length, 0);
  // The scan lease: one of them read the files; the other answers with that scan (when it began
  // after the request) or with one of its own after it, which finds nothing new to read.
  t.equal(JSON.parse(a.stdout).added + JSON.parse(b.stdout).added === IMAGES || a.stdout === b.stdout, true, 'each file read once');

  const store = openStore(backend.database ?? join(home, 'index.sqlite'));
  t.teardown(() => store.close());
  t.same(store.integrity(), ['ok']);
  t.equal(store.prepare('SELECT count(*) FROM wallpapers').pluck().get(), IMAGES);
  t.equal(store.prepare('SELECT count(*) FROM files').pluck().get(), IMAGES);

  // a library opened before the other process wrote sees its writes at the next query
  const library = openLibrary({ home, database: backend.database });
  t.teardown(() => library.close());
  const before = library.list({}, { page: 1, limit: 1 }).pagination.total;
  await writeImage(join(pictures, 'late.png'), { width: 50, height: 50, color: '#ff0000', format: 'png' });
  t.equal((await cli('scan', '--quiet')).code, 0);
  t.equal(library.list({}, { page: 1, limit: 1 }).pagination.total, before + 1);
});
