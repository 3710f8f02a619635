// Debian 12's own wallpaper packages, scanned for real: the versions of a design for
// other screens (sway's portraits, a KDE package's 1080x1920 beside its 5120x2880) are never
// grouped as duplicates, nor a designer's colour gradings (MATE's Cold and Radioactive); every
// group's members are made for its kept one's screen; titles come from the packages (KDE metadata,
// GNOME, MATE and UKUI background lists), the folders inside a KDE package make no tags, and a
// first scan of packages with size-named links adds, never "updates".
import { join } from 'node:path';
import t from 'tap';
import { sameScreen } from '../../src/core/curate/screen-shape.js';
import { openLibrary } from '../../src/core/library/facade.js';
import type { Wallpaper } from '../../src/core/types.js';
import { debianLibrary, requireDebianWallpapers } from '../helpers/debian-wallpapers.js';
import { tempDir } from '../helpers/fixtures.js';

/** What the test scans: 34 files (27 wallpapers) chosen for the rules, ~20 s on 2 cores. */
const FILES = [
  'usr/share/backgrounds/sway',
  'usr/share/backgrounds/mate/desktop',
  'usr/share/backgrounds/gnome/truchet-l.webp',
  'usr/share/backgrounds/gnome/truchet-d.webp',
  'usr/share/backgrounds/city.png',
  'usr/share/wallpapers/Kay',
  'usr/share/wallpapers/FallenLeaf',
  'usr/share/wallpapers/SafeLanding',
];

t.test("Debian's wallpaper packages: duplicates for the same screen only, titles from the packages", async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root) return;
  const share = debianLibrary(root, tempDir(t), FILES);
  const library = openLibrary({ home: tempDir(t, 'wallpaper-home-') });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [join(share, 'backgrounds'), join(share, 'wallpapers')] });

  const first = await library.scan();
  t.equal(first.updated, 0, 'a first scan updates nothing (the KDE links are aliases found with their file)');
  t.same(first.failed, [], 'every file read');
  const again = await library.scan();
  t.same([again.added, again.updated, again.removed], [0, 0, 0], 'a second scan changes nothing');

  const all: Wallpaper[] = library.list({ hidden: 'any' }, { page: 1, limit: 200 }).wallpapers;
  const byFile = (name: string) => all.find((w) => w.filename === name)!;
  const groups = library.duplicates();
  const together = (a: string, b: string) => groups.some((g) => g.ids.includes(byFile(a).id) && g.ids.includes(byFile(b).id));

  for (const portrait of ['Sway_Wallpaper_Blue_1136x640_Portrait.png', 'Sway_Wallpaper_Blue_2048x1536_Portrait.png']) {
    t.notOk(together(portrait, 'Sway_Wallpaper_Blue_2048x1536.png'), `${portrait} is not a duplicate of the 2048x1536 landscape one`);
    t.notOk(together(portrait, 'Sway_Wallpaper_Blue_1920x1080.png'), `${portrait} is not a duplicate of the 1920x1080 one`);
  }
  t.notOk(together('Sway_Wallpaper_Blue_2048x1536.png', 'Sway_Wallpaper_Blue_1920x1080.png'), '4:3 and 16:9 are other screens');
  t.notOk(together('Ubuntu-Mate-Cold-no-logo.png', 'Ubuntu-Mate-Radioactive-no-logo.png'), "MATE's colour gradings are other pictures");
  // Every grading and light/dark version of the set, pair by pair (the grids confirm
  // copies, and must not confirm these).
  const gradings = ['Cold', 'Dark', 'Radioactive', 'Warm'].map((g) => `Ubuntu-Mate-${g}-no-logo.png`);
  for (const [i, a] of gradings.entries())
    for (const b of gradings.slice(i + 1)) t.notOk(together(a, b), `${a} and ${b} are other pictures`);
  t.notOk(together('MATE-Stripes-Dark.png', 'MATE-Stripes-Light.png'), "MATE's dark and light stripes are other pictures");
  t.notOk(together('truchet-l.webp', 'truchet-d.webp'), "GNOME's light and dark truchet are other pictures");
  const kay = all.filter((w) => w.path.includes('/Kay/contents/images/'));
  t.equal(kay.length, 2, "Kay's portrait and landscape versions are two wallpapers");
  t.notOk(
    groups.some((g) => kay.every((w) => g.ids.includes(w.id))),
    "Kay's 1080x1920 and 5120x2880 are not grouped",
  );
  for (const group of groups) {
    const keep = group.wallpapers.find((w) => w.id === group.keep)!;
    for (const member of group.wallpapers) {
      const shaped = (w: Wallpaper) => ({ width: w.width, height: w.height, fingerprint: new Uint8Array() });
      t.ok(sameScreen(shaped(keep), shaped(member)), `${member.filename} is made for the screen of the kept ${keep.filename}`);
    }
  }

  const titleOf = (name: string) => byFile(name).title;
  t.equal(titleOf('Ubuntu-Mate-Cold-no-logo.png'), 'Ubuntu MATE Cold', "MATE's background list");
  t.equal(titleOf('truchet-d.webp'), 'Truchet', "GNOME's background list, for the dark file too");
  t.equal(titleOf('city.png'), 'City', "UKUI's background list");
  t.equal(titleOf('Sway_Wallpaper_Blue_768x1024.png'), 'Sway_Wallpaper_Blue_768x1024', 'no list: the file name without its extension');
  t.equal(byFile('2560x1600.jpg').title, 'Fallen Leaf', "a KDE package's metadata.json");
  t.ok(
    all.filter((w) => w.path.includes('/SafeLanding/')).every((w) => w.title === 'Safe Landing'),
    "a KDE package's metadata.desktop",
  );
  t.same(
    kay.map((w) => w.title),
    ['Kay', 'Kay'],
    'both sizes of a package carry its name',
  );
  const tags = new Set(all.flatMap((w) => w.tags));
  for (const inside of ['contents', 'images', 'images_dark']) t.notOk(tags.has(inside), `no "${inside}" tag`);
  t.ok(tags.has('sway') && tags.has('kay'), 'the folders holding the files and the packages still make tags');

  const byName = library.list({ hidden: 'any' }, { page: 1, limit: 200 }, { sort: 'name' }).wallpapers.map((w) => w.title);
  t.same(
    byName,
    [...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    'sort=name orders by title',
  );
  t.equal(library.list({ q: 'safe landing' }, { page: 1, limit: 10 }).pagination.total > 0, true, 'q matches a title');
});
