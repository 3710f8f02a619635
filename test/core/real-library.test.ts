// A real library changes behind the index (docs/design.md#identity): links are aliases, not
// duplicates; formats not indexed are reported as skipped; previews of wallpaper packages are not
// wallpapers; a folder that is away keeps its wallpapers but random picks never choose them while a
// reachable match exists; files that changed are never handed out under their old id.
import { copyFileSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import type { Library } from '../../src/core/types.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

function libraryIn(t: Parameters<typeof tempDir>[0], folders: string[]): Library {
  const library = openLibrary({ home: tempDir(t, 'wallpaper-home-') });
  library.updateSettings({ folders });
  t.teardown(() => library.close());
  return library;
}

t.test('a KDE package: size-named links are aliases of the one image, its screenshot is no wallpaper', async (t) => {
  const root = tempDir(t);
  const pkg = join(root, 'Mountain');
  mkdirSync(join(pkg, 'contents', 'images'), { recursive: true });
  writeFileSync(join(pkg, 'metadata.json'), '{"KPlugin": {"Name": "Mountain"}}');
  await writeImage(join(pkg, 'contents', 'images', '2560x1600.jpg'), { width: 256, height: 160, color: '#334455' });
  for (const size of ['1280x1024', '1366x768', '1920x1080', '2560x1440']) {
    symlinkSync('2560x1600.jpg', join(pkg, 'contents', 'images', `${size}.jpg`));
  }
  await writeImage(join(pkg, 'contents', 'screenshot.png'), { width: 40, height: 25, color: '#aa3344', format: 'png' });

  const library = libraryIn(t, [root]);
  const summary = await library.scan();
  t.equal(summary.total, 1, 'one wallpaper: the preview is not one');
  t.same(summary.duplicates, [], 'links are aliases, not duplicates');
  const [only] = library.list({}, { page: 1, limit: 10 }).wallpapers;
  t.equal(only?.path, join(pkg, 'contents', 'images', '2560x1600.jpg'), 'the regular file is canonical, not 1280x1024.jpg');
  t.equal(only?.width, 256);
  t.notOk(
    summary.failed.some((f) => /screenshot/.test(f.path)),
    'the preview is not reported either',
  );
  t.same(summary.skipped, []);

  // A real copy (a regular file) is a duplicate; a screenshot outside a package is a wallpaper.
  copyFileSync(join(pkg, 'contents', 'images', '2560x1600.jpg'), join(root, 'copy.jpg'));
  await writeImage(join(root, 'loose', 'contents', 'screenshot.png'), { width: 30, height: 20, color: '#20aa40', format: 'png' });
  const again = await library.scan();
  t.same(
    again.duplicates.map((d) => d.path),
    [join(root, 'copy.jpg')],
  );
  t.equal(again.total, 2);
  t.equal(library.get(only!.id)?.path, only?.path, 'the first regular file in byte order stays canonical (M < c)');
});

t.test('only links hold the bytes: the first link is canonical', async (t) => {
  const outside = tempDir(t);
  const root = tempDir(t);
  await writeImage(join(outside, 'target.jpg'), { width: 64, height: 48, color: '#405060' });
  symlinkSync(join(outside, 'target.jpg'), join(root, 'b.jpg'));
  symlinkSync(join(outside, 'target.jpg'), join(root, 'a.jpg'));
  const library = libraryIn(t, [root]);
  const summary = await library.scan();
  t.equal(summary.total, 1);
  t.same(summary.duplicates, []);
  t.equal(library.list({}, { page: 1, limit: 5 }).wallpapers[0]?.path, join(root, 'a.jpg'));
});

t.test(
  'formats no decoder reads are reported as skipped; the formats of 8.1 are indexed (broken ones failed), hidden ones ignored',
  async (t) => {
    const root = tempDir(t);
    const skipped = ['art.jp2', 'layers.PSD', 'sketch.xcf'];
    const broken = ['anim.gif', 'logo.SVG', 'scan.tif', 'scan2.tiff', 'photo.avif', 'phone.heic', 'phone.heif', 'old.bmp', 'new.jxl'];
    for (const name of [...skipped, ...broken]) writeFileSync(join(root, name), 'x');
    writeFileSync(join(root, '.hidden.gif'), 'x');
    writeFileSync(join(root, 'notes.txt'), 'x');
    await writeImage(join(root, 'real.jpg'), { width: 32, height: 32, color: '#808080' });
    const library = libraryIn(t, [root]);
    const summary = await library.scan();
    t.equal(summary.total, 1);
    t.same(
      summary.skipped.map((s) => s.path),
      skipped.map((name) => join(root, name)).sort(),
    );
    t.match(summary.skipped.find((s) => s.path.endsWith('art.jp2'))?.reason, /JPEG 2000 images are not indexed/);
    t.same(
      summary.failed.map((f) => f.path).sort(),
      broken.map((name) => join(root, name)).sort(),
      'a broken file of an indexed format is a failure',
    );
    t.match(summary.failed.find((f) => f.path.endsWith('anim.gif'))?.error, /not an image of a known format/);
  },
);

t.test('a folder that is away: wallpapers kept and counted, random never picks them while others match', async (t) => {
  const disk = tempDir(t);
  const home = tempDir(t);
  const away = join(disk, 'usb');
  for (let i = 0; i < 6; i++) await writeImage(join(away, `a${i}.jpg`), { width: 64, height: 36, color: `#${i}0${i}0${9 - i}0` });
  await writeImage(join(home, 'h0.jpg'), { width: 64, height: 36, color: '#c0c0c0' });
  copyFileSync(join(away, 'a0.jpg'), join(home, 'zz-copy-of-a0.jpg')); // the same bytes on the reachable disk
  const library = libraryIn(t, [away, home]);
  t.equal((await library.scan()).unavailable, 0);

  renameSync(away, `${away}-unmounted`);
  const summary = await library.scan();
  t.equal(summary.total, 7, `nothing dropped while the disk is away: ${JSON.stringify(summary)}`);
  t.equal(summary.unavailable, 5, 'a0 has a reachable copy; a1..a5 are away');
  t.equal(summary.removed, 0);
  t.match(summary.failed[0]?.error, /folder cannot be read: it does not exist/, 'in words');
  t.notMatch(summary.failed[0]?.error, /ENOENT/, 'no raw error code');
  const a0 = library.list({}, { page: 1, limit: 10 }).wallpapers.find((w) => w.path.endsWith('zz-copy-of-a0.jpg'));
  t.ok(a0, 'the reachable copy became canonical');

  const reachable = new Set([join(home, 'h0.jpg'), join(home, 'zz-copy-of-a0.jpg')]);
  for (let i = 0; i < 40; i++) t.ok(reachable.has(library.random({})!.path), 'random picks a reachable wallpaper');
  for (let i = 0; i < 10; i++) {
    const file = await library.randomFile({});
    t.ok(file && reachable.has(file.path), 'randomFile gives a reachable path');
  }
  t.ok(library.random({ max_width: 10_000, format: 'jpg' }), 'filters still apply');

  renameSync(`${away}-unmounted`, away);
  const back = await library.scan();
  t.equal(back.unavailable, 0, 'back again');
});

t.test('randomFile and verifiedFile never hand out a file that changed since indexing', async (t) => {
  const root = tempDir(t);
  for (let i = 0; i < 5; i++)
    await writeImage(join(root, `w${i}.png`), { width: 32, height: 32, color: `#${i}0${i}0${i}0`, format: 'png' });
  const library = libraryIn(t, [root]);
  await library.scan();
  const all = library.list({}, { page: 1, limit: 10 }).wallpapers;
  const good = all[2]!;
  for (const w of all) if (w.id !== good.id) writeFileSync(w.path, 'edited behind the index');
  for (let i = 0; i < 10; i++) t.equal((await library.randomFile({}))?.wallpaper.id, good.id);
  // Every edited file checked once here, so the random picks above (which may not have met all of
  // them) leave none to be found later: the watcher below hears only the file changed after it.
  for (const w of all) if (w.id !== good.id) t.equal(await library.verifiedFile(w.id), undefined, `${w.path}: not handed out`);
  const opened = await library.openFile(good.id);
  t.equal(opened?.path, good.path);
  await opened?.handle.close();
  const stale: string[] = [];
  const stop = library.watchStale((path) => stale.push(path));
  writeFileSync(good.path, 'now this one too');
  t.equal(await library.randomFile({}), undefined, 'nothing unchanged is left: undefined, no endless retry');
  t.same(stale, [good.path], 'the changed file is queued for a rescan, once');
  stop();
  const rescan = await library.scan();
  t.equal(rescan.total, 0, 'the rescan drops what no longer decodes');
});
