// The OpenAPI document (part 1): valid OpenAPI 3.1 by a real validator, its paths and
// methods equal to the router's table both ways, served at /api/openapi.json as kept in the
// repository, and every documented status of every operation met by a real answer that matches the
// document's schemas (ajv). The gallery's and the core's Wallpaper types have the schema's fields.
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import t from 'tap';
import { MULTIPART_TYPE, multipart } from '../reliability/helpers.js';
import { apiRouteTable } from '../../src/http/app.js';
import { FAKE } from '../helpers/fake-desktop.js';
import { imageBytes, tempDir } from '../helpers/fixtures.js';
import { call, header, type Reply, startFixture } from './helpers.js';
import { startFake } from '../helpers/fake-services/server.js';
import { jsonApi } from '../helpers/fake-services/services.js';
import { photo } from '../helpers/photos.js';
import { OPENAPI_PATH, document, openApiProblems } from './openapi-schema.js';

const toOpenApi = (path: string) => path.replace(/:([a-z]+)/g, '{$1}');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

t.test('a valid OpenAPI 3.1 document', async (t) => {
  const result = await new Validator().validate(OPENAPI_PATH);
  t.same(result, { valid: true });
  t.equal((document as unknown as { openapi: string }).openapi, '3.1.0');
});

t.test('its paths and methods are the router table, both ways', async (t) => {
  const routes = apiRouteTable().flatMap((route) => route.methods.map((method) => `${method} ${toOpenApi(route.path)}`));
  const documented = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
  t.same([...documented].sort(), [...routes].sort());
});

t.test('GET /api/openapi.json serves the file kept in the repository', async (t) => {
  const f = await startFixture(t);
  const reply = await call(f.base, '/api/openapi.json');
  t.equal(reply.status, 200);
  t.same(reply.body, readFileSync(OPENAPI_PATH));
  t.equal((await call(f.base, '/api/openapi.json', { headers: { 'if-none-match': header(reply, 'etag')! } })).status, 304);
});

t.test('every documented answer, met for real, matches the document', async (t) => {
  // A sway session of fake tools for POST .../set; `dead` runs outside any desktop session.
  const desktop = tempDir(t);
  copyFileSync(FAKE, join(desktop, 'swaymsg'));
  chmodSync(join(desktop, 'swaymsg'), 0o755);
  const desktopEnv = {
    PATH: desktop,
    XDG_CURRENT_DESKTOP: 'sway',
    FAKE_LOG: join(desktop, 'calls.log'),
    WALLPAPER_MONITORS: 'DP-1=1920x1080',
  };
  const f = await startFixture(t, { maxJsonBodyBytes: 4096, desktopEnv });
  const guarded = await startFixture(t, { token: 'sweep-token' });
  const dead = await startFixture(t, { desktopEnv: {} });
  // A source answering as a JSON API (test/helpers/fake-services), for the sources endpoints.
  const fake = await startFake();
  t.teardown(() => fake.close());
  fake.images.set('web', await photo(60));
  jsonApi(fake, { id: 'web' });
  f.library.addSource({ kind: 'json', name: 'web', url: `${fake.base}/api.json`, image_path: 'data.images.0.src', key: 'k' });
  const [w, second] = f.library.list({}, { page: 1, limit: 2 }).wallpapers;
  const id = w!.id;
  const other = second!.id;
  const image = await call(f.base, `/api/wallpapers/${id}/image`);
  const thumbnail = await call(f.base, `/api/wallpapers/${id}/thumbnail`);
  // A multipart body built by hand: undici's FormData sent to a server in the same process never
  // arrives on Node 24 (the request waits until the server's request timeout, 408).
  const upload = (bytes: Buffer, name = 'new.png') => ({
    method: 'POST' as const,
    headers: { 'content-type': MULTIPART_TYPE },
    body: multipart([{ filename: name, data: bytes }]),
  });
  const json = (value: unknown) => ({
    method: 'PUT' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });

  type Case = [path: string, url: string, status: number, options?: Parameters<typeof call>[2], base?: string];
  const cases: Case[] = [
    ['/healthz', '/healthz', 200],
    ['/api/openapi.json', '/api/openapi.json', 200],
    ['/api/openapi.json', '/api/openapi.json', 304, { headers: { 'if-none-match': '*' } }],
    ['/api/status', '/api/status', 200],
    ['/frame', '/frame?interval=300&clock=24', 200],
    ['/frame', '/frame', 304, { headers: { 'if-none-match': '*' } }],
    ['/api/feed.rss', '/api/feed.rss?brightness=dark', 200],
    ['/api/feed.rss', '/api/feed.rss', 304, { headers: { 'if-none-match': '*' } }],
    ['/api/feed.rss', '/api/feed.rss?page=0', 400],
    ['/api/wallpapers', '/api/wallpapers', 200],
    ['/api/wallpapers', '/api/wallpapers?orientation=landscape&min_width=100&limit=2', 200],
    ['/api/wallpapers', '/api/wallpapers?min_width=abc', 400],
    ['/api/wallpapers', '/api/wallpapers?ratio=4:3&limit=2', 200],
    ['/api/wallpapers/random', '/api/wallpapers/random?ratio=16/10', 400],
    ['/api/wallpapers/random', '/api/wallpapers/random', 200],
    ['/api/wallpapers/random', '/api/wallpapers/random?brightness=purple', 400],
    ['/api/wallpapers/random', '/api/wallpapers/random?min_width=100000', 404],
    ['/api/wallpapers/random/image', '/api/wallpapers/random/image?format=png', 200],
    ['/api/wallpapers/random/image', '/api/wallpapers/random/image?format=jp2', 400],
    ['/api/wallpapers/random/image', '/api/wallpapers/random/image?min_height=100000', 404],
    ['/api/wallpapers/random/thumbnail', '/api/wallpapers/random/thumbnail', 200],
    ['/api/wallpapers/random/thumbnail', '/api/wallpapers/random/thumbnail?aspect_ratio=1:1', 400],
    ['/api/wallpapers/random/thumbnail', '/api/wallpapers/random/thumbnail?max_width=1', 404],
    ['/api/wallpapers/{id}', `/api/wallpapers/${id}`, 200],
    ['/api/wallpapers/{id}', '/api/wallpapers/0000000000000000', 404],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image`, 200],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image`, 206, { headers: { range: 'bytes=0-99' } }],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image`, 304, { headers: { 'if-none-match': header(image, 'etag')! } }],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image`, 416, { headers: { range: 'bytes=99999999-' } }],
    ['/api/wallpapers/{id}/image', '/api/wallpapers/zz/image', 404],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image?w=64&h=48&as=avif`, 200],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image?w=64&as=webp`, 206, { headers: { range: 'bytes=0-9' } }],
    ['/api/wallpapers/{id}/image', `/api/wallpapers/${id}/image?w=0`, 400],
    ['/api/wallpapers/random/image', '/api/wallpapers/random/image?w=320&h=200&redirect=1', 302],
    ['/api/wallpapers/random/image', '/api/wallpapers/random/image?w=320&h=200&as=webp&client=sweep&brightness=auto&prefers=dark', 200],
    ['/api/wallpapers/random', '/api/wallpapers/random?seed=s&n=3&w=1080&h=1920', 200],
    ['/api/wallpapers/random', '/api/wallpapers/random?brightness=auto', 200, { headers: { 'sec-ch-prefers-color-scheme': '"dark"' } }],
    ['/api/wallpapers/random/thumbnail', '/api/wallpapers/random/thumbnail?client=sweep', 200],
    ['/api/wallpapers', '/api/wallpapers?sort=random&seed=abc&limit=3', 200],
    ['/api/wallpapers', '/api/wallpapers?sort=random', 400],
    ['/api/wallpapers/{id}/thumbnail', `/api/wallpapers/${id}/thumbnail`, 200],
    ['/api/wallpapers/{id}/thumbnail', `/api/wallpapers/${id}/thumbnail`, 206, { headers: { range: 'bytes=0-9' } }],
    [
      '/api/wallpapers/{id}/thumbnail',
      `/api/wallpapers/${id}/thumbnail`,
      304,
      { headers: { 'if-none-match': header(thumbnail, 'etag')! } },
    ],
    ['/api/wallpapers/{id}/thumbnail', `/api/wallpapers/${id}/thumbnail`, 416, { headers: { range: 'bytes=99999999-' } }],
    ['/api/wallpapers/{id}/thumbnail', '/api/wallpapers/0000000000000000/thumbnail', 404],
    ['/api/wallpapers/{id}/download/{filename}', w!.download_url, 200],
    ['/api/wallpapers/{id}/download/{filename}', w!.download_url, 206, { headers: { range: 'bytes=5-' } }],
    ['/api/wallpapers/{id}/download/{filename}', w!.download_url, 304, { headers: { 'if-none-match': header(image, 'etag')! } }],
    ['/api/wallpapers/{id}/download/{filename}', w!.download_url, 416, { headers: { range: 'bytes=99999999-' } }],
    ['/api/wallpapers/{id}/download/{filename}', `/api/wallpapers/${id}/download/other.jpg`, 404],
    ['/api/wallpapers/{id}/colors', `/api/wallpapers/${id}/colors?as=json&mode=dark`, 200],
    ['/api/wallpapers/{id}/colors', `/api/wallpapers/${id}/colors`, 304, { headers: { 'if-none-match': '*' } }],
    ['/api/wallpapers/{id}/colors', `/api/wallpapers/${id}/colors?as=svg`, 400],
    ['/api/wallpapers/{id}/colors', '/api/wallpapers/current/colors', 404],
    ['/api/wallpapers/{id}/focus', `/api/wallpapers/${id}/focus`, 200],
    ['/api/wallpapers/{id}/focus', `/api/wallpapers/${id}/focus`, 304, { headers: { 'if-none-match': '*' } }],
    ['/api/wallpapers/{id}/focus', '/api/wallpapers/0000000000000000/focus', 404],
    ['/api/settings', '/api/settings', 200],
    ['/api/settings', '/api/settings', 200, json({ thumbnail_size: 320 })],
    ['/api/settings', '/api/settings', 400, json({ thumbnail_size: 1 })],
    ['/api/settings', '/api/settings', 413, json({ folders: Array.from({ length: 500 }, (_, i) => `/tmp/${'x'.repeat(20)}${i}`) })],
    ['/api/settings', '/api/settings', 415, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' }],
    ['/api/settings', '/api/settings', 401, json({}), guarded.base],
    [
      '/api/settings',
      '/api/settings',
      403,
      { ...json({}), headers: { 'content-type': 'application/json', origin: 'http://evil.example' } },
    ],
    ['/api/upload', '/api/upload', 201, upload(await imageBytes({ width: 50, height: 40, color: '#aa3366', format: 'png' }))],
    [
      '/api/upload',
      '/api/upload',
      400,
      { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--\r\n' },
    ],
    ['/api/upload', '/api/upload', 415, upload(Buffer.from('not an image'), 'fake.png')],
    ['/api/upload', '/api/upload', 401, upload(Buffer.from('x')), guarded.base],
    ['/api/upload', '/api/upload', 403, { ...upload(Buffer.from('x')), headers: { origin: 'http://evil.example' } }],
    ['/api/refresh', '/api/refresh', 200, { method: 'POST' }],
    ['/api/refresh', '/api/refresh', 401, { method: 'POST' }, guarded.base],
    ['/api/refresh', '/api/refresh', 403, { method: 'POST', headers: { origin: 'http://evil.example' } }],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 204, { method: 'POST' }],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 204, { ...json({ monitor: 'DP-1' }), method: 'POST' }],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 400, { ...json({ monitor: 'HDMI-9' }), method: 'POST' }],
    ['/api/wallpapers/{id}/set', '/api/wallpapers/0000000000000000/set', 404, { method: 'POST' }],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 409, { method: 'POST' }, dead.base],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 413, { ...json({ monitor: 'x'.repeat(5000) }), method: 'POST' }],
    [
      '/api/wallpapers/{id}/set',
      `/api/wallpapers/${id}/set`,
      415,
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'DP-1' },
    ],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 401, { method: 'POST' }, guarded.base],
    ['/api/wallpapers/{id}/set', `/api/wallpapers/${id}/set`, 403, { method: 'POST', headers: { origin: 'http://evil.example' } }],
    ['/api/wallpapers', '/api/wallpapers?color=%23336699&color_tolerance=0.5&sort=color&tag=x&q=a&favorite=false&hidden=any', 200],
    ['/api/wallpapers', '/api/wallpapers?sort=color', 400],
    ['/api/wallpapers/random', '/api/wallpapers/random?color=336699&color_tolerance=1', 200],
    ['/api/wallpapers/random', '/api/wallpapers/random?favorite=maybe', 400],
    ['/api/wallpapers/{id}/favorite', `/api/wallpapers/${id}/favorite`, 204, { method: 'PUT' }],
    ['/api/wallpapers/{id}/favorite', `/api/wallpapers/${id}/favorite`, 204, { method: 'DELETE' }],
    ['/api/wallpapers/{id}/favorite', '/api/wallpapers/0000000000000000/favorite', 404, { method: 'PUT' }],
    ['/api/wallpapers/{id}/favorite', '/api/wallpapers/0000000000000000/favorite', 404, { method: 'DELETE' }],
    ['/api/wallpapers/{id}/favorite', `/api/wallpapers/${id}/favorite`, 401, { method: 'PUT' }, guarded.base],
    ['/api/wallpapers/{id}/favorite', `/api/wallpapers/${id}/favorite`, 401, { method: 'DELETE' }, guarded.base],
    ['/api/wallpapers/{id}/favorite', `/api/wallpapers/${id}/favorite`, 403, { method: 'PUT', headers: { origin: 'http://evil.example' } }],
    [
      '/api/wallpapers/{id}/favorite',
      `/api/wallpapers/${id}/favorite`,
      403,
      { method: 'DELETE', headers: { origin: 'http://evil.example' } },
    ],
    ['/api/wallpapers/{id}/hidden', `/api/wallpapers/${id}/hidden`, 204, { method: 'PUT' }],
    ['/api/wallpapers/{id}/hidden', `/api/wallpapers/${id}/hidden`, 204, { method: 'DELETE' }],
    ['/api/wallpapers/{id}/hidden', '/api/wallpapers/0000000000000000/hidden', 404, { method: 'PUT' }],
    ['/api/wallpapers/{id}/hidden', '/api/wallpapers/0000000000000000/hidden', 404, { method: 'DELETE' }],
    ['/api/wallpapers/{id}/hidden', `/api/wallpapers/${id}/hidden`, 401, { method: 'PUT' }, guarded.base],
    ['/api/wallpapers/{id}/hidden', `/api/wallpapers/${id}/hidden`, 401, { method: 'DELETE' }, guarded.base],
    ['/api/wallpapers/{id}/hidden', `/api/wallpapers/${id}/hidden`, 403, { method: 'PUT', headers: { origin: 'http://evil.example' } }],
    ['/api/wallpapers/{id}/hidden', `/api/wallpapers/${id}/hidden`, 403, { method: 'DELETE', headers: { origin: 'http://evil.example' } }],
    ['/api/wallpapers/{id}/tags', `/api/wallpapers/${id}/tags`, 200, json(['Space', 'blue sky'])],
    ['/api/wallpapers/{id}/tags', `/api/wallpapers/${id}/tags`, 400, json(['a,b'])],
    ['/api/wallpapers/{id}/tags', '/api/wallpapers/0000000000000000/tags', 404, json(['x'])],
    [
      '/api/wallpapers/{id}/tags',
      `/api/wallpapers/${id}/tags`,
      413,
      json(Array.from({ length: 400 }, (_, i) => `tag-${'x'.repeat(10)}-${i}`)),
    ],
    [
      '/api/wallpapers/{id}/tags',
      `/api/wallpapers/${id}/tags`,
      415,
      { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' },
    ],
    ['/api/wallpapers/{id}/tags', `/api/wallpapers/${id}/tags`, 401, json(['x']), guarded.base],
    [
      '/api/wallpapers/{id}/tags',
      `/api/wallpapers/${id}/tags`,
      403,
      { ...json(['x']), headers: { 'content-type': 'application/json', origin: 'http://evil.example' } },
    ],
    ['/api/tags', '/api/tags', 200],
    ['/api/duplicates', '/api/duplicates', 200],
    ['/api/duplicates/not', '/api/duplicates/not', 204, { ...json({ ids: [id, other] }), method: 'POST' }],
    ['/api/duplicates/not', '/api/duplicates/not', 400, { ...json({ ids: [id] }), method: 'POST' }],
    ['/api/duplicates/not', '/api/duplicates/not', 404, { ...json({ ids: [id, '0000000000000000'] }), method: 'POST' }],
    ['/api/duplicates/not', '/api/duplicates/not', 413, { ...json({ ids: Array.from({ length: 300 }, () => id) }), method: 'POST' }],
    ['/api/duplicates/not', '/api/duplicates/not', 415, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
    ['/api/duplicates/not', '/api/duplicates/not', 401, { ...json({ ids: [id, other] }), method: 'POST' }, guarded.base],
    [
      '/api/duplicates/not',
      '/api/duplicates/not',
      403,
      { ...json({ ids: [id, other] }), method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://evil.example' } },
    ],
    ['/api/wallpapers/{id}', `/api/wallpapers/${id}`, 401, { method: 'DELETE' }, guarded.base],
    ['/api/wallpapers/{id}', `/api/wallpapers/${id}`, 403, { method: 'DELETE', headers: { origin: 'http://evil.example' } }],
    ['/api/wallpapers/{id}', `/api/wallpapers/${id}`, 204, { method: 'DELETE' }],
    ['/api/wallpapers/{id}', `/api/wallpapers/${id}`, 404, { method: 'DELETE' }],
    ['/api/sources/{name}/fetch', '/api/sources/web/fetch', 200, { method: 'POST' }],
    ['/api/sources/{name}/fetch', '/api/sources/nope/fetch', 404, { method: 'POST' }],
    ['/api/sources/{name}/fetch', '/api/sources/web/fetch', 401, { method: 'POST' }, guarded.base],
    ['/api/sources/{name}/fetch', '/api/sources/web/fetch', 403, { method: 'POST', headers: { origin: 'http://evil.example' } }],
    ['/api/sources', '/api/sources', 200],
    ['/api/wallpapers', '/api/wallpapers?tag=source:web', 200],
    ['/api/settings', '/api/settings', 200],
  ];
  const met = new Set<string>();
  for (const [path, url, status, options, base] of cases) {
    const reply: Reply = await call(base ?? f.base, url, options);
    const method = options?.method ?? 'GET';
    const name = `${method} ${url} (${status})`;
    t.equal(reply.status, status, `${name}: ${reply.status === status ? '' : reply.text}`);
    t.same(openApiProblems(method, path, reply), [], name);
    met.add(`${method.toLowerCase()} ${path} ${reply.status}`);
  }
  dead.library.close();
  const down = await call(dead.base, '/healthz');
  t.same(openApiProblems('GET', '/healthz', down), [], 'GET /healthz (503)');
  met.add(`get /healthz ${down.status}`);

  // Documented answers a sweep cannot bring about on demand: too many uploads at once, an upload
  // over the size limit (test/http/upload.test.ts meets both, with the same mapper), a full queue.
  const unmet = new Set([
    'post /api/upload 503',
    'post /api/upload 413',
    // A full resize queue (test/http/variant-cache.test.ts meets it with a burst of 60).
    'get /api/wallpapers/{id}/image 503',
    'get /api/wallpapers/random/image 503',
  ]);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item).filter(([key]) => METHODS.includes(key))) {
      for (const status of Object.keys((operation as { responses: object }).responses)) {
        const key = `${method} ${path} ${status}`;
        if (!unmet.has(key)) t.ok(met.has(key), `${key} met by a real answer`);
      }
    }
  }
});

/** The property names of the block `block` matches in a source file, each found by `field`. */
function sourceFields(file: string, block: RegExp, field: RegExp): string[] {
  const text = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
  return [...(block.exec(text)?.[1] ?? '').matchAll(field)].map((match) => match[1]!);
}

t.test("the core's and the gallery's Wallpaper types have exactly the schema's fields", async (t) => {
  const schema = document.components.schemas!.Wallpaper as { properties: Record<string, unknown>; required: string[] };
  const fields = Object.keys(schema.properties);
  t.same(schema.required, fields, 'every field required, in order');
  t.same(
    sourceFields('../../src/core/types/records.ts', /export interface Wallpaper \{\n([^}]+)\}/, /^ {2}([a-z_]+)\??:/gm),
    fields,
    'src/core/types/records.ts',
  );
  const gallery = sourceFields(
    '../../gallery/js/api.js',
    /@typedef \{object\} Wallpaper\n((?:\s*\*.*\n)+?)\s*\*\n/,
    /@property \{[^}]+\} \[?([a-z_]+)/g,
  );
  t.same(gallery, fields, 'gallery/js/api.js');
});

/** The parameter names of docs/frame.md's table: the backquoted words of each row's first cell. */
function frameDocParameters(): string[] {
  const text = readFileSync(fileURLToPath(new URL('../../docs/frame.md', import.meta.url)), 'utf8');
  const table = /\| parameter \| values \| meaning \|\n\|[-|]+\|\n((?:\|.*\n)+)/.exec(text)?.[1] ?? '';
  return table
    .split('\n')
    .map((row) => row.split('|')[1] ?? '')
    .flatMap((cell) => [...cell.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!));
}

t.test("GET /frame documents every parameter of docs/frame.md's table, with its values and default", async (t) => {
  const operation = (document.paths!['/frame'] as { get: { parameters: Array<{ $ref?: string; name?: string }> } }).get;
  const parameters = new Map(
    operation.parameters.map((parameter) => {
      const resolved = parameter.$ref
        ? (document.components!.parameters as Record<string, { name: string; schema?: { enum?: string[]; default?: string } }>)[
            parameter.$ref.split('/').pop()!
          ]!
        : (parameter as { name: string; schema?: { enum?: string[]; default?: string } });
      return [resolved.name, resolved.schema ?? {}];
    }),
  );
  const named = frameDocParameters();
  t.ok(named.length >= 14, `the table read (${named.join(', ')})`);
  for (const name of named) t.ok(parameters.has(name), `${name} in the OpenAPI document's /frame`);
  for (const [name, values, fallback] of [
    ['layout', ['single', 'pair'], 'single'],
    ['fill', ['blur', 'color', 'black'], 'blur'],
    ['motion', ['none', 'pan'], 'none'],
    ['shift', ['off', 'on'], 'off'],
  ] as const) {
    t.same(parameters.get(name)?.enum, values, `${name}'s values`);
    t.equal(parameters.get(name)?.default, fallback, `${name}'s default`);
  }
});
