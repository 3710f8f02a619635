// The scan summary says why its count differs from what lists show: wallpapers marked
// hidden are counted apart, in the JSON (`hidden`) and in the line the CLI and `serve` print.
import { join } from 'node:path';
import t from 'tap';
import { summaryLine } from '../../src/scan-summary.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('a hidden wallpaper is counted apart, and the summary line says so', async (t) => {
  const folder = tempDir(t);
  for (const [i, color] of ['#1e3a5f', '#e0c080', '#336633'].entries()) {
    await writeImage(join(folder, `w${i}.jpg`), { width: 160, height: 90, color });
  }
  const library = openLibrary({ home: tempDir(t, 'wallpaper-home-') });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  const first = await library.scan();
  t.same([first.total, first.hidden], [3, 0]);
  t.match(summaryLine(first), /^Indexed 3 wallpapers: 3 added/, 'nothing hidden: the line as before');
  library.setMark(library.list({}, { page: 1, limit: 1 }).wallpapers[0]!.id, 'hidden', true);
  const again = await library.scan();
  t.same([again.total, again.hidden], [2, 1], 'total counts what lists show; hidden the rest');
  t.match(summaryLine(again), /^Indexed 3 wallpapers \(2 shown, 1 hidden\): 0 added/);
  t.equal(library.list({}, { page: 1, limit: 10 }).pagination.total, 2, 'as the list shows');
});
