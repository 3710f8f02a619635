// The frame and the feed never show where a file lies on the server: a KDE package deep
// in a system-like tree, a picture in a plain folder and one fetched from a local fake of Unsplash
// (test/helpers/fake-services/). The frame's info (Chromium, /frame?info=1) names each by its title,
// its tags and, for the fetched one, its author and source; the Media RSS feed (a plain HTTP
// request) likewise carries the title, the tags and the credit, and no path anywhere.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { type Fake, startFake } from '../helpers/fake-services/server.js';
import { unsplash } from '../helpers/fake-services/services.js';
import { pictures } from '../helpers/fake-services/setup.js';
import { frameState, next, openFrame } from './frame-harness.js';
import { apiAll, haveChromium, launchBrowser, startServer, tempDir, waitForTotal, watchProblems, writeSolid } from './harness.js';

/** What a path on the server looks like in text: an absolute path, or a package's inside. */
const PATHLIKE = /(^|\s)\/[\w.-]+\/|contents\/images|\/tmp\//;

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'library');
  const pkg = join(library, 'usr', 'share', 'wallpapers', 'ColdRipple');
  mkdirSync(join(pkg, 'contents', 'images'), { recursive: true });
  writeFileSync(join(pkg, 'metadata.json'), '{"KPlugin": {"Name": "Cold Ripple"}}');
  await writeSolid(join(pkg, 'contents', 'images', '1920x1080.jpg'), 1920, 1080, '#3060a0');
  await writeSolid(join(library, 'Holidays', 'beach.jpg'), 1600, 900, '#e0c080');
  const fake: Fake = await startFake();
  t.teardown(() => fake.close());
  unsplash(fake, await pictures(fake, 'u', [1]));

  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, 2);
  const source = { name: 'photos', kind: 'unsplash', query: 'lakes', url: fake.base, key: 'test-key' };
  const put = await fetch(`${server.base}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sources: [source] }),
  });
  if (put.status !== 200) throw new Error(`PUT /api/settings: ${put.status} ${await put.text()}`);
  const fetched = await fetch(`${server.base}/api/sources/photos/fetch`, { method: 'POST' });
  if (fetched.status !== 200) throw new Error(`fetch: ${fetched.status} ${await fetched.text()}`);
  await waitForTotal(server, 3);
  const all = new Map((await apiAll(server.base)).map((w) => [w.id, w]));
  /** Every place a file of this library lies: the folders, the server's home (fetched files). */
  const places = [library, server.home, root];
  const browser = await launchBrowser(t);

  t.test('the frame shows title, tags, author and source, never a path', async (t) => {
    // A screen smaller than every picture, so that each one fits it and the frame shows all three.
    const screen = { viewport: { width: 800, height: 450 }, deviceScaleFactor: 1 };
    const frame = await openFrame(browser, server.base, 'info=1&transition=none&client=no-paths', screen);
    const problems = watchProblems(frame.page);
    const seen = new Set<string>();
    for (let change = 0; change < all.size; change += 1) {
      if (change > 0) t.ok(await next(frame.page), `change ${change}`);
      const id = (await frameState(frame.page)).ids[0]!;
      const w = all.get(id)!;
      seen.add(id);
      const info = await frame.page.$eval('#frame-info', (box) => ({
        title: box.querySelector('#frame-title')?.textContent ?? '',
        tags: box.querySelector('#frame-tags')?.textContent ?? '',
        source: box.querySelector('#frame-source')?.textContent ?? '',
        all: box.textContent ?? '',
      }));
      t.equal(info.title, w.title, `${w.title}: its title`);
      t.equal(info.tags, w.tags.map((tag) => `#${tag}`).join(' '), `${w.title}: its tags`);
      if (w.source) t.equal(info.source, 'by Ada Lovelace · photos (unsplash)', `${w.title}: its author and source`);
      else t.equal(info.source, '', `${w.title}: no source line for a file of the library's folders`);
      t.notMatch(info.all, PATHLIKE, `${w.title}: nothing like a path`);
      for (const place of places) t.notOk(info.all.includes(place), `${w.title}: not ${place}`);
    }
    t.equal(seen.size, 3, 'all three were shown');
    t.same(problems, [], 'no page errors');
    await frame.close();
  });

  t.test('the feed carries title, tags and credit, never a path', async (t) => {
    const response = await fetch(`${server.base}/api/feed.rss`);
    t.equal(response.status, 200);
    const feed = await response.text();
    for (const place of places) t.notOk(feed.includes(place), `the feed does not name ${place}`);
    t.notMatch(feed, /contents\/images|usr\/share/, 'nor any part of a path');
    const items = feed.match(/<item>.*?<\/item>/g) ?? [];
    t.equal(items.length, 3);
    for (const w of all.values()) {
      const item = items.find((text) => text.includes(`<guid isPermaLink="false">${w.id}</guid>`)) ?? '';
      t.match(item, `<title>${w.title}</title>`, `${w.title}: its title`);
      for (const tag of w.tags) t.match(item, `<category>${tag}</category>`, `${w.title}: tag ${tag}`);
      if (w.tags.length > 0) t.match(item, `Tags: ${w.tags.join(', ')}.`, `${w.title}: the tags in its description`);
      if (w.source) {
        t.match(item, 'By Ada Lovelace, from photos (unsplash).', 'the credit in the description');
        t.match(item, '<media:credit role="author">Ada Lovelace</media:credit>');
      }
    }
  });
}
