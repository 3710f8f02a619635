// Random for a screen: with w and h, the pick prefers wallpapers of the screen's
// orientation that need no upscaling, else the closest by KDE Plasma's rule; redirect=1 answers 302
// (no-store) to the immutable {id} variant URL, which then serves the bytes.
import sharp from 'sharp';
import t from 'tap';
import type { Wallpaper } from '../../src/core/types.js';
import { call, header, startFixture } from './helpers.js';

const IMAGES = {
  'uhd.jpg': { width: 3840, height: 2160, color: '#203040', format: 'jpeg' as const },
  'phone.png': { width: 1170, height: 2532, color: '#604020', format: 'png' as const },
  'small-landscape.jpg': { width: 1280, height: 720, color: '#405020', format: 'jpeg' as const },
  'small-portrait.jpg': { width: 600, height: 1000, color: '#502040', format: 'jpeg' as const },
};

async function picks(base: string, query: string, times = 12): Promise<Set<string>> {
  const names = new Set<string>();
  for (let i = 0; i < times; i++) names.add((await call(base, `/api/wallpapers/random?${query}`)).json<Wallpaper>().filename);
  return names;
}

t.test('the pick fits the screen: its orientation, no upscaling; else the closest', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  t.same(await picks(f.base, 'w=1080&h=2340'), new Set(['phone.png']), 'a phone gets the portrait image that covers it');
  t.same(await picks(f.base, 'w=3840&h=2160'), new Set(['uhd.jpg']), 'a 4K screen gets the one image that needs no upscaling');
  t.same(await picks(f.base, 'w=1920&h=1080'), new Set(['uhd.jpg']), '1080p: only 4K covers it');
  t.same(await picks(f.base, 'w=1280&h=720'), new Set(['uhd.jpg', 'small-landscape.jpg']), 'both cover 720p');
  // None covers 5000x2000 (an ultrawide): KDE's rule. Aspect 2.5: uhd 1.78 -> 0.72*25000 + (5000-3840)*2
  // = 20320; small landscape 1.78 -> 0.72*25000 + 3720*2 = 25440; portraits worse.
  t.same(await picks(f.base, 'w=5000&h=2000'), new Set(['uhd.jpg']), 'the closest when none fits');
  // The filters come first; among landscapes none covers a phone, and KDE's rule weighs the width:
  // |1280 - 1080| x 2 = 400 against |3840 - 1080| x 2 = 5520 (both too short: upscaled, counted double).
  t.same(await picks(f.base, 'w=1080&h=2340&orientation=landscape'), new Set(['small-landscape.jpg']), 'the filters come first');
  t.equal((await call(f.base, '/api/wallpapers/random?w=1080&h=2340&min_width=9000')).status, 404, 'no match is still 404');
  t.same(await picks(f.base, 'w=1080&h=2340', 6), await picks(f.base, 'h=2340&w=1080', 6), 'order of parameters is irrelevant');
});

t.test('the image endpoints pick for the screen too, and size the answer', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  for (let i = 0; i < 5; i++) {
    const reply = await call(f.base, '/api/wallpapers/random/image?w=1080&h=2340&as=webp');
    t.equal(reply.status, 200);
    const meta = await sharp(reply.body).metadata();
    t.same([meta.format, meta.width, meta.height], ['webp', 1080, 2340], 'the phone image, at the phone size');
    t.equal(header(reply, 'cache-control'), 'no-store', 'random: never cached');
    t.equal(header(reply, 'etag'), undefined, 'no validators on random');
    t.match(header(reply, 'content-disposition'), 'filename="phone-1080x2340.webp"');
  }
  const thumb = await call(f.base, '/api/wallpapers/random/thumbnail?w=1080&h=2340');
  t.equal(thumb.status, 200);
});

t.test('redirect=1: 302 to the immutable variant URL', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const phone = f.byName.get('phone.png')!;
  const reply = await call(f.base, '/api/wallpapers/random/image?w=1080&h=2340&as=webp&redirect=1');
  t.equal(reply.status, 302);
  t.equal(header(reply, 'cache-control'), 'no-store');
  const location = header(reply, 'location')!;
  t.equal(location, `/api/wallpapers/${phone.id}/image?w=1080&h=2340&fit=cover&crop=attention&as=webp`);
  const image = await call(f.base, location);
  t.equal(image.status, 200);
  t.equal(header(image, 'cache-control'), 'public, max-age=31536000, immutable');
  t.same([(await sharp(image.body).metadata()).width, (await sharp(image.body).metadata()).height], [1080, 2340]);

  const plain = await call(f.base, '/api/wallpapers/random/image?orientation=portrait&min_width=1000&redirect=1');
  t.equal(header(plain, 'location'), phone.url, 'without a size: the image URL itself');
  const bad = await call(f.base, '/api/wallpapers/random/image?redirect=true');
  t.equal(bad.status, 400);
  t.match(bad.text, /^invalid redirect "true": expected 1/);
});

t.test("a near-square screen is square by the analysis's 2% rule: its pick is the square picture", async (t) => {
  const f = await startFixture(t, {
    images: {
      'square.png': { width: 1200, height: 1200, color: '#305070', format: 'png' as const },
      'wide.png': { width: 1600, height: 1000, color: '#705030', format: 'png' as const },
    },
  });
  // 1010x1000 is within 2% of 1:1: a landscape screen to a rule of w > h, a square one to the analysis.
  t.same(await picks(f.base, 'w=1010&h=1000'), new Set(['square.png']), 'the square picture, never the wide one');
  t.same(await picks(f.base, 'w=1100&h=1000'), new Set(['wide.png']), 'past 2% the screen is landscape');
});
