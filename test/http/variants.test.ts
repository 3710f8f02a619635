// Sized variants on a real server, every size checked by decoding the answer with sharp:
// the box and format asked for, no upscaling without enlarge=1, attention cropping, the headers of
// an image (strong ETag per variant, 304, ranges, HEAD, the name `<stem>-<w>x<h>.<ext>`), the
// original bytes without parameters, 400s naming the parameter, one render for ten identical cold
// requests, and never a variant of a source that changed behind the index.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import type { Wallpaper } from '../../src/core/types.js';
import { call, header, startFixture } from './helpers.js';

/** 6000x4000 blue with a red square near the top right: what attention cropping should keep. */
async function salient(path: string): Promise<void> {
  const square = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ff1010' } })
    .png()
    .toBuffer();
  await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#203060' } })
    .composite([{ input: square, left: 4800, top: 600 }])
    .jpeg({ quality: 90 })
    .toFile(path);
}

const IMAGES = {
  'small.jpg': { width: 1920, height: 1200, color: '#405060', format: 'jpeg' as const },
  'phone.png': { width: 1080, height: 2340, color: '#806040', format: 'png' as const },
};

async function setup(t: Parameters<typeof startFixture>[0]) {
  const f = await startFixture(t, { images: IMAGES });
  await salient(join(f.folder, 'salient.jpg'));
  await f.library.scan();
  const byName = new Map(f.library.list({}, { page: 1, limit: 10 }).wallpapers.map((w) => [w.filename, w]));
  return { f, byName, get: (name: string) => byName.get(name) as Wallpaper };
}

const decode = async (body: Buffer) => {
  const meta = await sharp(body).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

t.test('the box, the format and the headers of a variant', async (t) => {
  const { f, get } = await setup(t);
  const big = get('salient.jpg');
  const cases: [string, { format: string; width: number; height: number }, string][] = [
    ['w=2560&h=1440&as=webp', { format: 'webp', width: 2560, height: 1440 }, 'salient-2560x1440.webp'],
    ['w=500&h=500&fit=inside', { format: 'jpeg', width: 500, height: 333 }, 'salient-500x333.jpg'],
    ['h=400', { format: 'jpeg', width: 600, height: 400 }, 'salient-600x400.jpg'],
    ['w=300&h=300&fit=contain&as=png', { format: 'png', width: 300, height: 300 }, 'salient-300x300.png'],
    ['w=640&h=360&as=avif&quality=40', { format: 'heif', width: 640, height: 360 }, 'salient-640x360.avif'],
  ];
  for (const [query, expected, filename] of cases) {
    const reply = await call(f.base, `${big.url}?${query}`);
    t.equal(reply.status, 200, query);
    t.same(await decode(reply.body), expected, `${query}: decoded`);
    t.equal(header(reply, 'content-disposition'), `inline; filename="${filename}"`, `${query}: name`);
    t.equal(header(reply, 'content-length'), String(reply.body.length));
    t.equal(header(reply, 'cache-control'), 'public, max-age=31536000, immutable');
    t.match(header(reply, 'etag'), new RegExp(`^"${big.id}-v[0-9a-f]{16}"$`), `${query}: a strong ETag`);
  }
  const avif = await call(f.base, `${big.url}?w=640&h=360&as=avif&quality=40`);
  t.equal(header(avif, 'content-type'), 'image/avif');
  const webp = await call(f.base, `${big.url}?w=2560&h=1440&as=webp`);
  t.not(header(webp, 'etag'), header(avif, 'etag'), 'one ETag per variant');
  t.equal((await call(f.base, `${big.url}?w=2560&h=1440&as=webp`, { headers: { 'if-none-match': header(webp, 'etag')! } })).status, 304);
  const part = await call(f.base, `${big.url}?as=webp&w=2560&h=1440`, { headers: { range: 'bytes=0-99' } });
  t.equal(part.status, 206, 'ranges, and the parameters in any order name the same variant');
  t.same(part.body, webp.body.subarray(0, 100));
  const head = await call(f.base, `${big.url}?w=2560&h=1440&as=webp`, { method: 'HEAD' });
  t.equal(head.status, 200);
  t.equal(head.body.length, 0);
  t.equal(header(head, 'content-length'), String(webp.body.length));
});

t.test('no upscaling unless enlarge=1; attention keeps what stands out', async (t) => {
  const { f, get } = await setup(t);
  const small = get('small.jpg');
  t.same(
    await decode((await call(f.base, `${small.url}?w=3840&h=2160`)).body),
    { format: 'jpeg', width: 1920, height: 1080 },
    'the largest 16:9 box inside',
  );
  t.same(await decode((await call(f.base, `${small.url}?w=3840&h=2160&enlarge=1`)).body), { format: 'jpeg', width: 3840, height: 2160 });
  t.same(await decode((await call(f.base, `${small.url}?w=4000`)).body), { format: 'jpeg', width: 1920, height: 1200 });

  const big = get('salient.jpg');
  const redOf = async (query: string) => {
    const { data, info } = await sharp((await call(f.base, `${big.url}?${query}`)).body)
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 2]! < 80) red++;
    return red / (info.width * info.height);
  };
  t.ok((await redOf('w=400&h=1000&crop=attention')) > 0.05, 'attention: the red square is in the portrait crop');
  t.equal(await redOf('w=400&h=1000&crop=center'), 0, 'center: the middle, without it');
});

t.test('without variant parameters: the original bytes, as the spec says', async (t) => {
  const { f, get } = await setup(t);
  const w = get('phone.png');
  const reply = await call(f.base, `${w.url}?brightness=dark&unknown=1`);
  t.same(reply.body, readFileSync(w.path));
  t.equal(header(reply, 'etag'), `"${w.id}"`);
});

t.test('invalid values: 400 naming the parameter', async (t) => {
  const { f, get } = await setup(t);
  const url = get('small.jpg').url;
  const cases: [string, RegExp][] = [
    ['w=0', /^invalid w "0": expected a whole number from 1 to 5000/],
    ['w=5001', /^invalid w/],
    // One limit for every format: an AVIF over it is refused naming it, never made smaller.
    ['w=5001&h=2160&as=avif', /^invalid w "5001": expected a whole number from 1 to 5000/],
    ['w=3840&h=5001&as=avif', /^invalid h "5001": expected a whole number from 1 to 5000/],
    ['h=abc', /^invalid h "abc"/],
    ['w=10&fit=stretch', /^invalid fit "stretch": expected cover, contain or inside/],
    ['w=10&h=10&crop=face', /^invalid crop "face"/],
    ['as=gif', /^invalid as "gif": expected jpeg, webp, avif, png or bmp/],
    ['as=webp&quality=101', /^invalid quality "101"/],
    ['w=10&enlarge=true', /^invalid enlarge "true"/],
  ];
  for (const [query, message] of cases) {
    for (const path of [`${url}?${query}`, `/api/wallpapers/random/image?${query}`]) {
      const reply = await call(f.base, path);
      t.equal(reply.status, 400, path);
      t.match(reply.text, message, path);
    }
  }
});

t.test('made once: ten identical cold requests, one resize; a changed source is never resized', async (t) => {
  const { f, get } = await setup(t);
  const big = get('salient.jpg');
  const before = (await f.library.variantStats()).rendered;
  const replies = await Promise.all(Array.from({ length: 10 }, () => call(f.base, `${big.url}?w=1920&h=1080&as=webp`)));
  t.same(
    replies.map((reply) => reply.status),
    Array(10).fill(200),
  );
  t.equal(new Set(replies.map((reply) => reply.body.toString('base64'))).size, 1, 'the same bytes');
  t.equal((await f.library.variantStats()).rendered - before, 1, 'exactly one resize');
  await call(f.base, `${big.url}?w=1920&h=1080&as=webp`);
  t.equal((await f.library.variantStats()).rendered - before, 1, 'and none when warm');

  writeFileSync(big.path, 'changed behind the index');
  t.equal((await call(f.base, `${big.url}?w=1920&h=1080&as=webp`)).status, 404, 'a cached variant of a changed source is not served');
  t.equal((await call(f.base, `${big.url}?w=100`)).status, 404, 'nor made');
});
