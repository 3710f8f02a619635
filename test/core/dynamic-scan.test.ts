// Dynamic wallpapers in a scan (docs/design.md#the-time-of-day): a GNOME timed XML, a .stw and an Apple dynamic HEIC
// found in a library folder are one wallpaper each, analysed, thumbnailed and filtered by the frame
// shown at noon, with `dynamic` in the record; their frame files are wallpapers of their own; an
// XML of another kind is nothing at all; malformed ones are skipped with the reason and the scan
// goes on; a rescan reads none of them again.
process.env.TZ = 'UTC';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import { wasmDecoders } from '../../src/core/formats/index.js';
import { openDatabase, prepareKept } from '../../src/core/store/native-lifetime.js';
import { adwaitaLikeXml, appleHeic, gnomeXml } from '../helpers/dynamic.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.teardown(() => wasmDecoders.close());

t.test('timed XML, .stw and Apple HEIC: one wallpaper each, by their noon frame', async (t) => {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  const frames = join(walls, 'frames');
  mkdirSync(frames, { recursive: true });
  await writeImage(join(frames, 'morning.jpg'), { width: 160, height: 90, color: '#c07030' });
  await writeImage(join(frames, 'day.jpg'), { width: 160, height: 90, color: '#f4f4f0' });
  await writeImage(join(frames, 'night.jpg'), { width: 160, height: 90, color: '#101020' });
  const f = (name: string) => join(frames, name);
  writeFileSync(join(walls, 'adwaita-timed.xml'), adwaitaLikeXml(f));
  // Relative names: read from the .stw's folder. At noon: night (a dark noon frame).
  writeFileSync(join(walls, 'owl.stw'), 'stw: 1.0\nname: owl\nformat: frames/%s.jpg\n@06:00: morning\n@10:00: night\n@20:00: day\n');
  writeFileSync(
    join(walls, 'gnome-backgrounds.xml'),
    '<wallpapers><wallpaper><filename>/usr/share/x.jpg</filename></wallpaper></wallpapers>',
  );
  // Malformed ones: each skipped with its reason.
  writeFileSync(join(walls, 'missing.xml'), gnomeXml('2020-01-01 00:00:00', [[86400, f('gone.jpg')]]));
  writeFileSync(join(walls, 'order.stw'), 'stw: 1.0\n@08:00: frames/day.jpg\n@07:00: frames/night.jpg\n@09:00: frames/morning.jpg\n');
  writeFileSync(join(walls, 'loop.xml'), gnomeXml('2020-01-01 00:00:00', [[3600, f('day.jpg'), join(walls, 'loop.xml')]]));
  writeFileSync(
    join(walls, 'bomb.xml'),
    `<!DOCTYPE background [<!ENTITY a "aaaa">${Array.from({ length: 30 }, (_, i) => `<!ENTITY b${i + 1} "${`&${i ? `b${i}` : 'a'};`.repeat(10)}">`).join('')}]><background><starttime><year>2020</year><month>1</month><day>1</day></starttime><static><duration>60</duration><file>&b30;</file></static></background>`,
  );
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'outside', 'text.jpg'), 'not a picture');
  writeFileSync(join(walls, 'no-image.stw'), `stw: 1.0\n@08:00: ${join(root, 'outside', 'text.jpg')}\n`);
  const scratch = join(root, 'scratch');
  mkdirSync(scratch);
  // Image 0 dark from 20:00, image 1 light from 08:00: noon shows image 1.
  await appleHeic(
    join(walls, 'mojave.heic'),
    ['#101018', '#e8e8f0'],
    'h24',
    {
      ti: [
        { t: 20 / 24, i: 0 },
        { t: 8 / 24, i: 1 },
      ],
    },
    scratch,
  );

  const library = openLibrary({ home: join(root, 'home') });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [walls] });
  const summary = await library.scan();
  const reasons = Object.fromEntries(summary.failed.map(({ path, error }) => [path.slice(walls.length + 1), error]));
  t.same(
    Object.keys(reasons).sort(),
    ['bomb.xml', 'loop.xml', 'missing.xml', 'no-image.stw', 'order.stw'],
    'the malformed ones, and only those',
  );
  t.match(reasons['missing.xml'], `a missing frame file: ${f('gone.jpg')}`);
  t.match(reasons['order.stw'], /^times out of order: line 3 \(07:00\) goes back from the time before it \(08:00\)/);
  t.match(reasons['loop.xml'], /^a transition loop: /);
  t.match(reasons['bomb.xml'], /declares a document type or entities/);
  t.match(reasons['no-image.stw'], /is not a decodable image/);
  t.equal(summary.added, 6, 'three frames, the XML, the .stw and the HEIC');

  const all = library.list({}, { page: 1, limit: 50 }).wallpapers;
  const byName = new Map(all.map((w) => [w.filename, w]));
  t.notOk(byName.has('gnome-backgrounds.xml'), 'a background list is no wallpaper');
  const xml = byName.get('adwaita-timed.xml')!;
  const day = byName.get('day.jpg')!;
  t.same(xml.dynamic, { kind: 'timed', frames: 3 });
  t.match(xml, {
    brightness: day.brightness,
    luminance: day.luminance,
    width: 160,
    height: 90,
    content_type: 'image/jpeg',
    title: 'adwaita-timed',
  });
  t.not(xml.id, day.id, 'its own id (its own bytes)');
  t.same(day.dynamic, null, 'a frame is a wallpaper of its own');
  const owl = byName.get('owl.stw')!;
  t.match(owl, { dynamic: { kind: 'timed', frames: 3 }, brightness: 'dark' }, "the .stw's noon frame is the night");
  const mojave = byName.get('mojave.heic')!;
  t.match(mojave, { dynamic: { kind: 'timed', frames: 2 }, brightness: 'light', content_type: 'image/heic' }, 'the HEIC by its noon image');

  // Filters see the noon frame: format is the frame's (what /image sends).
  const jpgs = library
    .list({ format: 'jpg' }, { page: 1, limit: 50 })
    .wallpapers.map((w) => w.filename)
    .sort();
  t.same(jpgs, ['adwaita-timed.xml', 'day.jpg', 'morning.jpg', 'night.jpg', 'owl.stw']);
  const dark = library
    .list({ brightness: 'dark' }, { page: 1, limit: 50 })
    .wallpapers.map((w) => w.filename)
    .sort();
  t.same(dark, ['night.jpg', 'owl.stw']);
  t.ok((await library.thumbnailFile(xml.id))?.path, 'a thumbnail');
  t.same(library.duplicates(), [], 'a dynamic wallpaper is no near-duplicate of its noon frame');

  const again = await library.scan();
  t.match(again, { added: 0, updated: 0, removed: 0 }, 'a rescan changes nothing');
  t.equal(again.unchanged, 12, 'every file, the list and the malformed ones included, not read again');

  // An Apple HEIC indexed before migration 15 (by its primary image, no dynamic): the migration
  // marks HEIC files for one more read, which makes the record dynamic and its noon frame's.
  const db = openDatabase(join(root, 'home', 'index.sqlite'));
  prepareKept(db, "UPDATE wallpapers SET dynamic = NULL, brightness = 'dark' WHERE id = ?").run(mojave.id);
  prepareKept(db, "UPDATE files SET mtime_ms = -1 WHERE id IS NOT NULL AND (lower(path) LIKE '%.heic' OR lower(path) LIKE '%.heif')").run();
  db.close();
  await library.scan();
  t.match(library.get(mojave.id), { dynamic: { kind: 'timed', frames: 2 }, brightness: 'light' }, 'read again, dynamic');
});
