// The read endpoints against a real server: every filter of spec 4.1 alone and combined, `any` and
// empty values, case, invalid values, paging caps and edges, the filters echo, ordering, random
// endpoints, id endpoints with their caching, conditional, Range and HEAD behaviour, thumbnails.
import { readFileSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import t from 'tap';
import type { ListResponse, Wallpaper } from '../../src/core/types.js';
import { WALLPAPER_FIELDS } from '../helpers/fixtures.js';
import { call, header, IMAGES, startFixture } from './helpers.js';

const f = await startFixture(t);
const names = (list: ListResponse) => list.wallpapers.map((w) => w.filename).sort();
const ALL = Object.keys(IMAGES).sort();
const idOf = (name: string) => f.byName.get(name)!.id;

t.test('the library is classified as the fixtures intend', async (t) => {
  for (const [name, spec] of Object.entries(IMAGES)) {
    const w = f.byName.get(name);
    t.ok(w, name);
    t.match(w, { width: spec.width, height: spec.height, ...spec.expect }, name);
  }
});

t.test('each filter, alone and combined (table)', async (t) => {
  const table: [string, string[]][] = [
    ['', ALL],
    ['brightness=dark', ['dark-blue.jpg']],
    ['brightness=light', ['custom.jpeg', 'light-red.png']],
    ['brightness=medium', ['cool.png', 'green.webp', 'ultrawide.jpg']],
    ['aspect_ratio=16:9', ['dark-blue.jpg']],
    ['aspect_ratio=16%3A9', ['dark-blue.jpg']],
    ['aspect_ratio=4:3', ['cool.png']],
    ['aspect_ratio=ultrawide', ['ultrawide.jpg']],
    ['aspect_ratio=square', ['green.webp']],
    ['aspect_ratio=portrait', ['light-red.png']],
    ['aspect_ratio=custom', ['custom.jpeg']],
    ['orientation=landscape', ['cool.png', 'custom.jpeg', 'dark-blue.jpg', 'ultrawide.jpg']],
    ['orientation=portrait', ['light-red.png']],
    ['orientation=square', ['green.webp']],
    ['dominant_hue=red', ['light-red.png']],
    ['dominant_hue=green', ['green.webp']],
    ['dominant_hue=blue', ['dark-blue.jpg']],
    ['dominant_hue=warm', ['custom.jpeg']],
    ['dominant_hue=cool', ['cool.png']],
    ['dominant_hue=neutral', ['ultrawide.jpg']],
    ['format=jpg', ['dark-blue.jpg', 'ultrawide.jpg']],
    ['format=jpeg', ['custom.jpeg']],
    ['format=png', ['cool.png', 'light-red.png']],
    ['format=webp', ['green.webp']],
    ['min_width=1920', ['custom.jpeg', 'dark-blue.jpg', 'ultrawide.jpg']],
    ['min_width=1921', ['ultrawide.jpg']],
    ['max_width=1080', ['cool.png', 'green.webp', 'light-red.png']],
    ['max_width=1079', ['cool.png', 'green.webp']],
    ['min_height=1440', ['light-red.png', 'ultrawide.jpg']],
    ['max_height=1080', ['cool.png', 'dark-blue.jpg', 'green.webp']],
    ['min_width=0', ALL],
    // case-insensitive values
    ['brightness=DARK', ['dark-blue.jpg']],
    ['orientation=Portrait', ['light-red.png']],
    ['aspect_ratio=UltraWide', ['ultrawide.jpg']],
    ['dominant_hue=GREEN', ['green.webp']],
    ['format=PNG', ['cool.png', 'light-red.png']],
    ['format=JPG', ['dark-blue.jpg', 'ultrawide.jpg']],
    // any and empty disable a filter
    ['brightness=any', ALL],
    ['brightness=ANY', ALL],
    ['brightness=', ALL],
    ['min_width=&max_width=any&format=&aspect_ratio=any&orientation=&dominant_hue=any', ALL],
    // unknown parameters are ignored
    ['colour=purple&flavour=name', ALL],
    // AND combinations
    ['brightness=light&orientation=landscape', ['custom.jpeg']],
    ['format=jpg&min_width=2000', ['ultrawide.jpg']],
    ['orientation=landscape&min_width=1900&max_height=1200', ['custom.jpeg', 'dark-blue.jpg']],
    ['brightness=medium&aspect_ratio=any&format=png', ['cool.png']],
    ['min_width=1000&max_width=1000&min_height=1000&max_height=1000', ['green.webp']],
    ['brightness=dark&orientation=portrait', []],
    ['format=webp&dominant_hue=red', []],
  ];
  for (const [query, expected] of table) {
    const reply = await call(f.base, `/api/wallpapers?${query}`);
    t.equal(reply.status, 200, query);
    const list = reply.json<ListResponse>();
    t.same(names(list), expected, query);
    t.equal(list.pagination.total, expected.length, `${query}: total`);
  }
});

t.test('invalid values: 400 text/plain naming the parameter (table)', async (t) => {
  const table: [string, string][] = [
    ['brightness=purple', 'brightness'],
    ['aspect_ratio=5:4', 'aspect_ratio'],
    ['orientation=diagonal', 'orientation'],
    ['dominant_hue=pink', 'dominant_hue'],
    ['format=jp2', 'format'],
    ['min_width=abc', 'min_width'],
    ['min_height=-5', 'min_height'],
    ['max_width=1.5', 'max_width'],
    ['max_height=1e3', 'max_height'],
    ['min_width=99999999999999999999', 'min_width'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['brightness=dark&brightness=light', 'brightness'],
  ];
  for (const [query, name] of table) {
    const reply = await call(f.base, `/api/wallpapers?${query}`);
    t.equal(reply.status, 400, query);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8', `${query}: text/plain`);
    t.match(reply.text, name, `${query}: names ${name}`);
    t.equal(reply.text.trim().split('\n').length, 1, `${query}: one line`);
    t.notMatch(reply.text, /at .+\.(ts|js):\d+/, `${query}: no stack trace`);
  }
  const reply = await call(f.base, '/api/wallpapers?brightness=purple');
  t.equal(reply.text.trim(), 'invalid brightness "purple": expected light, dark, medium or any');
  for (const path of [
    '/api/wallpapers/random?format=jp2',
    '/api/wallpapers/random/image?min_width=x',
    '/api/wallpapers/random/thumbnail?orientation=up',
  ]) {
    const bad = await call(f.base, path);
    t.equal(bad.status, 400, path);
    t.equal(header(bad, 'content-type'), 'text/plain; charset=utf-8', path);
  }
});

t.test('pagination: defaults, caps, edges, stable newest-first order', async (t) => {
  const all = (await call(f.base, '/api/wallpapers')).json<ListResponse>();
  t.same(all.pagination, { total: 6, page: 1, limit: 50, total_pages: 1 }, 'defaults: page 1, limit 50');
  const sorted = [...all.wallpapers].sort((a, b) => b.added_at.localeCompare(a.added_at) || a.id.localeCompare(b.id));
  t.same(
    all.wallpapers.map((w) => w.id),
    sorted.map((w) => w.id),
    'newest added_at first, then id',
  );

  const pages: Wallpaper[] = [];
  for (let page = 1; page <= 3; page++) {
    const list = (await call(f.base, `/api/wallpapers?limit=2&page=${page}`)).json<ListResponse>();
    t.same(list.pagination, { total: 6, page, limit: 2, total_pages: 3 }, `page ${page}`);
    t.equal(list.wallpapers.length, 2);
    pages.push(...list.wallpapers);
  }
  t.same(
    pages.map((w) => w.id),
    all.wallpapers.map((w) => w.id),
    'pages concatenate to the full list, in order',
  );

  const past = (await call(f.base, '/api/wallpapers?limit=2&page=4')).json<ListResponse>();
  t.same(past.wallpapers, [], 'a page past the end is empty');
  t.equal(past.pagination.total, 6, '...with the true total');

  const capped = await call(f.base, '/api/wallpapers?limit=500');
  t.equal(capped.status, 200, 'limit 500 is not an error');
  t.equal(capped.json<ListResponse>().pagination.limit, 200, 'limit capped at 200');
  t.equal((await call(f.base, '/api/wallpapers?limit=200')).json<ListResponse>().pagination.limit, 200);
  t.equal((await call(f.base, '/api/wallpapers?limit=1')).json<ListResponse>().wallpapers.length, 1);
  t.equal((await call(f.base, '/api/wallpapers?limit=')).json<ListResponse>().pagination.limit, 50, 'empty limit is the default');
  const none = (await call(f.base, '/api/wallpapers?brightness=dark&orientation=portrait')).json<ListResponse>();
  t.same(none.pagination, { total: 0, page: 1, limit: 50, total_pages: 0 }, 'no match: empty list, 200');
});

t.test('the filters echo: only applied filters, parsed values', async (t) => {
  const table: [string, Record<string, unknown> | undefined][] = [
    ['', undefined],
    ['page=1&limit=10', undefined],
    ['brightness=any&format=', undefined],
    ['unknown=1', undefined],
    ['brightness=DARK', { brightness: 'dark' }],
    ['brightness=Dark&min_width=100&orientation=any', { brightness: 'dark', min_width: 100 }],
    ['format=JPG&max_height=2000&aspect_ratio=16:9', { format: 'jpg', max_height: 2000, aspect_ratio: '16:9' }],
    ['dominant_hue=warm&min_height=0&max_width=4000', { dominant_hue: 'warm', min_height: 0, max_width: 4000 }],
  ];
  for (const [query, echo] of table) {
    const list = (await call(f.base, `/api/wallpapers?${query}`)).json<ListResponse>();
    if (echo === undefined) t.notOk('filters' in list, `${query}: no filters member`);
    else t.same(list.filters, echo, `${query}: echo`);
  }
});

t.test('random endpoints', async (t) => {
  const seen = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const reply = await call(f.base, '/api/wallpapers/random');
    t.equal(reply.status, 200);
    seen.add(reply.json<Wallpaper>().id);
  }
  t.ok(seen.size > 1, 'picks vary');
  const one = await call(f.base, '/api/wallpapers/random?brightness=dark&orientation=landscape');
  t.equal(one.status, 200);
  t.equal(header(one, 'cache-control'), 'no-store');
  t.equal(header(one, 'access-control-allow-origin'), '*');
  t.same(one.json<Wallpaper>(), f.byName.get('dark-blue.jpg'), 'the only match');
  t.equal((await call(f.base, '/api/wallpapers/random?page=0&limit=0&format=png')).status, 200, 'page and limit ignored');

  const image = await call(f.base, '/api/wallpapers/random/image?dominant_hue=blue');
  t.equal(image.status, 200);
  t.equal(header(image, 'content-type'), 'image/jpeg');
  t.equal(header(image, 'cache-control'), 'no-store');
  t.equal(header(image, 'x-content-type-options'), 'nosniff');
  t.ok(image.body.equals(readFileSync(f.byName.get('dark-blue.jpg')!.path)), 'the file bytes, in one request');
  t.equal(Number(header(image, 'content-length')), image.body.length);

  const png = await call(f.base, '/api/wallpapers/random/image?format=png&orientation=portrait');
  t.equal(header(png, 'content-type'), 'image/png');
  t.ok(png.body.equals(readFileSync(f.byName.get('light-red.png')!.path)));

  const thumb = await call(f.base, '/api/wallpapers/random/thumbnail?format=webp');
  t.equal(thumb.status, 200);
  t.equal(header(thumb, 'content-type'), 'image/webp');
  t.equal(header(thumb, 'cache-control'), 'no-store');
  t.equal((await sharp(thumb.body).metadata()).format, 'webp');

  for (const path of ['/api/wallpapers/random', '/api/wallpapers/random/image', '/api/wallpapers/random/thumbnail']) {
    const miss = await call(f.base, `${path}?brightness=dark&orientation=portrait`);
    t.equal(miss.status, 404, `${path}: no match`);
    t.equal(header(miss, 'content-type'), 'text/plain; charset=utf-8');
    t.match(miss.text, /no wallpaper matches/);
  }
});

t.test('GET /api/wallpapers/{id}', async (t) => {
  const w = f.byName.get('green.webp')!;
  const reply = await call(f.base, `/api/wallpapers/${w.id}`);
  t.equal(reply.status, 200);
  t.equal(header(reply, 'content-type'), 'application/json; charset=utf-8');
  t.same(reply.json(), w);
  t.same(Object.keys(reply.json<object>()), WALLPAPER_FIELDS, 'fields of spec 2.1');
  t.equal(w.url, `/api/wallpapers/${w.id}/image`);
  t.equal(w.thumbnail_url, `/api/wallpapers/${w.id}/thumbnail`);

  const malformed = [
    '0123456789abcdef',
    'nope',
    '0123456789ABCDEF',
    '0123456789abcde',
    '0123456789abcdef0',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'random%00',
  ];
  for (const id of malformed) {
    for (const suffix of ['', '/image', '/thumbnail']) {
      const miss = await call(f.base, `/api/wallpapers/${id}${suffix}`);
      t.equal(miss.status, 404, `${id}${suffix}`);
      t.equal(header(miss, 'content-type'), 'text/plain; charset=utf-8', `${id}${suffix}: text/plain`);
      t.notMatch(miss.text, /\/tmp|\/home|\/etc/, 'no path in the body');
    }
  }
});

t.test('GET /api/wallpapers/{id}/image: headers, caching, conditionals, ranges, HEAD', async (t) => {
  const w = f.byName.get('dark-blue.jpg')!;
  const bytes = readFileSync(w.path);
  const path = `/api/wallpapers/${w.id}/image`;
  const full = await call(f.base, path);
  t.equal(full.status, 200);
  t.ok(full.body.equals(bytes), 'the file bytes');
  t.equal(header(full, 'content-type'), 'image/jpeg');
  t.equal(header(full, 'content-length'), String(bytes.length));
  t.equal(header(full, 'etag'), `"${w.id}"`, 'strong ETag from the id');
  t.equal(header(full, 'cache-control'), 'public, max-age=31536000, immutable');
  t.equal(header(full, 'accept-ranges'), 'bytes');
  t.equal(header(full, 'content-disposition'), 'inline; filename="dark-blue.jpg"');
  t.equal(header(full, 'x-content-type-options'), 'nosniff');
  t.equal(header(full, 'access-control-allow-origin'), '*');
  const lastModified = header(full, 'last-modified')!;
  t.ok(lastModified && !Number.isNaN(Date.parse(lastModified)), 'Last-Modified is an HTTP date');

  const table: [string, Record<string, string>, number][] = [
    ['matching If-None-Match', { 'if-none-match': `"${w.id}"` }, 304],
    ['weak form matches (weak comparison)', { 'if-none-match': `W/"${w.id}"` }, 304],
    ['one of a list', { 'if-none-match': `"other", "${w.id}"` }, 304],
    ['star', { 'if-none-match': '*' }, 304],
    ['other tag', { 'if-none-match': '"0000000000000000"' }, 200],
    ['If-Modified-Since = Last-Modified', { 'if-modified-since': lastModified }, 304],
    ['If-Modified-Since in the future', { 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() }, 304],
    ['If-Modified-Since long ago', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' }, 200],
    ['invalid If-Modified-Since is ignored', { 'if-modified-since': 'yesterday' }, 200],
    ['If-None-Match wins over If-Modified-Since', { 'if-none-match': '"other"', 'if-modified-since': lastModified }, 200],
  ];
  for (const [name, headers, status] of table) {
    const reply = await call(f.base, path, { headers });
    t.equal(reply.status, status, name);
    if (status === 304) {
      t.equal(reply.body.length, 0, `${name}: no body`);
      t.equal(header(reply, 'etag'), `"${w.id}"`, `${name}: ETag repeated`);
      t.equal(header(reply, 'cache-control'), 'public, max-age=31536000, immutable');
    } else {
      t.ok(reply.body.equals(bytes), `${name}: full body`);
    }
  }

  const size = bytes.length;
  const ranges: [string, number, number, number][] = [
    ['bytes=0-99', 206, 0, 99],
    ['bytes=100-', 206, 100, size - 1],
    ['bytes=-10', 206, size - 10, size - 1],
    [`bytes=10-${size + 1000}`, 206, 10, size - 1],
    [`bytes=${size - 1}-${size - 1}`, 206, size - 1, size - 1],
  ];
  for (const [range, status, start, end] of ranges) {
    const reply = await call(f.base, path, { headers: { range } });
    t.equal(reply.status, status, range);
    t.equal(header(reply, 'content-range'), `bytes ${start}-${end}/${size}`, `${range}: Content-Range`);
    t.equal(header(reply, 'content-length'), String(end - start + 1), `${range}: Content-Length`);
    t.ok(reply.body.equals(bytes.subarray(start, end + 1)), `${range}: the bytes`);
  }
  for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
    const reply = await call(f.base, path, { headers: { range } });
    t.equal(reply.status, 416, range);
    t.equal(header(reply, 'content-range'), `bytes */${size}`, `${range}: Content-Range`);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  }
  for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=9-3', 'garbage']) {
    const reply = await call(f.base, path, { headers: { range } });
    t.equal(reply.status, 200, `${range}: ignored, whole file`);
    t.ok(reply.body.equals(bytes));
  }
  const ifRangeOk = await call(f.base, path, { headers: { range: 'bytes=0-9', 'if-range': `"${w.id}"` } });
  t.equal(ifRangeOk.status, 206, 'If-Range matching: range applies');
  const ifRangeStale = await call(f.base, path, { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
  t.equal(ifRangeStale.status, 200, 'If-Range stale: whole file');

  const head = await call(f.base, path, { method: 'HEAD' });
  t.equal(head.status, 200);
  t.equal(head.body.length, 0, 'HEAD: no body');
  t.equal(header(head, 'content-length'), String(size));
  t.equal(header(head, 'content-type'), 'image/jpeg');
  t.equal(header(head, 'etag'), `"${w.id}"`);
  const headJson = await call(f.base, `/api/wallpapers/${w.id}`, { method: 'HEAD' });
  t.equal(headJson.status, 200);
  t.equal(headJson.body.length, 0);

  for (const [name, type] of [
    ['light-red.png', 'image/png'],
    ['green.webp', 'image/webp'],
    ['custom.jpeg', 'image/jpeg'],
  ] as const) {
    const reply = await call(f.base, `/api/wallpapers/${idOf(name)}/image`);
    t.equal(header(reply, 'content-type'), type, name);
    t.ok(reply.body.equals(readFileSync(f.byName.get(name)!.path)));
  }
});

t.test('thumbnails: WebP within thumbnail_size, cached, re-made on demand once', async (t) => {
  const w = f.byName.get('ultrawide.jpg')!;
  const path = `/api/wallpapers/${w.id}/thumbnail`;
  const reply = await call(f.base, path);
  t.equal(reply.status, 200);
  t.equal(header(reply, 'content-type'), 'image/webp');
  t.equal(header(reply, 'cache-control'), 'public, max-age=31536000, immutable');
  t.equal(header(reply, 'etag'), `"${w.id}-t480"`);
  t.match(header(reply, 'content-disposition'), /^inline; filename=".+\.webp"$/);
  const meta = await sharp(reply.body).metadata();
  t.equal(meta.format, 'webp');
  t.equal(meta.width, 480, 'fits inside 480x480');
  t.equal(meta.height, 201);
  t.equal((await call(f.base, path, { headers: { 'if-none-match': `"${w.id}-t480"` } })).status, 304);
  t.equal((await call(f.base, path, { headers: { range: 'bytes=0-3' } })).body.toString('latin1'), 'RIFF');

  // Drop it from the cache: concurrent requests all get it, made again once.
  const cached = await f.library.thumbnailFile(w.id);
  rmSync(cached!.path);
  const replies = await Promise.all(Array.from({ length: 6 }, () => call(f.base, path)));
  for (const again of replies) {
    t.equal(again.status, 200);
    t.ok(again.body.equals(replies[0]!.body), 'same bytes for every concurrent request');
  }
  t.ok(readFileSync(cached!.path).equals(replies[0]!.body), 'back in the cache');
  t.same(f.logs, [], 'nothing unexpected logged');
});

t.test('an impossible size range is a 400 naming both parameters, on the list and random endpoints', async (t) => {
  for (const path of ['/api/wallpapers', '/api/wallpapers/random', '/api/wallpapers/random/image']) {
    const reply = await call(f.base, `${path}?min_width=4000&max_width=1000`);
    t.equal(reply.status, 400, path);
    t.match(reply.text, /^invalid min_width 4000 and max_width 1000: /);
  }
  const limit = await call(f.base, '/api/wallpapers?limit=0');
  t.equal(limit.text, 'invalid limit "0": expected a whole number of 1 or more (more than 200 counts as 200)\n');
});
