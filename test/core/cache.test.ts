// The one cache primitive: bounded by entries and by size, least recently used out first, and a
// VersionedCache empties itself when the version changes.
import t from 'tap';
import { VersionedCache, boundedCache } from '../../src/core/common/cache.js';

t.test('entries bound: the least recently used goes, and a get refreshes', async (t) => {
  const cache = boundedCache<number>({ maxEntries: 3 });
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  t.equal(cache.get('a'), 1, 'a is now the most recently used');
  cache.set('d', 4);
  t.same([...cache.keys()].sort(), ['a', 'c', 'd'], 'b, the least recently used, went (a FIFO would drop a)');
});

t.test('size bound: values weighed by sizeOf, the least recently used out until it holds', async (t) => {
  const cache = new VersionedCache<Buffer>({ maxEntries: 100, maxSize: 10, sizeOf: (b) => b.length });
  cache.set('v1', 'hot', Buffer.alloc(4));
  cache.set('v1', 'cold', Buffer.alloc(4));
  t.ok(cache.get('v1', 'hot'), 'hot read: most recently used');
  cache.set('v1', 'new', Buffer.alloc(4));
  t.ok(cache.get('v1', 'hot'), 'the hot entry keeps its bytes');
  t.equal(cache.get('v1', 'cold'), undefined, 'the cold one made room');
  t.same(cache.stats, { entries: 2, size: 8 });
  cache.set('v1', 'huge', Buffer.alloc(11));
  t.equal(cache.get('v1', 'huge'), undefined, 'a value larger than the whole budget is not kept');
  t.ok(cache.get('v1', 'hot'), 'and evicts nothing');
});

t.test('a new version empties the cache; the same version keeps it', async (t) => {
  const cache = new VersionedCache<string>({ maxEntries: 10 });
  cache.set('1.0', 'k', 'old');
  t.equal(cache.get('1.0', 'k'), 'old');
  t.equal(cache.get('1.1', 'k'), undefined, 'another version: nothing of the old one');
  cache.set('1.1', 'k', 'new');
  t.equal(cache.get('1.0', 'k'), undefined, 'going back is a change too');
  t.same(cache.stats.entries, 0);
});

t.test('an empty value still counts one unit, so entries without bytes are bounded too', async (t) => {
  const cache = new VersionedCache<string>({ maxEntries: 100, maxSize: 3, sizeOf: () => 0 });
  for (const key of ['a', 'b', 'c', 'd']) cache.set('v', key, key);
  t.equal(cache.stats.entries, 3);
});
