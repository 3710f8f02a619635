// What a newcomer met in the first hour, as the real bin answers it: an import before
// the first scan says to scan first and exits 1 (its --json report too); removing a folder tag is
// refused with the reason (exit 1); `--aspect-ratio 16:10` says 16:10 counts as custom and names
// `--ratio 16:10` (exit 2), which finds them. The library is prepared in-process; spawns are few.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { runCli } from '../helpers/cli.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('import before scan: the report, then one line saying to scan first; exit 1', async (t) => {
  const folder = tempDir(t);
  await writeImage(join(folder, 'a.jpg'), { width: 320, height: 200, color: '#102030' });
  const source = openLibrary({ home: tempDir(t) });
  source.updateSettings({ folders: [folder] });
  await source.scan();
  const id = source.list({}, { page: 1, limit: 1 }).wallpapers[0]!.id;
  source.setMark(id, 'favorite', true);
  const file = join(tempDir(t), 'data.json');
  writeFileSync(file, JSON.stringify(source.exportData()));
  source.close();

  const home = tempDir(t);
  const text = await runCli(['--home', home, 'import', file]);
  t.equal(text.code, 1, 'nothing of what was asked could be placed');
  t.match(text.stdout, /^Added: .*\nAlready here: .*\nNot placed \(\d+\):\n/);
  t.match(text.stdout, new RegExp(`favorites\\s+${id}\\s+.*this library has no wallpapers yet: scan first, then import again`));
  t.equal(
    text.stderr,
    `wallpaper: nothing was placed on a wallpaper: this library has no wallpapers yet; run \`wallpaper scan\` first, then import ${file} again\n`,
  );
  const json = await runCli(['--home', tempDir(t), 'import', file, '--json']);
  t.equal(json.code, 1);
  const report = JSON.parse(json.stdout);
  t.equal(report.library_empty, true);
  t.match(
    report.unplaced.find((item: { section: string }) => item.section === 'favorites'),
    { id, reason: /scan first/ },
  );
  t.equal(json.stderr.split('\n').length, 2, 'one line on stderr');
});

t.test('removing a folder tag is refused with the reason; --aspect-ratio 16:10 names --ratio', async (t) => {
  const home = tempDir(t);
  const root = tempDir(t);
  await writeImage(join(root, 'abstract', 'wide.png'), { width: 320, height: 200, color: '#8040c0', format: 'png' });
  await writeImage(join(root, 'abstract', 'hd.png'), { width: 320, height: 180, color: '#40c080', format: 'png' });
  const library = openLibrary({ home });
  library.updateSettings({ folders: [root] });
  await library.scan();
  const wide = library.list({}, { page: 1, limit: 10 }).wallpapers.find((w) => w.filename === 'wide.png')!.id;
  library.close();

  const tag = await runCli(['--home', home, 'tag', wide, '+mine', '-abstract']);
  t.equal(tag.code, 1);
  t.equal(
    tag.stderr,
    `wallpaper: cannot remove tag "abstract" from ${wide}: it is a folder tag (a folder its file is in has that name); rename or move the folder to change it\n`,
  );
  t.equal(tag.stdout, '');

  const refused = await runCli(['--home', home, 'list', '--aspect-ratio', '16:10']);
  t.equal(refused.code, 2);
  t.equal(
    refused.stderr,
    'wallpaper: invalid --aspect-ratio "16:10": expected 16:9, 4:3, ultrawide, square, portrait, custom or any; 16:10 counts as custom: for this shape only, use --ratio 16:10\n',
  );
  const found = await runCli(['--home', home, 'random', '--ratio', '16:10', '--json']);
  t.equal(found.code, 0, found.stderr);
  t.match(JSON.parse(found.stdout), { id: wide, tags: ['abstract'] }, 'the tag was not changed by the refused edit');
  const bad = await runCli(['--home', home, 'list', '--ratio', 'wide']);
  t.equal(bad.code, 2);
  t.match(
    bad.stderr,
    /^wallpaper: invalid --ratio "wide": expected width:height in whole numbers .* or a decimal number \(such as 1\.6\), matched within 1%\n$/,
  );
});
