// Cached list bodies: the same page is answered again from the cache, and a change to the index by
// another process (a second Store on the same file, as a cron `wallpaper scan` would commit) is
// visible on the very next request.
import { join } from 'node:path';
import t from 'tap';
import { request } from 'undici';
import { openStore } from '../../src/core/store/index.js';
import { startFixture } from './helpers.js';

t.test('a list body is served from cache until another process changes the index', async (t) => {
  const fixture = await startFixture(t);
  const get = async (path: string) => (await request(fixture.base + path)).body.json() as Promise<{ pagination: { total: number } }>;
  const first = await get('/api/wallpapers?brightness=dark');
  const again = await get('/api/wallpapers?brightness=DARK');
  t.same(again, first, 'the same parsed query, the same body');

  const other = openStore(join(fixture.home, 'index.sqlite'));
  t.teardown(() => other.close());
  const [victim] = fixture.library.list({ brightness: 'dark' }, { page: 1, limit: 1 }).wallpapers;
  other.removeFiles([victim!.path]);
  const after = await get('/api/wallpapers?brightness=dark');
  t.equal(after.pagination.total, first.pagination.total - 1, 'the removal by another connection is seen at once');
});
