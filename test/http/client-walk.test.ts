// The `client=` walk made exact (docs/design.md#beyond-the-specification), on both backends: every cycle is a
// permutation of the matches and the next does not begin with the last one served, over 40 cycles
// in one process; and across `serve --workers 2` (each call on a new connection, so the workers take
// turns) the walk is one, shared atomically: sequential calls never repeat within a cycle, and 12
// simultaneous calls of a fresh client get the 12 wallpapers, each once.
import { join } from 'node:path';
import type { Test } from 'tap';
import type { Filters, Wallpaper } from '../../src/core/types.js';
import { openLibrary } from '../../src/core/library/facade.js';
import { type Backend, databaseFlag, eachBackend } from '../helpers/backends.js';
import { tempDir, writeImage } from '../helpers/fixtures.js';
import { startServe, until } from '../helpers/serve.js';
import { call } from './helpers.js';

/** `count` images of distinct colours in a new folder. */
async function folderOf(t: Test, count: number): Promise<string> {
  const folder = tempDir(t);
  for (let i = 0; i < count; i++) {
    await writeImage(join(folder, `w${i}.png`), { width: 64 + i, height: 40, color: `#${(40 + i * 9).toString(16)}6080`, format: 'png' });
  }
  return folder;
}

/** Where the walk breaks, as messages: a cycle (each `size` calls) that is not a permutation, or
 * that begins with the last one of the cycle before. */
function breaks(served: readonly string[], size: number): string[] {
  const found: string[] = [];
  for (let start = 0; start + size <= served.length; start += size) {
    const cycle = served.slice(start, start + size);
    const n = start / size;
    if (new Set(cycle).size !== size) found.push(`cycle ${n} repeats: ${cycle.map((id) => id.slice(0, 4)).join(' ')}`);
    if (start > 0 && cycle[0] === served[start - 1]) found.push(`cycle ${n} begins with the last one served`);
  }
  return found;
}

eachBackend('40 cycles of 4 matches: each a permutation, none beginning with the last one', async (t, backend) => {
  const folder = await folderOf(t, 4);
  const library = openLibrary({ home: tempDir(t), database: backend.database });
  t.teardown(() => library.close());
  library.updateSettings({ folders: [folder] });
  await library.scan();
  const served: string[] = [];
  for (let i = 0; i < 160; i++) served.push(library.random({}, { order: { client: 'wall' } })!.id);
  t.same(breaks(served, 4), [], 'every cycle exact');
  t.ok(new Set(Array.from({ length: 40 }, (_, n) => served.slice(n * 4, n * 4 + 4).join())).size > 1, 'the cycles are not all one order');
});

// A new client's first pick is found in one pass over the matches (no sort); the order is made at
// its second pick, by this process or another one sharing the index: either way the first cycle
// must be exact, which it is only if that first pick is the order's first.
eachBackend('a new client: its first pick begins an exact first cycle, whoever makes the order', async (t, backend) => {
  const folder = await folderOf(t, 6);
  const home = tempDir(t);
  const first = openLibrary({ home, database: backend.database });
  const second = openLibrary({ home, database: backend.database });
  t.teardown(() => {
    first.close();
    second.close();
  });
  first.updateSettings({ folders: [folder] });
  await first.scan();
  const cases: { name: string; later: typeof first; filters: Filters }[] = [
    { name: 'one process', later: first, filters: {} },
    { name: 'a second process makes the order', later: second, filters: {} },
    { name: 'filtered: every match but none excluded', later: second, filters: { format: 'png' } },
  ];
  for (const [n, { name, later, filters }] of cases.entries()) {
    for (const client of [`fresh${n}a`, `fresh${n}b`, `fresh${n}c`]) {
      const served = [first.random(filters, { order: { client } })!.id];
      for (let i = 1; i < 18; i++) served.push(later.random(filters, { order: { client } })!.id);
      t.same(breaks(served, 6), [], `${name}, ${client}: 3 cycles, every one exact`);
    }
  }
});

/** `serve --workers 2` on the backend's index, its 2 workers up and the folder indexed. */
async function twoWorkers(t: Test, backend: Backend, folder: string, count: number) {
  const server = await startServe(t, { home: tempDir(t), folders: [folder], flags: ['--workers', '2', ...databaseFlag(backend)] });
  const id = async (query: string) => (await call(server.base, `/api/wallpapers/random?${query}`, { reset: true })).json<Wallpaper>().id;
  await until(async () => {
    const reply = await call(server.base, '/api/wallpapers', { reset: true });
    return reply.status === 200 && (reply.json() as { pagination: { total: number } }).pagination.total === count;
  }, 30_000);
  return id;
}

eachBackend('serve --workers 2: sequential calls on new connections walk one walk', async (t, backend) => {
  const id = await twoWorkers(t, backend, await folderOf(t, 4), 4);
  const served: string[] = [];
  for (let i = 0; i < 40; i++) served.push(await id('client=hall'));
  t.same(breaks(served, 4), [], '10 cycles across the workers, every one exact');
});

eachBackend('serve --workers 2: 12 simultaneous calls of a fresh client, 12 different wallpapers', async (t, backend) => {
  const id = await twoWorkers(t, backend, await folderOf(t, 12), 12);
  for (const client of ['burst1', 'burst2']) {
    const served = await Promise.all(Array.from({ length: 12 }, () => id(`client=${client}`)));
    t.equal(new Set(served).size, 12, `${client}: 12 calls at once, 12 different`);
  }
});
