// GET /api/duplicates answers the group that frees the most space first, over real HTTP.
import t from 'tap';
import type { Wallpaper } from '../../src/core/types.js';
import { byKeepId, groupNames, savings, writeGroupsOfSizes } from '../helpers/duplicate-groups.js';
import { call, startFixture } from './helpers.js';

t.test('GET /api/duplicates: largest saving first', async (t) => {
  const f = await startFixture(t, { images: {} });
  await writeGroupsOfSizes(f.folder);
  t.equal((await call(f.base, '/api/refresh', { method: 'POST' })).status, 200);
  const { groups } = (await call(f.base, '/api/duplicates')).json<{ groups: { ids: string[]; keep: string; wallpapers: Wallpaper[] }[] }>();
  t.same(groupNames(groups), ['large', 'middle', 'small']);
  const freed = savings(groups);
  t.same(
    freed,
    [...freed].sort((a, b) => b - a),
    `savings fall (${freed.join(', ')} bytes)`,
  );
  t.notSame(byKeepId(groups), groupNames(groups), "the fixture's order is not the kept ids' order (the order before)");
});
