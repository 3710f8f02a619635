// The set-up the sources' core tests share: a library in a temporary home and a fake service, torn
// down with the test; distinct pictures served by the fake; the wallpapers a source holds.
import type { Test } from 'tap';
import { openLibrary } from '../../../src/core/index.js';
import type { Library } from '../../../src/core/types.js';
import { tempDir } from '../fixtures.js';
import { photo } from '../photos.js';
import { type Fake, startFake } from './server.js';
import type * as services from './services.js';

export async function setUp(t: Test): Promise<{ library: Library; fake: Fake; home: string }> {
  const home = tempDir(t, 'wallpaper-sources-');
  const library = openLibrary({ home });
  const fake = await startFake();
  t.teardown(async () => {
    await fake.close();
    library.close();
  });
  return { library, fake, home };
}

/** Pictures 1..n (distinct, not near each other) served as /img/<prefix><n>. */
export async function pictures(fake: Fake, prefix: string, seeds: number[]): Promise<services.Item[]> {
  const items: services.Item[] = [];
  for (const seed of seeds) {
    fake.images.set(`${prefix}${seed}`, await photo(seed));
    items.push({ id: `${prefix}${seed}` });
  }
  return items;
}

export const bySource = (library: Library, name: string) => library.list({ tag: [`source:${name}`] }, { page: 1, limit: 200 }).wallpapers;
export const paths = (fake: Fake) => fake.requests.map((request) => new URL(request.url, fake.base).pathname);
