// The scanner against real files in a temporary library: new, changed, removed, renamed, duplicate,
// corrupt, hidden, linked; and a rescan of an unchanged tree decodes nothing.
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import type { Library, ScanProgress } from '../../src/core/types.js';
import { type Backend, eachBackend } from '../helpers/backends.js';
import { imageBytes, tempDir, writeImage } from '../helpers/fixtures.js';

function setup(t: Test, backend: Backend) {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  mkdirSync(pictures);
  const library = openLibrary({ home: join(root, 'home'), database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [pictures] });
  return { root, pictures, library };
}

async function scanWithProgress(library: Library) {
  const seen: ScanProgress[] = [];
  const summary = await library.scan({ onProgress: (p) => seen.push(p) });
  return { summary, toRead: seen.at(-1)?.toRead ?? 0 };
}

eachBackend('first scan, then an unchanged rescan reads nothing', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  await writeImage(join(pictures, 'dark.jpg'), { width: 1920, height: 1080, color: '#101048' });
  await writeImage(join(pictures, 'nested/deeper/light.png'), { width: 1080, height: 1920, color: '#ffd0d0', format: 'png' });
  await writeImage(join(pictures, 'upper.WEBP'), { width: 500, height: 500, color: '#30a030', format: 'webp' });
  const first = await scanWithProgress(library);
  t.match(first.summary, { added: 3, updated: 0, removed: 0, unchanged: 0, total: 3, failed: [], duplicates: [] });
  t.equal(first.toRead, 3);
  t.type(first.summary.duration_ms, 'number');

  const again = await scanWithProgress(library);
  t.match(again.summary, { added: 0, updated: 0, removed: 0, unchanged: 3, total: 3 });
  t.equal(again.toRead, 0, 'nothing decoded');
});

eachBackend('changed, removed and renamed files', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  const a = await writeImage(join(pictures, 'a.jpg'), { width: 800, height: 600, color: '#202020' });
  const b = await writeImage(join(pictures, 'b.jpg'), { width: 800, height: 600, color: '#404040' });
  const c = await writeImage(join(pictures, 'c.jpg'), { width: 800, height: 600, color: '#606060' });
  await library.scan();
  const before = library.list({}, { page: 1, limit: 50 }).wallpapers;
  const idOf = (path: string) => before.find((w) => w.path === path)!.id;
  const idA = idOf(a);
  const idC = idOf(c);

  // a: edited in place -> a new wallpaper; b: removed; c: renamed into a subfolder -> same id
  writeFileSync(a, await imageBytes({ width: 800, height: 600, color: '#f0f0f0' }));
  utimesSync(a, new Date(), new Date(Date.now() + 5000));
  rmSync(b);
  mkdirSync(join(pictures, 'moved'));
  const movedC = join(pictures, 'moved', 'c-renamed.jpg');
  renameSync(c, movedC);

  const { summary } = await scanWithProgress(library);
  t.match(summary, { added: 1, removed: 2, updated: 1, total: 2 });
  t.equal(library.get(idA), undefined, 'the old bytes of a are gone');
  t.match(library.get(idC), { id: idC, path: movedC, filename: 'c-renamed.jpg' }, 'renamed keeps its id');
  const newA = library.list({}, { page: 1, limit: 50 }).wallpapers.find((w) => w.path === a);
  t.equal(newA?.brightness, 'light');
});

eachBackend('duplicate bytes are one wallpaper at the first path in byte order', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  const bytes = await imageBytes({ width: 640, height: 480, color: '#336699' });
  mkdirSync(join(pictures, 'B'));
  writeFileSync(join(pictures, 'B', 'copy.jpg'), bytes);
  writeFileSync(join(pictures, 'a.jpg'), bytes);
  writeFileSync(join(pictures, 'Z.jpg'), bytes); // 'Z' (0x5a) sorts before 'a' (0x61)
  const summary = await library.scan();
  t.equal(summary.total, 1);
  const [wallpaper] = library.list({}, { page: 1, limit: 5 }).wallpapers;
  t.equal(wallpaper?.path, join(pictures, 'B', 'copy.jpg'), "'B/' sorts first");
  t.same(summary.duplicates.map((d) => d.path).sort(), [join(pictures, 'Z.jpg'), join(pictures, 'a.jpg')]);

  // removing the canonical file moves the wallpaper to the next path, same id
  rmSync(join(pictures, 'B', 'copy.jpg'));
  const after = await library.scan();
  t.match(after, { removed: 0, total: 1, updated: 1 });
  t.equal(library.get(wallpaper!.id)?.path, join(pictures, 'Z.jpg'));
});

eachBackend('corrupt, empty, mislabelled and hidden files; the scan goes on', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  const good = await imageBytes({ width: 300, height: 200, color: '#aa3300' });
  writeFileSync(join(pictures, 'good.jpg'), good);
  writeFileSync(join(pictures, 'truncated.jpg'), good.subarray(0, good.length >> 1));
  writeFileSync(join(pictures, 'empty.png'), Buffer.alloc(0));
  writeFileSync(join(pictures, 'text.webp'), 'hello');
  writeFileSync(join(pictures, 'png-named.jpg'), await imageBytes({ width: 20, height: 20, color: '#000', format: 'png' }));
  writeFileSync(join(pictures, '.hidden.jpg'), good);
  mkdirSync(join(pictures, '.cache'));
  writeFileSync(join(pictures, '.cache', 'inside.jpg'), await imageBytes({ width: 30, height: 30, color: '#00f' }));
  writeFileSync(join(pictures, 'notes.txt'), 'not an image');
  const summary = await library.scan();
  t.equal(summary.total, 1);
  t.same(
    summary.failed.map((f) => f.path).sort(),
    ['empty.png', 'png-named.jpg', 'text.webp', 'truncated.jpg'].map((n) => join(pictures, n)),
  );
  for (const failure of summary.failed) t.match(failure.error, /\S/, `${failure.path} has a reason`);
  t.match(summary.failed.find((f) => f.path.endsWith('empty.png'))?.error, /empty/);
  // failures are remembered (not decoded again) until the file changes
  const again = await library.scan();
  t.equal(again.unchanged, 5);
  t.equal(again.failed.length, 4);
});

eachBackend('links are followed, loops are not; an unreachable folder keeps its wallpapers', async (t, backend) => {
  const { root, pictures, library } = setup(t, backend);
  const elsewhere = join(root, 'elsewhere');
  await writeImage(join(elsewhere, 'linked.jpg'), { width: 100, height: 100, color: '#00ff00' });
  symlinkSync(elsewhere, join(pictures, 'link'));
  symlinkSync('.', join(elsewhere, 'loop')); // elsewhere/loop -> elsewhere
  symlinkSync(pictures, join(elsewhere, 'back')); // elsewhere/back -> pictures -> link -> elsewhere
  const summary = await library.scan();
  t.equal(summary.total, 1, 'linked folder indexed once, loops ended');
  t.ok(library.list({}, { page: 1, limit: 10 }).wallpapers.some((w) => w.filename === 'linked.jpg'));

  const disk = join(root, 'disk');
  await writeImage(join(disk, 'kept.jpg'), { width: 100, height: 100, color: '#ff0000' });
  library.updateSettings({ folders: [pictures, disk] });
  t.equal((await library.scan()).total, 2);
  rmSync(disk, { recursive: true });
  const away = await library.scan();
  t.equal(away.total, 2, 'a folder that is away loses nothing');
  t.match(away.failed, [{ path: disk, error: /cannot be read/ }]);
  // Picks (the record and its JSON alike) take the reachable one first, the away one only alone.
  for (let i = 0; i < 10; i++) {
    t.equal(library.random({})?.filename, 'linked.jpg');
    t.equal(JSON.parse(library.randomJson({})!).filename, 'linked.jpg', 'reachable first');
  }
  t.equal(JSON.parse(library.randomJson({ q: 'kept' })!).filename, 'kept.jpg', 'the away one when nothing reachable matches');
  t.equal(library.randomJson({ q: 'kept' }), JSON.stringify(library.random({ q: 'kept' })));
});

eachBackend('scans asked for while one runs share one follow-up scan', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  await writeImage(join(pictures, 'one.jpg'), { width: 100, height: 100, color: '#123456' });
  const [a, b, c] = await Promise.all([library.scan(), library.scan(), library.scan()]);
  t.equal(a.added, 1, 'the first reads the new file');
  t.equal(b, c, 'the two that arrived while it ran share one scan (the same summary object)');
  t.not(a, b, 'which began after them (docs/design.md#one-refresh-sees-every-file-written-before-it)');
  t.same([b.added, b.unchanged], [0, 1]);
});

eachBackend('a thumbnail whose source left the disk behind the index is not found, not a fault', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  const file = await writeImage(join(pictures, 'gone.jpg'), { width: 100, height: 100, color: '#123123' });
  await library.scan();
  const [wallpaper] = library.list({}, { page: 1, limit: 1 }).wallpapers;
  rmSync(join(library.dirs.cache, 'thumbnails'), { recursive: true });
  rmSync(file);
  await t.rejects(library.thumbnailFile(wallpaper!.id), { code: 'not_found', message: /gone from disk/ });
});

eachBackend('removing a wallpaper moves its file to the trash', async (t, backend) => {
  const { pictures, library } = setup(t, backend);
  const file = await writeImage(join(pictures, 'bye.jpg'), { width: 100, height: 100, color: '#654321' });
  await library.scan();
  const [wallpaper] = library.list({}, { page: 1, limit: 1 }).wallpapers;
  const thumbnail = await library.thumbnailFile(wallpaper!.id);
  t.ok(thumbnail && existsSync(thumbnail.path));
  t.equal(await library.remove(wallpaper!.id), true);
  t.notOk(existsSync(file), 'file left the folder');
  t.notOk(existsSync(thumbnail!.path), 'thumbnail dropped');
  t.equal(library.get(wallpaper!.id), undefined);
  const { readdirSync } = await import('node:fs');
  t.match(readdirSync(join(library.dirs.data, 'trash')), [/bye\.jpg$/]);
  t.equal(await library.remove(wallpaper!.id), false, 'unknown now');
  t.equal(await library.remove('../../etc/passwd'), false, 'not an id');
  t.equal((await library.scan()).total, 0, 'and it does not come back');
});
