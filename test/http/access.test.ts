// Who may do what, and how the server answers what it does not serve: the mutation rule over a
// real socket (foreign Origin, foreign Host, token), CORS for reads, 404 for unknown API routes,
// 405 with Allow, OPTIONS, and the gallery's security headers.
import t from 'tap';
import { GALLERY_CSP } from '../../src/http/app.js';
import { call, header, startFixture } from './helpers.js';

t.test('without a token: loopback only, same Origin only, local Host only', async (t) => {
  const f = await startFixture(t, { images: {} });
  const own = new URL(f.base).host;
  const refresh = (headers: Record<string, string>) => call(f.base, '/api/refresh', { method: 'POST', headers });
  t.equal((await refresh({})).status, 200, 'no Origin (curl, scripts): allowed');
  t.equal((await refresh({ origin: f.base })).status, 200, 'own Origin: allowed');
  const table: [string, Record<string, string>][] = [
    ['Origin of another site', { origin: 'http://evil.example' }],
    ['same host, other port', { origin: `http://127.0.0.1:${f.server.port + 1}` }],
    ['other scheme', { origin: `https://${own}` }],
    ['opaque origin', { origin: 'null' }],
    [
      'DNS rebinding: a foreign Host that resolved to us',
      { host: `evil.example:${f.server.port}`, origin: `http://evil.example:${f.server.port}` },
    ],
  ];
  for (const [name, headers] of table) {
    for (const [method, path, body, type] of [
      ['POST', '/api/refresh', undefined, undefined],
      ['PUT', '/api/settings', '{"thumbnail_size": 300}', 'application/json'],
      ['DELETE', '/api/wallpapers/0123456789abcdef', undefined, undefined],
      ['POST', '/api/upload', '--x--\r\n', 'multipart/form-data; boundary=x'],
    ] as const) {
      const reply = await call(f.base, path, { method, headers: { ...headers, ...(type ? { 'content-type': type } : {}) }, body });
      t.equal(reply.status, 403, `${name}: ${method} ${path}`);
      t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
    }
  }
  t.equal(f.library.settings().thumbnail_size, 480, 'refused changes changed nothing');
  const read = await call(f.base, '/api/wallpapers', { headers: { origin: 'http://evil.example' } });
  t.equal(read.status, 200, 'reads are open to every site');
  t.equal(header(read, 'access-control-allow-origin'), '*');
});

t.test('with a token: every mutation needs the bearer token', async (t) => {
  const token = 's3cret-token';
  const f = await startFixture(t, { images: {}, token });
  const table: [string, Record<string, string>, number][] = [
    ['no Authorization', {}, 401],
    ['wrong token', { authorization: 'Bearer wrong' }, 401],
    ['token prefix', { authorization: 'Bearer s3cret' }, 401],
    ['token plus more', { authorization: `Bearer ${token}x` }, 401],
    ['other scheme', { authorization: `Basic ${Buffer.from(`user:${token}`).toString('base64')}` }, 401],
    ['empty bearer', { authorization: 'Bearer ' }, 401],
    ['right token', { authorization: `Bearer ${token}` }, 200],
    ['scheme is case-insensitive', { authorization: `bearer ${token}` }, 200],
    ['right token from a foreign Origin', { authorization: `Bearer ${token}`, origin: 'http://elsewhere.example' }, 200],
  ];
  for (const [name, headers, status] of table) {
    const reply = await call(f.base, '/api/refresh', { method: 'POST', headers });
    t.equal(reply.status, status, name);
    if (status === 401) {
      t.equal(header(reply, 'www-authenticate'), 'Bearer');
      t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
      t.notMatch(reply.text, token, 'the token is never echoed');
    }
  }
  const put = await call(f.base, '/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"thumbnail_size": 300}',
  });
  t.equal(put.status, 401);
  t.equal((await call(f.base, '/api/settings')).status, 200, 'reads need no token');
  t.equal((await call(f.base, '/api/wallpapers')).status, 200);
});

t.test('unknown routes, wrong methods, OPTIONS', async (t) => {
  const f = await startFixture(t, { images: {} });
  for (const path of [
    '/api',
    '/api/',
    '/api/nope',
    '/api/wallpapers/0123456789abcdef/nope',
    '/api/wallpapers/random/nope',
    '/api/settings/x',
  ]) {
    const reply = await call(f.base, path);
    t.equal(reply.status, 404, path);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8', path);
    t.equal(header(reply, 'x-content-type-options'), 'nosniff');
  }
  const table: [string, string, string][] = [
    ['POST', '/api/wallpapers', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/wallpapers', 'GET, HEAD, OPTIONS'],
    ['PUT', '/api/wallpapers/random', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/wallpapers/random/image', 'GET, HEAD, OPTIONS'],
    ['PUT', '/api/wallpapers/0123456789abcdef', 'GET, HEAD, DELETE, OPTIONS'],
    ['DELETE', '/api/wallpapers/0123456789abcdef/image', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/upload', 'POST, OPTIONS'],
    ['GET', '/api/refresh', 'POST, OPTIONS'],
    ['DELETE', '/api/settings', 'GET, HEAD, PUT, OPTIONS'],
    ['PATCH', '/api/settings', 'GET, HEAD, PUT, OPTIONS'],
  ];
  for (const [method, path, allow] of table) {
    const reply = await call(f.base, path, { method: method as 'GET' });
    t.equal(reply.status, 405, `${method} ${path}`);
    t.equal(header(reply, 'allow'), allow, `${method} ${path}: Allow`);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  }
  const preflight = await call(f.base, '/api/wallpapers/random/image', {
    method: 'OPTIONS',
    headers: { origin: 'http://display.example', 'access-control-request-method': 'GET' },
  });
  t.equal(preflight.status, 204);
  t.equal(header(preflight, 'access-control-allow-origin'), '*');
  t.match(header(preflight, 'access-control-allow-methods'), /GET/);
  t.notMatch(header(preflight, 'access-control-allow-methods'), /POST|PUT|DELETE/, 'no CORS grant for mutations');
  t.equal(header(preflight, 'allow'), 'GET, HEAD, OPTIONS');
  const uploadPreflight = await call(f.base, '/api/upload', {
    method: 'OPTIONS',
    headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
  });
  t.equal(header(uploadPreflight, 'access-control-allow-methods'), undefined, 'mutation routes grant nothing');
  const mutation = await call(f.base, '/api/refresh', { method: 'POST' });
  t.equal(header(mutation, 'access-control-allow-origin'), undefined, 'no CORS header on mutations');
});

t.test('the gallery at / with its Content-Security-Policy', async (t) => {
  const f = await startFixture(t, { images: {} });
  const page = await call(f.base, '/');
  t.equal(page.status, 200);
  t.match(header(page, 'content-type'), /^text\/html/);
  t.equal(header(page, 'content-security-policy'), GALLERY_CSP);
  t.equal(header(page, 'x-content-type-options'), 'nosniff');
  t.match(page.text, /<html/i);
  const missing = await call(f.base, '/no-such-page.html');
  t.equal(missing.status, 404);
  t.equal(header(missing, 'content-type'), 'text/plain; charset=utf-8');
  t.equal(header(missing, 'content-security-policy'), GALLERY_CSP);
  t.equal((await call(f.base, '/../../package.json')).status, 404, 'no escape from the gallery folder');
  t.equal((await call(f.base, '/%2e%2e/package.json')).status, 404);
  t.equal((await call(f.base, '/', { method: 'POST' })).status, 404, 'the gallery only answers reads');
  const api = await call(f.base, '/api/wallpapers');
  t.equal(header(api, 'content-security-policy'), undefined, 'API responses do not carry the page policy');
});

t.test('a missing gallery folder is only a 404 at /', async (t) => {
  const f = await startFixture(t, { images: {}, galleryDir: '/nonexistent/gallery' });
  t.equal((await call(f.base, '/')).status, 404);
  t.equal((await call(f.base, '/api/wallpapers')).status, 200);
});
