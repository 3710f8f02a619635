// Warm variants: a variant answered once is answered again without re-rendering or the
// cache's lookups, and still exactly as a cold one: the same bytes, ETag, 304 and ranges; small ones
// from memory (even when their cached file went behind our back), large ones streamed from the
// cached file; a source changed behind the index stops them (variants.test.ts checks that one).
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { call, header, startFixture } from './helpers.js';

const IMAGES = { 'a.png': { width: 2400, height: 1600, color: '#336699', format: 'png' as const } };

t.test('a warm variant answers as a cold one did', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  // Noise: its PNG variant is megabytes, past what is kept in memory.
  await sharp(randomBytes(1200 * 800 * 3), { raw: { width: 1200, height: 800, channels: 3 } })
    .png()
    .toFile(join(f.folder, 'noise.png'));
  await f.library.scan();
  const url = (name: string) => f.library.list({}, { page: 1, limit: 9 }).wallpapers.find((w) => w.filename === name)!.url;
  const table: [string, string][] = [
    ['small (kept in memory)', `${url('a.png')}?w=640&h=400&as=webp`],
    ['large (streamed from its file)', `${url('noise.png')}?w=1200&h=800&as=png`],
  ];
  for (const [name, url] of table) {
    const cold = await call(f.base, url);
    t.equal(cold.status, 200, `${name}: made`);
    t.equal(cold.body.length > 512 * 1024, name.startsWith('large'), `${name}: ${cold.body.length} bytes`);
    const rendered = (await f.library.variantStats()).rendered;
    const warm = await call(f.base, url);
    t.equal(warm.status, 200);
    t.ok(warm.body.equals(cold.body), `${name}: the same bytes`);
    t.equal(header(warm, 'etag'), header(cold, 'etag'), `${name}: the same ETag`);
    t.equal(header(warm, 'content-length'), String(cold.body.length));
    t.equal((await f.library.variantStats()).rendered, rendered, `${name}: not made again`);
    t.equal((await call(f.base, url, { headers: { 'if-none-match': header(cold, 'etag')! } })).status, 304, `${name}: 304`);
    const part = await call(f.base, url, { headers: { range: 'bytes=10-19' } });
    t.equal(part.status, 206, `${name}: a range`);
    t.ok(part.body.equals(cold.body.subarray(10, 20)));
  }
  const root = join(f.library.dirs.cache, 'variants');
  for (const prefix of readdirSync(root)) rmSync(join(root, prefix), { recursive: true, force: true });
  const small = await call(f.base, table[0]![1]);
  t.equal(small.status, 200, 'a small warm variant whose file went: still answered, from memory');
  const large = await call(f.base, table[1]![1]);
  t.equal(large.status, 200, 'a large one whose file went: made again');
});
