// One record of each change (docs/design.md#one-record-of-each-change): record/record.ts is the only
// place that writes what a change did, to the journal of what is on the screen and to the
// library's set history (the no-repeat memory), both from the one change. The first test reads the
// sources, so a second writer anywhere fails it; the second records real changes in a real library
// and reads both back. Nothing here waits.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { recordChange, rememberLock } from '../../src/core/desktop/record/record.js';
import { readOnScreen } from '../../src/core/desktop/record/on-screen.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const RECORD = 'core/desktop/record/record.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

t.test('only record.ts writes a change: the set history and the journal', async (t) => {
  const offences: string[] = [];
  for (const file of sources(SRC)) {
    const path = relative(SRC, file);
    // Code only: comments may name the journal.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    // The store keeps the rows and the library passes them on: everything else goes through record.ts.
    if (/\.recordSet\(/.test(text) && path !== RECORD && !/^core\/(library|store)\//.test(path))
      offences.push(`${path} writes the set history`);
    if (/\bappendChange\(/.test(text) && path !== RECORD && path !== 'core/desktop/record/on-screen.ts')
      offences.push(`${path} appends to the journal`);
    if (/ON_SCREEN_FILE|on-screen\.json/.test(text) && !path.startsWith('core/desktop/record/'))
      offences.push(`${path} names the journal's file`);
  }
  t.same(offences, []);
});

t.test('a change recorded once is in the journal and in the no-repeat history', async (t) => {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  for (const [name, color] of [
    ['a.png', '#102030'],
    ['b.png', '#405060'],
    ['c.png', '#708090'],
  ])
    await writeImage(join(walls, name!), { width: 64, height: 48, color: color!, format: 'png' });
  const library = openLibrary({ home: join(root, 'home') });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [walls] });
  await library.scan();
  const [a, b, c] = ['a.png', 'b.png', 'c.png'].map((name) => library.resolveWallpaper(join(walls, name))!);
  const shown = (monitor: string | null, id: string, name: string) => ({ monitor, slot: null, path: join(walls, name), id });

  await recordChange(library, {
    at: '2026-12-02T10:00:00.000Z',
    shown: [shown('HDMI-1', a!, 'a.png'), shown('DP-1', b!, 'b.png')],
    replaced: [],
  });
  t.same(library.recentlySet(10, 'HDMI-1'), [a], 'each monitor remembers its own pick');
  t.same(library.recentlySet(10, 'DP-1'), [b]);
  t.same(
    readOnScreen(library.dirs.data)
      .changes.at(-1)
      ?.shown.map((file) => file.id),
    [a, b],
    'the journal has the same change',
  );

  await rememberLock(library, { shown: [shown(null, c!, 'c.png')], replaced: [] });
  t.same(library.recentlySet(10, 'HDMI-1'), [c, a], 'a lock screen pick is on every monitor: no monitor picks it again soon');
  t.same(
    readOnScreen(library.dirs.data)
      .changes.at(-1)
      ?.lock?.shown.map((file) => file.id),
    [c],
  );

  await recordChange(library, { at: '2026-12-02T10:05:00.000Z', shown: [shown(null, a!, 'a.png')], replaced: [] });
  t.same(library.recentlySet(10), [a, c, b], 'newest first, each id once');
  t.equal(readOnScreen(library.dirs.data).changes.length, 3);
});
