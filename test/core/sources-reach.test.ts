// Sources stay outside unless told: image URLs in a feed and every redirect reach only an
// address of the source's own kind or a more public one, never link-local or cloud metadata; each
// refused URL counts in `failed` with its reason and is never dialled. Runs in a network namespace
// of its own (test/helpers/netns.ts): only loopback is up, with 1.2.3.4 (standing for a public host)
// and 10.0.0.2 (a LAN host) on it, and the names the sources use resolve through a lookup the test
// controls. Every connection the process attempts is recorded and compared.
import { fileURLToPath } from 'node:url';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import t from 'tap';
import { openLibrary } from '../../src/core/index.js';
import type { Library } from '../../src/core/types.js';
import { tempDir } from '../helpers/fixtures.js';
import { type Fake, startFake } from '../helpers/fake-services/server.js';
import { connectAttempts, inOwnNetns } from '../helpers/netns.js';
import { photo } from '../helpers/photos.js';

const PUBLIC = '1.2.3.4';
const LAN = '10.0.0.2';

if (inOwnNetns(t, fileURLToPath(import.meta.url), [`${PUBLIC}/32`, `${LAN}/32`])) {
  const attempts = connectAttempts();
  /** The test's resolver: names to chosen addresses (the order a resolver would give them in). */
  const NAMES: Record<string, string[]> = {
    'public.test': [PUBLIC],
    'lan.test': [LAN],
    'inside.test': ['127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'mixed.test': [LAN, PUBLIC],
  };
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const found: LookupAddress[] = (NAMES[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (found.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    if (options.all) callback(null, found);
    else callback(null, found[0]!.address, found[0]!.family);
  }) as LookupFunction;

  let fake: Fake;
  let library: Library;
  let port: number;
  let seed = 100;
  t.before(async () => {
    fake = await startFake('0.0.0.0');
    port = Number(new URL(fake.base).port);
    library = openLibrary({ home: tempDir(t, 'wallpaper-reach-') });
  });
  t.teardown(async () => {
    library.close();
    await fake.close();
  });

  const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  /** A feed at /<name>.xml whose one item's picture is at `image`; a fresh picture at /img/<name>. */
  async function feedWith(name: string, image: string): Promise<void> {
    fake.images.set(name, await photo(seed++));
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>${name}</title><guid>${name}</guid>
      <enclosure url="${escapeXml(image.replaceAll('PORT', String(port)).replaceAll('NAME', name))}" type="image/png" length="1"/></item></channel></rss>`;
    fake.routes.set(`/${name}.xml`, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(xml);
    });
  }
  const redirectTo = (url: string) => `http://127.0.0.1:PORT/redirect-to?u=${encodeURIComponent(url)}`;

  /** Fetch one rss source; the attempts it made to connect, and the summary. */
  async function fetchFeed(name: string, feedHost: string) {
    library.addSource({ kind: 'rss', name, url: `http://${feedHost}:${port}/${name}.xml` });
    const before = attempts.length;
    const [summary] = await library.fetchSources([name], { lookup, timeoutMs: 5000 });
    return { summary: summary!, dialled: attempts.slice(before).map((attempt) => attempt.replace(/:\d+$/, '')) };
  }

  // [name, the source's host, the item's picture, the reason it is refused or null when it is kept]
  const CASES: [string, string, string, RegExp | null][] = [
    ['ll-item', '127.0.0.1', 'http://169.254.169.254/latest/meta-data/pic.png', /^refused: link-local address 169\.254\.169\.254$/],
    ['ll6-item', '127.0.0.1', 'http://[fe80::1]:PORT/img/NAME', /^refused: link-local address fe80::1$/],
    ['mapped-item', '127.0.0.1', 'http://[::ffff:169.254.169.254]/pic.png', /^refused: link-local address ::ffff:a9fe:a9fe$/],
    ['nat64-item', '127.0.0.1', 'http://[64:ff9b::169.254.169.254]/pic.png', /^refused: link-local address 64:ff9b::a9fe:a9fe$/],
    ['aws6-item', '127.0.0.1', 'http://[fd00:ec2::254]/latest/pic.png', /^refused: cloud metadata address fd00:ec2::254$/],
    ['named-ll-item', '127.0.0.1', 'http://metadata.test/pic.png', /^refused: link-local address 169\.254\.169\.254$/],
    ['ll-redirect', '127.0.0.1', redirectTo('http://169.254.169.254/latest/pic.png'), /^refused: link-local address 169\.254\.169\.254$/],
    ['ll6-redirect', '127.0.0.1', redirectTo('http://[fe80::1]:80/pic.png'), /^refused: link-local address fe80::1$/],
    ['loopback-own', '127.0.0.1', 'http://127.0.0.1:PORT/img/NAME', null],
    ['loopback-to-named-loopback', '127.0.0.1', 'http://inside.test:PORT/img/NAME', null],
    ['loopback-to-lan', '127.0.0.1', 'http://lan.test:PORT/img/NAME', null],
    ['loopback-to-public', '127.0.0.1', `http://${PUBLIC}:PORT/img/NAME`, null],
    [
      'public-to-10.0.0.1',
      'public.test',
      'http://10.0.0.1/pic.png',
      /^refused: private address 10\.0\.0\.1 \(a public source reaches only public addresses\)$/,
    ],
    ['public-to-127.0.0.1', 'public.test', 'http://127.0.0.1:PORT/img/NAME', /^refused: loopback address 127\.0\.0\.1 \(a public source/],
    ['public-to-named-lan', 'public.test', 'http://lan.test:PORT/img/NAME', /^refused: private address 10\.0\.0\.2 \(a public source/],
    [
      'public-to-named-loopback',
      'public.test',
      'http://inside.test:PORT/img/NAME',
      /^refused: loopback address 127\.0\.0\.1 \(a public source/,
    ],
    [
      'public-redirect-to-loopback',
      'public.test',
      `http://public.test:PORT/redirect-to?u=${encodeURIComponent('http://127.0.0.1:PORT/img/NAME')}`,
      /^refused: loopback address 127\.0\.0\.1/,
    ],
    ['public-own', 'public.test', 'http://public.test:PORT/img/NAME', null],
    ['public-to-public', 'public.test', `http://${PUBLIC}:PORT/img/NAME`, null],
    ['public-to-mixed', 'public.test', 'http://mixed.test:PORT/img/NAME', null],
    ['lan-to-public', 'lan.test', `http://${PUBLIC}:PORT/img/NAME`, null],
    ['lan-to-lan', 'lan.test', `http://${LAN}:PORT/img/NAME`, null],
    [
      'lan-to-loopback',
      'lan.test',
      'http://127.0.0.1:PORT/img/NAME',
      /^refused: loopback address 127\.0\.0\.1 \(a LAN source reaches only public and private addresses\)$/,
    ],
    ['lan-to-link-local', 'lan.test', 'http://169.254.169.254/pic.png', /^refused: link-local address 169\.254\.169\.254$/],
  ];
  const FORBIDDEN = /^(169\.254\.|fe80:|::ffff:a9fe|64:ff9b:|fd00:ec2:|10\.0\.0\.1$)/;

  for (const [name, host, image, refused] of CASES) {
    t.test(`${name}: a source at ${host}, its picture at ${image.replace('PORT', 'P')}: ${refused ? 'refused' : 'kept'}`, async (t) => {
      await feedWith(name, image);
      const { summary, dialled } = await fetchFeed(name, host);
      if (refused) {
        t.same([summary.added, summary.failed], [0, 1], 'counted in failed');
        t.match(summary.error, /^1 failed: /);
        t.match(summary.error?.replace(/^1 failed: /, ''), refused, summary.error ?? '');
      } else t.same(summary, { name, added: 1, skipped: 0, removed: 0, failed: 0, error: null });
      t.same(
        dialled.filter((address) => FORBIDDEN.test(address)),
        [],
        'no connection attempted to a refused address',
      );
      if (host === 'public.test') t.notOk(dialled.includes('127.0.0.1') || dialled.includes(LAN), `dialled only ${dialled.join(', ')}`);
      if (host === 'lan.test') t.notOk(dialled.includes('127.0.0.1'), `dialled only ${dialled.join(', ')}`);
    });
  }

  t.test("a public source's own URL redirecting inside fails the source with the reason; nothing inside asked", async (t) => {
    const before = fake.requests.length;
    library.addSource({
      kind: 'rss',
      name: 'sneaky',
      url: `http://public.test:${port}/redirect-to?u=${encodeURIComponent(`http://127.0.0.1:${port}/secret.xml`)}`,
    });
    const [summary] = await library.fetchSources(['sneaky'], { lookup });
    t.match(summary!.error, /^refused: loopback address 127\.0\.0\.1 \(a public source/);
    t.same(
      fake.requests.slice(before).map((request) => [request.local, new URL(request.url, 'http://x').pathname]),
      [[PUBLIC, '/redirect-to']],
      'only the public address was asked',
    );
  });
}
