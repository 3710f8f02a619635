// Debian's wallpaper packages scanned as a user scans /usr/share: GNOME's, MATE's and
// UKUI's `<wallpapers>` lists (with `<!DOCTYPE wallpapers SYSTEM "gnome-wp-list.dtd">`) are
// metadata, still read for titles and light/dark pairs, their DTD never fetched, and neither failed
// nor skipped but counted in `ignored`, as any other XML that is no timed background; a document
// declaring entities is still refused. desktop-base's SVG themes, each drawn for 4:3, 5:4, 16:10,
// 16:9 and 21:9, are never one near-duplicate group across shapes nor across themes (joy and
// joy-inksplat: one drawing, a splat added), and the kept copy of a shape is its largest nominal size.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openLibrary } from '../../src/core/library/facade.js';
import type { Wallpaper } from '../../src/core/types.js';
import { runCli } from '../helpers/cli.js';
import { debianLibrary, requireDebianWallpapers } from '../helpers/debian-wallpapers.js';
import { tempDir } from '../helpers/fixtures.js';

const LIST_FILES = [
  'usr/share/backgrounds/gnome/adwaita-l.webp',
  'usr/share/backgrounds/gnome/adwaita-d.webp',
  'usr/share/backgrounds/mate/desktop/GreenTraditional.jpg',
];

t.test('background lists are metadata: read for titles and pairs, never fetched, failed or skipped', async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root) return;
  const share = debianLibrary(root, tempDir(t), LIST_FILES);
  // A loopback server standing for the DTD's address: nothing may ask it for anything.
  const asked: string[] = [];
  const dtd = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.end('<!ENTITY x "y">');
  });
  await new Promise<void>((done) => dtd.listen(0, '127.0.0.1', done));
  t.teardown(() => dtd.close());
  const { port } = dtd.address() as AddressInfo;
  writeFileSync(
    join(share, 'gnome-background-properties', 'fetched.xml'),
    `<?xml version="1.0"?>\n<!DOCTYPE wallpapers PUBLIC "-//GNOME//DTD wallpapers//EN" "http://127.0.0.1:${port}/gnome-wp-list.dtd">\n<wallpapers/>\n`,
  );
  // Any other XML, well-formed or not, is no wallpaper either; one that declares entities is refused.
  writeFileSync(join(share, 'notes.xml'), '<?xml version="1.0"?><config><item name="a"/></config>');
  writeFileSync(join(share, 'broken.xml'), '<settings><open></settings>');
  writeFileSync(join(share, 'entities.xml'), '<!DOCTYPE wallpapers [<!ENTITY x SYSTEM "file:///etc/passwd">]><wallpapers>&x;</wallpapers>');

  const library = openLibrary({ home: tempDir(t, 'wallpaper-home-') });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [share] });
  const summary = await library.scan();
  const lists = readdirSync(share)
    .filter((name) => name.endsWith('-background-properties'))
    .flatMap((folder) => readdirSync(join(share, folder)).filter((name) => name.endsWith('.xml')));
  t.ok(lists.length >= 26, `the packages' lists are in the folder (${lists.length})`);
  t.same(
    summary.failed.map((f) => [f.path.slice(share.length + 1), f.error]),
    [
      [
        'entities.xml',
        'not well-formed XML: it declares a document type or entities (<!DOCTYPE with an internal subset, <!ENTITY): refused, entities are never expanded',
      ],
    ],
    'no list and no other XML failed; the document declaring entities is still refused',
  );
  t.same(
    summary.skipped.filter((s) => s.path.endsWith('.xml')),
    [],
    'no XML skipped',
  );
  t.equal(summary.ignored, lists.length + 2, 'every list, notes.xml and broken.xml counted in ignored');
  t.same(asked, [], 'the external DTD was never fetched');

  const all: Wallpaper[] = library.list({ hidden: 'any' }, { page: 1, limit: 50 }).wallpapers;
  const byFile = (name: string) => all.find((w) => w.filename === name)!;
  t.equal(all.length, 3, 'the three pictures are the wallpapers');
  t.equal(byFile('adwaita-l.webp').title, 'Default Background', "GNOME's list names it");
  t.equal(byFile('GreenTraditional.jpg').title, 'Green Traditional', "MATE's list names it");
  t.equal(byFile('adwaita-l.webp').pair_id, byFile('adwaita-d.webp').id, "GNOME's list pairs light and dark");
  t.equal(byFile('adwaita-d.webp').pair_id, byFile('adwaita-l.webp').id);

  // scan --json (the refresh answer is the same summary) counts them too, and lists no XML as failed.
  const home = tempDir(t, 'wallpaper-home-');
  const cli = await runCli(['--home', home, 'scan', share, '--json']);
  t.equal(cli.code, 0, cli.stderr);
  const json = JSON.parse(cli.stdout);
  t.equal(json.ignored, lists.length + 2, 'scan --json: ignored');
  t.same(
    json.failed.map((f: { path: string }) => f.path.slice(share.length + 1)),
    ['entities.xml'],
    'scan --json: failed',
  );
  const text = await runCli(['--home', home, 'scan']);
  t.notMatch(text.stderr, /background-properties/, 'the text summary names no list');
});

const THEMES = ['homeworld-theme', 'softwaves-theme', 'emerald-theme', 'joy-theme', 'joy-inksplat-theme'].map(
  (theme) => `usr/share/desktop-base/${theme}/wallpaper`,
);

t.test("desktop-base's SVG themes: never grouped across screen shapes, the largest size of a shape kept", async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root) return;
  const share = debianLibrary(root, tempDir(t), THEMES);
  const library = openLibrary({ home: tempDir(t, 'wallpaper-home-') });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [join(share, 'desktop-base')] });
  const summary = await library.scan();
  t.same(summary.failed, [], 'every theme read');
  const all: Wallpaper[] = library.list({ hidden: 'any' }, { page: 1, limit: 200 }).wallpapers;
  t.ok(all.length >= 25, `the themes' sizes are wallpapers (${all.length})`);
  const nominal = (w: Wallpaper) => {
    const [, width, height] = /(\d+)x(\d+)\.svg$/.exec(w.filename)!.map(Number) as [number, number, number];
    return { width, height, theme: w.path.split('/desktop-base/')[1]!.split('/')[0]!, shape: (width / height).toFixed(2) };
  };
  for (const w of all) t.same([w.width, w.height], [nominal(w).width, nominal(w).height], `${w.filename}: its nominal size`);
  const groups = library.duplicates();
  t.ok(groups.length >= 3, `sizes of one shape are still grouped (${groups.length} groups)`);
  for (const group of groups) {
    const members = group.wallpapers.map((w) => ({ w, ...nominal(w) }));
    const names = members.map((m) => `${m.theme}/${m.width}x${m.height}`).join(', ');
    t.equal(new Set(members.map((m) => m.shape)).size, 1, `one screen shape in the group of ${names}`);
    t.equal(new Set(members.map((m) => m.theme)).size, 1, `one theme in the group of ${names}`);
    const largest = Math.max(...members.map((m) => m.width * m.height));
    const kept = members.find((m) => m.w.id === group.keep)!;
    t.equal(kept.width * kept.height, largest, `the largest nominal size kept (${kept.width}x${kept.height} of ${names})`);
  }
  const together = (theme: string, a: string, b: string) =>
    groups.some((g) => [a, b].every((size) => g.wallpapers.some((w) => w.path.endsWith(`${theme}/wallpaper/contents/images/${size}.svg`))));
  t.notOk(together('homeworld-theme', '1600x1200', '1920x1080'), 'homeworld 4:3 is not its 16:9');
  t.notOk(together('homeworld-theme', '1600x1200', '1280x1024'), 'homeworld 4:3 is not its 5:4');
  t.notOk(together('softwaves-theme', '1920x1200', '1920x1080'), 'softwaves 16:10 is not its 16:9');
  t.notOk(together('homeworld-theme', '2560x1080', '2560x1440'), 'homeworld 21:9 is not its 16:9');
  t.ok(together('emerald-theme', '1920x1080', '5120x2880'), "emerald's 16:9 sizes are one drawing");
  const joy = (theme: string) => all.find((w) => w.path.endsWith(`${theme}/wallpaper/contents/images/1920x1080.svg`))!;
  t.notOk(
    groups.some((g) => g.ids.includes(joy('joy-theme').id) && g.ids.includes(joy('joy-inksplat-theme').id)),
    'joy and joy-inksplat are other drawings',
  );
});
