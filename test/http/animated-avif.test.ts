// An image sequence AVIF (docs/formats.md#animated-avif), made by the encoder people's
// files come from (`avifenc`, Debian's libavif-bin, several frames in: an `avis` file): indexed
// by its first frame (its size and analysis), its thumbnail and variants drawn from that frame and
// served over HTTP, its own bytes sent as they are, and a desktop that cannot show AVIF given a
// rendition of that frame.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { renditionFor } from '../../src/core/desktop/place/compose.js';
import type { ListResponse } from '../../src/core/types.js';
import { tempDir } from '../helpers/fixtures.js';
import { call, header, startFixture } from './helpers.js';

const hasAvifenc = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v avifenc'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

/** A frame: a field of one colour with a lighter band, so each frame has its own hue and structure. */
const frame = (path: string, colour: string) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
    .composite([
      { input: Buffer.from('<svg width="320" height="180"><rect y="70" width="320" height="40" fill="#ffffff" opacity="0.5"/></svg>') },
    ])
    .png()
    .toFile(path);

/** The mean colour of an image's pixels, as [r, g, b]. */
const meanOf = async (bytes: Buffer) => (await sharp(bytes).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean));

t.test('an avifenc image sequence is indexed, thumbnailed, served and set by its first frame', async (t) => {
  if (!hasAvifenc) {
    const reason = 'needs avifenc (apt-get install libavif-bin)';
    if (process.env.CI === 'true') t.fail(reason);
    else t.plan(0, reason);
    return;
  }
  const f = await startFixture(t, { images: {} });
  const work = tempDir(t);
  const frames = [
    ['red.png', '#c02020'],
    ['green.png', '#20a030'],
    ['blue.png', '#2040c0'],
  ] as const;
  for (const [name, colour] of frames) await frame(join(work, name), colour);
  const file = join(f.folder, 'loop.avif');
  execFileSync('avifenc', ['--speed', '10', ...frames.map(([name]) => join(work, name)), file], { stdio: 'pipe' });
  t.equal(readFileSync(file).toString('latin1', 4, 12), 'ftypavis', 'avifenc wrote an image sequence (avis)');

  const refresh = await call(f.base, '/api/refresh', { method: 'POST' });
  t.equal(refresh.status, 200, refresh.text);
  const answer = refresh.json<{ added: number; failed: unknown[] }>();
  t.same(answer.failed, [], 'not failed');
  t.equal(answer.added, 1, 'indexed');
  const [wallpaper] = (await call(f.base, '/api/wallpapers?format=avif')).json<ListResponse>().wallpapers;
  t.ok(wallpaper, 'listed with format=avif');
  if (!wallpaper) return;
  t.same(
    [wallpaper.content_type, wallpaper.width, wallpaper.height, wallpaper.dominant_hue],
    ['image/avif', 320, 180, 'red'],
    "the first frame's size and analysis (red), not a later frame's",
  );

  const thumbnail = await call(f.base, `/api/wallpapers/${wallpaper.id}/thumbnail`);
  t.equal(thumbnail.status, 200, 'the thumbnail is served');
  const [r, g, b] = await meanOf(thumbnail.body);
  t.ok(r! > g! + 60 && r! > b! + 60, `the thumbnail is the red first frame (mean ${r},${g},${b})`);

  const variant = await call(f.base, `/api/wallpapers/${wallpaper.id}/image?w=160&as=png`);
  t.equal(variant.status, 200, 'a variant is served');
  t.equal(header(variant, 'content-type'), 'image/png');
  const meta = await sharp(variant.body).metadata();
  t.same([meta.width, meta.height], [160, 90], 'a variant at the size asked');
  const [vr, vg, vb] = await meanOf(variant.body);
  t.ok(vr! > vg! + 60 && vr! > vb! + 60, `the variant is the first frame (mean ${vr},${vg},${vb})`);

  const own = await call(f.base, `/api/wallpapers/${wallpaper.id}/image`);
  t.equal(header(own, 'content-type'), 'image/avif');
  t.same(own.body, readFileSync(file), 'its own bytes, every frame, for a browser to play');

  // Set on a desktop that cannot show AVIF: a rendition of the first frame at the monitor's size.
  const rendition = await renditionFor(
    file,
    wallpaper,
    { name: 'DP-1', width: 640, height: 360, x: 0, y: 0, primary: true },
    join(f.home, 'renditions'),
  );
  const drawn = readFileSync(rendition);
  const shown = await sharp(drawn).metadata();
  t.same([shown.format, shown.width, shown.height], ['jpeg', 640, 360], 'a JPEG rendition at the monitor size');
  const [sr, sg, sb] = await meanOf(drawn);
  t.ok(sr! > sg! + 60 && sr! > sb! + 60, `the rendition is the first frame (mean ${sr},${sg},${sb})`);
});
