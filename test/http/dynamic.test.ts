// Dynamic wallpapers over HTTP (docs/design.md#the-time-of-day): the record's `dynamic`; `/image` of a timed XML or
// .stw sends the frame for now (its own bytes and type, asked again each time: no-cache, a tag per
// frame, 304 for the same frame); an Apple HEIC is sent as itself; POST .../set puts the frame for
// now on a desktop (fake sway tools recording argv), and on GNOME (fake gsettings) the XML itself;
// a variant of a frame of another size than the record's is cut from the frame (never a 500).
// The clock here is the real one: the .stw changes at 00:00 and 12:00 (UTC), so the frame for now
// is known by the hour.
process.env.TZ = 'UTC';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import { wasmDecoders } from '../../src/core/formats/index.js';
import type { Wallpaper } from '../../src/core/types.js';
import { appleHeic, gnomeXml } from '../helpers/dynamic.js';
import { FAKE, readCalls } from '../helpers/fake-desktop.js';
import { photo } from '../helpers/photos.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { call, header, startFixture } from './helpers.js';

t.teardown(() => wasmDecoders.close());

/** A library of frames, a .stw (am.png before noon, pm.jpg after), a GNOME XML and an Apple HEIC. */
async function dynamicFixture(t: Test, desktopEnv?: NodeJS.ProcessEnv) {
  const f = await startFixture(t, { images: {}, ...(desktopEnv ? { desktopEnv } : {}) });
  const frames = join(f.folder, 'frames');
  mkdirSync(frames);
  const am = await writeImage(join(frames, 'am.png'), { width: 96, height: 54, color: '#204080', format: 'png' });
  const pm = await writeImage(join(frames, 'pm.jpg'), { width: 96, height: 54, color: '#e0e0d0' });
  writeFileSync(join(f.folder, 'half.stw'), 'stw: 1.0\nname: half\nformat: frames/%s\n@00:00: am.png\n@12:00: pm.jpg\n');
  writeFileSync(
    join(f.folder, 'half.xml'),
    gnomeXml('2020-01-01 00:00:00', [
      [43200, am],
      [43200, pm],
    ]),
  );
  const scratch = join(f.folder, '.scratch');
  mkdirSync(scratch);
  const heic = await appleHeic(join(f.folder, 'mac.heic'), ['#102030', '#f0e0c0'], 'apr', { l: 1, d: 0 }, scratch);
  const summary = await f.library.scan();
  t.same(summary.failed, [], 'every file indexed');
  const byName = new Map(f.library.list({}, { page: 1, limit: 50 }).wallpapers.map((w) => [w.filename, w]));
  const now = new Date().getUTCHours() < 12 ? am : pm;
  return { ...f, am, pm, heic, now, byName };
}

t.test('the record says dynamic; /image sends the frame for now; a HEIC is sent as itself', async (t) => {
  const f = await dynamicFixture(t);
  const stw = f.byName.get('half.stw')!;
  const record = await call(f.base, `/api/wallpapers/${stw.id}`);
  t.same(record.json<Wallpaper>().dynamic, { kind: 'timed', frames: 2 });
  t.same(f.byName.get('am.png')!.dynamic, null, 'a frame is an ordinary wallpaper');
  const list = await call(f.base, '/api/wallpapers?limit=50');
  t.same(
    list
      .json<{ wallpapers: Wallpaper[] }>()
      .wallpapers.map((w) => [w.filename, w.dynamic?.kind ?? null])
      .sort(),
    [
      ['am.png', null],
      ['half.stw', 'timed'],
      ['half.xml', 'timed'],
      ['mac.heic', 'light-dark'],
      ['pm.jpg', null],
    ],
  );

  for (const name of ['half.stw', 'half.xml']) {
    const id = f.byName.get(name)!.id;
    const image = await call(f.base, `/api/wallpapers/${id}/image`);
    t.equal(image.status, 200, name);
    t.same(image.body, readFileSync(f.now), `${name}: the bytes of the frame for now`);
    t.equal(header(image, 'content-type'), f.now.endsWith('.png') ? 'image/png' : 'image/jpeg', 'its own type');
    t.equal(header(image, 'cache-control'), 'no-cache', 'asked again each time: the frame changes');
    t.match(header(image, 'content-disposition'), f.now.endsWith('.png') ? 'am.png' : 'pm.jpg');
    const etag = header(image, 'etag')!;
    t.match(etag, new RegExp(`^"${id}-`));
    t.equal((await call(f.base, `/api/wallpapers/${id}/image`, { headers: { 'if-none-match': etag } })).status, 304, 'same frame: 304');
    const part = await call(f.base, `/api/wallpapers/${id}/image`, { headers: { range: 'bytes=0-9' } });
    t.same([part.status, part.body], [206, readFileSync(f.now).subarray(0, 10)], 'ranges of the frame');
    const download = await call(f.base, `/api/wallpapers/${id}/download/${name}`);
    t.same(download.body, readFileSync(f.now), 'download: the same bytes as /image');
  }
  const mac = f.byName.get('mac.heic')!;
  const heic = await call(f.base, `/api/wallpapers/${mac.id}/image`);
  t.same(
    [heic.status, header(heic, 'content-type'), header(heic, 'cache-control')],
    [200, 'image/heic', 'public, max-age=31536000, immutable'],
  );
  t.same(heic.body, readFileSync(f.heic), 'the HEIC itself');
  const variant = await call(f.base, `/api/wallpapers/${f.byName.get('half.xml')!.id}/image?w=48&h=27&as=png`);
  t.same(
    [variant.status, header(variant, 'content-type'), header(variant, 'cache-control')],
    [200, 'image/png', 'no-cache'],
    'a variant of the frame, asked again each time',
  );
  const pixel = await sharp(variant.body).resize(1, 1).raw().toBuffer();
  const expected = f.now.endsWith('.png') ? [0x20, 0x40, 0x80] : [0xe0, 0xe0, 0xd0];
  t.ok(
    [...pixel.subarray(0, 3)].every((v, i) => Math.abs(v - expected[i]!) < 16),
    `made from the frame for now (${[...pixel.subarray(0, 3)]})`,
  );
});

t.test('POST .../set: the frame for now on sway; the XML itself on GNOME', async (t) => {
  const desktop = tempDir(t);
  for (const tool of ['swaymsg', 'gsettings']) {
    copyFileSync(FAKE, join(desktop, tool));
    chmodSync(join(desktop, tool), 0o755);
  }
  const log = join(desktop, 'calls.log');
  const sway = await dynamicFixture(t, { PATH: desktop, XDG_CURRENT_DESKTOP: 'sway', FAKE_LOG: log, WALLPAPER_MONITORS: 'DP-1=1920x1080' });
  const post = (f: typeof sway, name: string) => call(f.base, `/api/wallpapers/${f.byName.get(name)!.id}/set`, { method: 'POST' });
  t.equal((await post(sway, 'half.xml')).status, 204);
  t.same(readCalls(log).at(-1), ['swaymsg', 'output', '*', 'bg', sway.now, 'fill'], 'sway shows the frame for now');
  t.equal((await post(sway, 'half.stw')).status, 204);
  t.same(readCalls(log).at(-1), ['swaymsg', 'output', '*', 'bg', sway.now, 'fill']);

  const gnome = await dynamicFixture(t, { PATH: desktop, XDG_CURRENT_DESKTOP: 'GNOME', FAKE_LOG: log });
  t.equal((await post(gnome, 'half.xml')).status, 204);
  const uris = readCalls(log).filter(([tool, verb]) => tool === 'gsettings' && verb === 'set');
  const xml = `file://${join(gnome.folder, 'half.xml')}`;
  t.ok(
    uris.some((call) => call.includes('picture-uri') && call.includes(xml)),
    'GNOME is handed the XML, which it plays',
  );
  t.equal((await post(gnome, 'half.stw')).status, 204);
  const last = readCalls(log)
    .filter(([tool, verb]) => tool === 'gsettings' && verb === 'set')
    .at(-1)!;
  t.equal(last.at(-1), `file://${gnome.now}`, 'a .stw is no GNOME format: its frame for now');
});

t.test('a variant of a timed wallpaper whose frame for now is another size than its noon frame', async (t) => {
  // The record's size is the noon frame's (1920x1080, two seconds around noon); the frame for now
  // is 960x540. A crop chosen within the record's size once failed on the smaller frame: a 500
  // (extract_area).
  const f = await startFixture(t, { images: {} });
  const frames = join(f.folder, 'frames');
  mkdirSync(frames);
  // Pictures with a subject, large enough that the crops choose a region (variants/crop.ts).
  const small = join(frames, 'small.png');
  const wide = join(frames, 'wide.png');
  writeFileSync(small, await photo(5, 960, 540));
  writeFileSync(wide, await photo(6, 1920, 1080));
  writeFileSync(
    join(f.folder, 'shapes.xml'),
    gnomeXml('2020-01-01 00:00:00', [
      [43199, small],
      [2, wide],
      [43199, small],
    ]),
  );
  t.same((await f.library.scan()).failed, []);
  const record = f.library.list({}, { page: 1, limit: 5 }).wallpapers.find((w) => w.filename === 'shapes.xml')!;
  t.same([record.width, record.height], [1920, 1080], "the record has the noon frame's size");
  for (const query of ['w=1500&h=1500&fit=cover&crop=attention', 'w=1500&h=1500&fit=cover&crop=entropy', 'w=400&h=400&fit=inside&as=png']) {
    const variant = await call(f.base, `/api/wallpapers/${record.id}/image?${query}`);
    t.equal(variant.status, 200, query);
    const meta = await sharp(variant.body).metadata();
    t.ok(meta.width! <= 1500 && meta.height! <= 1500, `${query}: within the box (${meta.width}x${meta.height})`);
  }
});
