// Light/dark pairs: each rule on its own (names, KDE packages, GNOME's XML), then a real scan that
// records pair_id on both members and drops it when a member goes.
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { eachBackend } from '../helpers/backends.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { pickLightDark } from '../../src/core/desktop/pick/light-dark.js';
import { pairsByName, pairsOfGnomeXml, pairsOfPackages } from '../../src/core/packages/pairs.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';

t.test('names that differ only by a light/dark suffix, in one folder', async (t) => {
  const cases: [string, string[], [string, string][]][] = [
    ['-light / -dark, any extension', ['/w/sea-dark.png', '/w/sea-light.jpg'], [['/w/sea-light.jpg', '/w/sea-dark.png']]],
    ['-l / -d', ['/w/dune-l.jpg', '/w/dune-d.jpg'], [['/w/dune-l.jpg', '/w/dune-d.jpg']]],
    ['_light / _dark, any case', ['/w/Hill_Light.webp', '/w/Hill_DARK.webp'], [['/w/Hill_Light.webp', '/w/Hill_DARK.webp']]],
    ['-day / -night', ['/w/city-night.jpg', '/w/city-day.jpg'], [['/w/city-day.jpg', '/w/city-night.jpg']]],
    ['other folders never pair', ['/a/sea-light.jpg', '/b/sea-dark.jpg'], []],
    ['mixed words never pair', ['/w/sea-light.jpg', '/w/sea-night.jpg'], []],
    ['a lone member', ['/w/sea-light.jpg', '/w/sea.jpg'], []],
    ['a suffix inside the name is not one', ['/w/darkness.jpg', '/w/lightness.jpg'], []],
  ];
  for (const [name, paths, expected] of cases) t.same(pairsByName(paths), expected, name);
});

t.test("KDE packages: images/NAME with images_dark/NAME, else each folder's first", async (t) => {
  t.same(
    pairsOfPackages([
      '/p/Mountain/contents/images/1920x1080.png',
      '/p/Mountain/contents/images_dark/1920x1080.png',
      '/p/Mountain/contents/images/3840x2160.png',
    ]),
    [['/p/Mountain/contents/images/1920x1080.png', '/p/Mountain/contents/images_dark/1920x1080.png']],
  );
  t.same(pairsOfPackages(['/p/A/contents/images/a.jpg', '/p/A/contents/images_dark/b.jpg']), [
    ['/p/A/contents/images/a.jpg', '/p/A/contents/images_dark/b.jpg'],
  ]);
  t.same(pairsOfPackages(['/p/A/contents/images/a.jpg']), [], 'no dark folder');
});

t.test("GNOME's background properties: <filename> with <filename-dark>", async (t) => {
  const xml = `<?xml version="1.0"?><!DOCTYPE wallpapers SYSTEM "gnome-wp-list.dtd">
<wallpapers>
  <wallpaper deleted="false"><name>Blobs</name><filename>/usr/share/backgrounds/gnome/blobs-l.svg</filename>
    <filename-dark>/usr/share/backgrounds/gnome/blobs-d.svg</filename-dark><options>zoom</options></wallpaper>
  <wallpaper><name>Only light</name><filename>/x/only.jpg</filename></wallpaper>
  <wallpaper><name>Amp</name><filename>/x/a &amp; b.jpg</filename><filename-dark>/x/a &amp; b dark.jpg</filename-dark></wallpaper>
</wallpapers>`;
  t.same(pairsOfGnomeXml(xml), [
    ['/usr/share/backgrounds/gnome/blobs-l.svg', '/usr/share/backgrounds/gnome/blobs-d.svg'],
    ['/x/a & b.jpg', '/x/a & b dark.jpg'],
  ]);
});

eachBackend('a scan records pair_id on both members; a member gone drops it', async (t, backend) => {
  const root = tempDir(t);
  const walls = join(root, 'backgrounds');
  await writeImage(join(walls, 'sea-light.jpg'), { width: 640, height: 360, color: '#d0e0f0' });
  await writeImage(join(walls, 'sea-dark.jpg'), { width: 640, height: 360, color: '#102030' });
  await writeImage(join(walls, 'Hill', 'contents', 'images', '640x360.png'), { width: 640, height: 360, color: '#e0d0a0', format: 'png' });
  await writeImage(join(walls, 'Hill', 'contents', 'images_dark', '640x360.png'), {
    width: 640,
    height: 360,
    color: '#201808',
    format: 'png',
  });
  await writeImage(join(walls, 'morning.jpg'), { width: 640, height: 360, color: '#f0e0c0' });
  await writeImage(join(walls, 'evening.jpg'), { width: 640, height: 360, color: '#100818' });
  // The /usr/share layout: gnome-background-properties beside the backgrounds folder.
  mkdirSync(join(root, 'gnome-background-properties'));
  writeFileSync(
    join(root, 'gnome-background-properties', 'mine.xml'),
    `<wallpapers><wallpaper><filename>${join(walls, 'morning.jpg')}</filename><filename-dark>${join(walls, 'evening.jpg')}</filename-dark></wallpaper></wallpapers>`,
  );
  const library = openLibrary({ home: join(root, 'home'), database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [walls] });
  await library.scan();
  const byName = () => new Map(library.list({}, { page: 1, limit: 50 }).wallpapers.map((w) => [w.path.slice(walls.length + 1), w]));
  const w = byName();
  const pairOf = (a: string, b: string) => {
    t.equal(w.get(a)!.pair_id, w.get(b)!.id, `${a} -> ${b}`);
    t.equal(w.get(b)!.pair_id, w.get(a)!.id, `${b} -> ${a}`);
  };
  pairOf('sea-light.jpg', 'sea-dark.jpg');
  pairOf('Hill/contents/images/640x360.png', 'Hill/contents/images_dark/640x360.png');
  pairOf('morning.jpg', 'evening.jpg');
  t.equal(library.get(w.get('sea-light.jpg')!.id)!.pair_id, w.get('sea-dark.jpg')!.id, 'the single record too');

  rmSync(join(walls, 'sea-dark.jpg'));
  await library.scan();
  t.equal(byName().get('sea-light.jpg')!.pair_id, null, 'its counterpart gone: no pair');
  t.equal(byName().get('morning.jpg')!.pair_id, w.get('evening.jpg')!.id, 'the others stay');
});

eachBackend("GNOME's dark slot takes the light pick's designer pair, every time", async (t, backend) => {
  const root = tempDir(t);
  const walls = join(root, 'walls');
  await writeImage(join(walls, 'sea-light.jpg'), { width: 640, height: 360, color: '#e0f0ff' });
  await writeImage(join(walls, 'sea-dark.jpg'), { width: 640, height: 360, color: '#081828' });
  for (let i = 0; i < 5; i++) await writeImage(join(walls, `night-${i}.jpg`), { width: 640, height: 360, color: `#0${i}0810` });
  const library = openLibrary({ home: join(root, 'home'), database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [walls] });
  await library.scan();
  const counterpart = async (id: string) => {
    const file = await library.verifiedFile(id);
    return file && { wallpaper: file.wallpaper, path: file.path };
  };
  for (let run = 0; run < 10; run++) {
    const picks = await pickLightDark(library, {}, {}, counterpart);
    t.equal(picks?.light.wallpaper.filename, 'sea-light.jpg', 'the only light one');
    t.equal(picks?.dark.wallpaper.filename, 'sea-dark.jpg', 'its pair, not one of the five other dark ones');
  }
  const unpaired = await pickLightDark(library, {}, {});
  t.match(unpaired?.dark.wallpaper.filename, /^(sea-dark|night-\d)\.jpg$/, 'without the lookup: any dark one');
});
