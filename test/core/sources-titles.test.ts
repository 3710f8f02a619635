// Fetched wallpapers' titles (docs/design.md#titles): an RSS item titled "Shell" is a wallpaper
// titled "Shell" (its file named by the item's id), and a file fetched before titles were kept takes
// its title when a fetch sees its item again. Each kind's own title is tested with the kind
// (sources.test.ts).
import { join } from 'node:path';
import t from 'tap';
import { bySource, setUp } from '../helpers/fake-services/setup.js';
import { photo } from '../helpers/photos.js';

t.test('an item titled "Shell" is a wallpaper titled "Shell"; one fetched before titles were kept gets it when seen again', async (t) => {
  const { library, fake, home } = await setUp(t);
  fake.images.set('shell', await photo(60));
  const guid = '0c9f6ad4b89f735c';
  fake.routes.set('/shell.xml', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Wallpapers</title>
      <item><title>Shell</title><guid isPermaLink="false">${guid}</guid><enclosure url="${fake.base}/img/shell" type="image/png" length="1"/></item>
      </channel></rss>`);
  });
  library.addSource({ kind: 'rss', url: `${fake.base}/shell.xml` });
  await library.fetchSources();
  const [fetched] = bySource(library, 'rss');
  t.equal(fetched!.filename, `${guid}.png`, 'the file is named by the item');
  t.equal(fetched!.title, 'Shell', 'the wallpaper is titled by it (the record the viewer and the feed show)');
  t.same(
    library.list({ q: 'Shell' }, { page: 1, limit: 10 }).wallpapers.map((w) => w.id),
    [fetched!.id],
    'found by its title',
  );

  // As an index written before titles were kept has it: no title, no item, the file's name as title.
  const { openDatabase } = await import('../../src/core/store/native-lifetime.js');
  const db = openDatabase(join(home, 'index.sqlite'));
  db.exec(`UPDATE source_files SET title = NULL, remote = NULL; UPDATE wallpapers SET title = '${guid}'`);
  db.close();
  t.equal(library.get(fetched!.id)!.title, guid);
  const [again] = await library.fetchSources();
  t.equal(again!.added, 0, 'nothing new');
  t.equal(library.get(fetched!.id)!.title, 'Shell', 'the next fetch that sees the item titles it');
  await library.scan();
  t.equal(library.get(fetched!.id)!.title, 'Shell', 'and a scan keeps it');
});
