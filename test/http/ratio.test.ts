// The exact shape filter over HTTP: `ratio` on the list and the random endpoints, echoed
// in `filters`, combined with the others; an invalid value is a 400 naming `ratio` and what it
// accepts; an aspect_ratio of a shape (`16:10`) is refused saying which category it counts as.
import t from 'tap';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { call, startFixture } from './helpers.js';

t.test('ratio on the list and random endpoints, and its refusals', async (t) => {
  const f = await startFixture(t, {
    images: {
      'wide.png': { width: 320, height: 200, color: '#203040', format: 'png' },
      'wide-light.png': { width: 336, height: 210, color: '#f0e8e0', format: 'png' },
      'hd.png': { width: 320, height: 180, color: '#203040', format: 'png' },
    },
  });
  const list = await call(f.base, '/api/wallpapers?ratio=16:10');
  t.equal(list.status, 200);
  const body = list.json<ListResponse>();
  t.same(body.wallpapers.map((w) => w.filename).sort(), ['wide-light.png', 'wide.png']);
  t.same(body.filters, { ratio: '16:10' });
  const both = await call(f.base, '/api/wallpapers?ratio=1.60&brightness=dark');
  t.same(
    both.json<ListResponse>().wallpapers.map((w) => w.filename),
    ['wide.png'],
  );
  t.same(both.json<ListResponse>().filters, { brightness: 'dark', ratio: '1.6' });
  for (let i = 0; i < 4; i++) {
    const random = await call(f.base, '/api/wallpapers/random?ratio=16:9');
    t.equal(random.json<Wallpaper>().filename, 'hd.png');
  }
  t.equal((await call(f.base, '/api/wallpapers/random/image?ratio=5:4')).status, 404, 'no match');

  const bad = await call(f.base, '/api/wallpapers?ratio=16/10');
  t.equal(bad.status, 400);
  t.equal(
    bad.text.trimEnd(),
    'invalid ratio "16/10": expected width:height in whole numbers from 1 to 99999 (such as 16:10 or 21:9) or a decimal number (such as 1.6), matched within 1%',
  );
  t.equal((await call(f.base, '/api/wallpapers/random/thumbnail?ratio=0:1')).status, 400);
  const shape = await call(f.base, '/api/wallpapers/random?aspect_ratio=16:10');
  t.equal(shape.status, 400);
  t.equal(
    shape.text.trimEnd(),
    'invalid aspect_ratio "16:10": expected 16:9, 4:3, ultrawide, square, portrait, custom or any; 16:10 counts as custom: for this shape only, use ratio=16:10',
  );
});
