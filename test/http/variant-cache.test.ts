// The variant cache and the resize pool on a real server: the byte budget holds on disk with the
// least recently used variant out first, a wallpaper's variants leave with it, and a burst of cold
// requests beyond the pool's queue is refused with 503 and Retry-After instead of queued.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { call, eventually, header, startFixture } from './helpers.js';

const IMAGES = { 'a.jpg': { width: 2000, height: 1500, color: '#336699', format: 'jpeg' as const } };

/** Every variant file on disk with its size. */
function variantFiles(cacheHome: string): Map<string, number> {
  const files = new Map<string, number>();
  const root = join(cacheHome, 'variants');
  for (const prefix of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(join(root, prefix.name)).filter((name) => !name.startsWith('.'))) {
      files.set(name, statSync(join(root, prefix.name, name)).size);
    }
  }
  return files;
}

t.test('the budget holds on disk; the least recently used variant goes first', async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const [w] = f.library.list({}, { page: 1, limit: 1 }).wallpapers;
  const get = (width: number) => call(f.base, `${w!.url}?w=${width}&as=png`);
  const size: Record<number, number> = {};
  for (const width of [400, 500, 600]) size[width] = (await get(width)).body.length;
  const names = () => [...variantFiles(f.library.dirs.cache).keys()].sort();
  const all = names();
  t.equal(all.length, 3, 'three kept under the default 1 GiB');
  await get(400); // used again: 500 is now the least recently used
  f.library.updateSettings({ variant_cache_bytes: size[400]! + size[600]! });
  t.equal((await get(600)).status, 200);
  t.ok(await eventually(() => names().length === 2), 'one removed to fit the budget');
  const sizes = [...variantFiles(f.library.dirs.cache).values()].sort((a, b) => a - b);
  t.same(
    sizes,
    [size[400]!, size[600]!].sort((a, b) => a - b),
    'the least recently used (500) went, not the oldest made (400)',
  );

  f.library.updateSettings({ variant_cache_bytes: 0 });
  const unkept = await call(f.base, `${w!.url}?w=333&as=webp`);
  t.equal(unkept.status, 200, 'a budget of 0 still answers');
  t.equal((await sharp(unkept.body).metadata()).width, 333);
  t.ok(await eventually(() => names().length === 0), 'and keeps nothing');
});

t.test("a wallpaper's variants leave with it", async (t) => {
  const f = await startFixture(t, { images: IMAGES });
  const [w] = f.library.list({}, { page: 1, limit: 1 }).wallpapers;
  await call(f.base, `${w!.url}?w=300`);
  t.equal(variantFiles(f.library.dirs.cache).size, 1);
  t.equal((await call(f.base, `/api/wallpapers/${w!.id}`, { method: 'DELETE' })).status, 204);
  t.equal(variantFiles(f.library.dirs.cache).size, 0);
});

t.test('a burst of cold requests past the queue: 503 with Retry-After, the rest made', async (t) => {
  const f = await startFixture(t, { images: { 'big.jpg': { width: 6000, height: 4000, color: '#884422', format: 'jpeg' } } });
  const [w] = f.library.list({}, { page: 1, limit: 1 }).wallpapers;
  const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => call(f.base, `${w!.url}?w=${1000 + i}&h=${700 + i}&as=webp`)));
  const busy = replies.filter((reply) => reply.status === 503);
  t.ok(busy.length > 0, `${busy.length} of 60 refused`);
  for (const reply of busy) {
    t.equal(header(reply, 'retry-after'), '1');
    t.match(reply.text, /^too many images are being resized/);
  }
  t.same(new Set(replies.map((reply) => reply.status)), new Set([200, 503]), 'the others made');
  const stats = await f.library.variantStats();
  t.same([stats.running, stats.queued], [0, 0], 'the pool drained');
});
