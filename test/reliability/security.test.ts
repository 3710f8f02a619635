// Security against the real server: path traversal in ids and upload names (plain,
// encoded, double-encoded); ids that are not 16 hex characters refused before the library (and so
// the disk) is touched; the Origin check; the token (required, compared in constant time); the
// pure access rule for other hosts; nosniff everywhere and the gallery's CSP; settings that would
// make the server read outside what it is told (relative, `..`, NUL, the data home, links into
// it); and error bodies that never show a stack trace or a path outside the library.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import t from 'tap';
import type { Library, Settings, Wallpaper } from '../../src/core/types.js';
import { checkMutation, tokenMatches } from '../../src/http/access.js';
import { GALLERY_CSP } from '../../src/http/app.js';
import { startServer } from '../../src/http/server.js';
import { imageBytes, tempDir } from '../helpers/fixtures.js';
import { call, header, memoryLogger, startFixture } from '../http/helpers.js';
import { filesUnder, MULTIPART_TYPE, multipart, type Part } from './helpers.js';

const f = await startFixture(t, {
  images: { 'a.jpg': { width: 64, height: 48, color: '#335577' }, 'b.png': { width: 48, height: 64, color: '#aa2211', format: 'png' } },
});
const someId = [...f.byName.values()][0]!.id;
const json = { 'content-type': 'application/json' };

/** The library, with every call that may reach the disk for an id recorded. */
function spied(library: Library, calls: string[]): Library {
  const watched = new Set(['get', 'thumbnailFile', 'remove']);
  return new Proxy(library, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || !watched.has(String(property))) return value;
      return (...args: unknown[]) => {
        calls.push(`${String(property)}(${String(args[0])})`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

t.test('ids that are not 16 lowercase hex characters: 404 before the library is asked', async (t) => {
  const calls: string[] = [];
  const logs: string[] = [];
  const server = await startServer(spied(f.library, calls), { host: '127.0.0.1', port: 0, logger: memoryLogger(logs) });
  t.teardown(() => server.close());
  const ids = [
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%252e%252e%252fetc%252fpasswd',
    '%25252e%25252e%25252f',
    '..%5C..%5Cwindows',
    '....%2F%2F....%2F%2Fetc',
    '%2Fetc%2Fpasswd',
    someId.toUpperCase(),
    someId.slice(0, 15),
    `${someId}0`,
    `${someId}%00`,
    `${someId.slice(0, 15)}%00`,
    `${someId}%2F..`,
    '%C0%AE%C0%AE%C0%AF',
    '%EF%BC%90123456789abcdef',
    'random%2Fimage',
    `${someId.slice(0, 15)}g`,
    `%20${someId}`,
    `${someId}.jpg`,
    '%',
  ];
  for (const id of ids) {
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/image'],
      ['GET', '/thumbnail'],
      ['HEAD', '/image'],
      ['DELETE', ''],
    ] as const) {
      const reply = await call(server.url, `/api/wallpapers/${id}${suffix}`, { method });
      t.equal(reply.status, 404, `${method} ${id}${suffix}`);
      if (method !== 'HEAD') t.notMatch(reply.text, /root:|\[boot loader\]/, 'no file content');
    }
  }
  t.same(calls, [], 'the library was never asked for a malformed id');
  // Control: a well-formed unknown id does reach the library (so the spy works).
  t.equal((await call(server.url, '/api/wallpapers/0123456789abcdef')).status, 404);
  t.same(calls, ['get(0123456789abcdef)'], 'a well-formed id is looked up');
  t.same(logs, []);
});

t.test('traversal outside the API: raw, encoded and double-encoded, never a file outside the gallery', async (t) => {
  for (const path of [
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/%252e%252e%252fetc%252fpasswd',
    '/api/../../etc/passwd',
    '/api/wallpapers/../../../etc/passwd',
    '/.%2e/.%2e/etc/passwd',
    '/index.html%00.jpg',
    '/..%5c..%5cetc%5cpasswd',
  ]) {
    const reply = await call(f.base, path);
    t.ok(reply.status === 404 || reply.status === 400, `${path}: ${reply.status}`);
    t.notMatch(reply.text, /root:x:0/, `${path}: not /etc/passwd`);
    t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  }
});

t.test('upload names cannot leave the upload folder', async (t) => {
  const uploads = f.library.settings().upload_folder;
  const outsideBefore = filesUnder(dirname(uploads)).filter(
    (p) => !p.startsWith('uploads/') && !p.startsWith('thumbnails/') && !p.startsWith('index.sqlite'),
  );
  const names: Omit<Part, 'data'>[] = [
    { filename: '../../../../tmp/evil-plain.jpg' },
    { filename: '..%2F..%2F..%2Ftmp%2Fevil-encoded.jpg' },
    { filename: '%252e%252e%252f%252e%252e%252fevil-double.jpg' },
    { filename: 'x.jpg', extra: "filename*=UTF-8''..%2F..%2F..%2Ftmp%2Fevil-ext.jpg" },
    { filename: '..\\..\\..\\tmp\\evil-backslash.jpg' },
    { filename: '/etc/cron.d/evil-absolute.jpg' },
    { filename: 'C:\\Windows\\evil-drive.jpg' },
    { filename: '....//....//evil-dots.jpg' },
    { filename: '..' },
    { filename: '.' },
    { filename: '.htaccess' },
  ];
  let shade = 0x202020;
  for (const part of names) {
    shade += 0x030507;
    const data = await imageBytes({ width: 40, height: 30, color: `#${shade.toString(16).padStart(6, '0')}`, format: 'jpeg' });
    const reply = await call(f.base, '/api/upload', {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE },
      body: multipart([{ ...part, data }]),
    });
    t.equal(reply.status, 201, JSON.stringify(part));
    const w = reply.json<{ wallpapers: Wallpaper[] }>().wallpapers[0]!;
    t.equal(dirname(w.path), uploads, `${JSON.stringify(part)} -> ${w.filename}: in the upload folder`);
    t.notOk(w.filename.startsWith('.'), 'never hidden');
  }
  const outsideAfter = filesUnder(dirname(uploads)).filter(
    (p) => !p.startsWith('uploads/') && !p.startsWith('thumbnails/') && !p.startsWith('index.sqlite'),
  );
  t.same(outsideAfter, outsideBefore, 'nothing written elsewhere in the home');
  for (const name of ['evil-plain.jpg', 'evil-encoded.jpg', 'evil-ext.jpg', 'evil-backslash.jpg']) {
    t.throws(() => readFileSync(join('/tmp', name)), `/tmp/${name} does not exist`);
  }
});

t.test('mutations: Origin check and token over a real socket', async (t) => {
  const cases: [string, Record<string, string>, number][] = [
    ['foreign Origin', { origin: 'http://evil.example' }, 403],
    ['foreign Origin with our port', { origin: `http://evil.example:${f.server.port}` }, 403],
    ['null Origin (sandboxed frame)', { origin: 'null' }, 403],
    ['https variant of our Origin', { origin: f.base.replace('http:', 'https:') }, 403],
    ['rebinding: foreign Host', { host: 'evil.example' }, 403],
    ['own Origin', { origin: f.base }, 200],
    ['no Origin (curl)', {}, 200],
  ];
  for (const [name, headers, status] of cases) {
    t.equal((await call(f.base, '/api/refresh', { method: 'POST', headers })).status, status, name);
  }
  const token = 'correct-horse-battery-staple';
  const guarded = await startFixture(t, { images: {}, token });
  for (const [name, headers, status] of [
    ['no token', {}, 401],
    ['wrong token', { authorization: 'Bearer wrong' }, 401],
    ['same length, last char differs', { authorization: `Bearer ${token.slice(0, -1)}f` }, 401],
    ['token as Basic', { authorization: `Basic ${token}` }, 401],
    ['token in the query only', {}, 401],
    ['right token', { authorization: `Bearer ${token}` }, 200],
  ] as const) {
    const reply = await call(
      guarded.base,
      `/api/refresh${name === 'token in the query only' ? `?token=${encodeURIComponent(token)}` : ''}`,
      { method: 'POST', headers },
    );
    t.equal(reply.status, status, name);
    t.notMatch(reply.text, token, 'the token is never echoed');
  }
  t.equal((await call(guarded.base, '/api/wallpapers')).status, 200, 'reads need no token');

  // A token with blanks in it (a pass phrase) works too, and only whole.
  const phrase = 'correct horse battery staple';
  const spaced = await startFixture(t, { images: {}, token: phrase });
  t.equal(
    (await call(spaced.base, '/api/refresh', { method: 'POST', headers: { authorization: `Bearer ${phrase}` } })).status,
    200,
    'pass phrase',
  );
  t.equal(
    (await call(spaced.base, '/api/refresh', { method: 'POST', headers: { authorization: 'Bearer correct' } })).status,
    401,
    'first word only',
  );
  t.equal(
    (await call(spaced.base, '/api/refresh', { method: 'POST', headers: { authorization: `Bearer ${phrase} x` } })).status,
    401,
    'more words',
  );
});

t.test('the access rule for other hosts (simulated remote addresses)', async (t) => {
  const remote = [
    '192.168.1.20',
    '10.0.0.5',
    '172.16.3.4',
    '203.0.113.9',
    '::ffff:192.168.1.20',
    'fe80::1',
    '2001:db8::1',
    '0.0.0.0',
    '::',
    '',
    undefined,
  ];
  for (const remoteAddress of remote) {
    t.match(
      checkMutation({ remoteAddress, host: '192.168.1.2:8519' }, {}),
      { ok: false, status: 403 },
      `${String(remoteAddress)} without a token: 403`,
    );
    t.match(
      checkMutation({ remoteAddress, origin: 'http://192.168.1.2:8519', host: '192.168.1.2:8519' }, {}),
      { ok: false, status: 403 },
      `${String(remoteAddress)}, same Origin, still 403`,
    );
    t.match(
      checkMutation({ remoteAddress }, { token: 't0k' }),
      { ok: false, status: 401 },
      `${String(remoteAddress)} with a token set, none sent: 401`,
    );
    t.same(
      checkMutation({ remoteAddress, authorization: 'Bearer t0k' }, { token: 't0k' }),
      { ok: true },
      `${String(remoteAddress)} with the token: ok`,
    );
  }
  for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
    t.same(checkMutation({ remoteAddress, host: '127.0.0.1:8519' }, {}), { ok: true }, `${remoteAddress}: loopback allowed`);
  }
});

t.test('the token is compared in constant time', async (t) => {
  const source = readFileSync(new URL('../../src/http/access.ts', import.meta.url), 'utf8');
  const body = source.slice(
    source.indexOf('export function tokenMatches'),
    source.indexOf('\n}\n', source.indexOf('export function tokenMatches')),
  );
  t.match(body, /timingSafeEqual\(digest\(given\), digest\(token\)\)/, 'equal-length digests through timingSafeEqual');
  t.notMatch(body, /given\s*===\s*token|token\s*===\s*given/, 'never a plain string comparison');
  // And it decides right for every kind of near miss.
  const token = 'abcdef0123456789';
  for (const given of ['', 'a', token.slice(0, -1), `${token}0`, token.toUpperCase(), `${token.slice(0, -1)}8`, 'x'.repeat(10_000)]) {
    t.equal(tokenMatches(`Bearer ${given}`, token), false, `near miss ${given.slice(0, 20)}`);
  }
  t.equal(tokenMatches(`Bearer ${token}`, token), true);
});

t.test('nosniff on every kind of answer, CSP on the gallery', async (t) => {
  const image = `/api/wallpapers/${someId}/image`;
  const answers = [
    await call(f.base, '/api/wallpapers'),
    await call(f.base, image),
    await call(f.base, image, { headers: { 'if-none-match': `"${someId}"` } }),
    await call(f.base, image, { headers: { range: 'bytes=0-9' } }),
    await call(f.base, image, { headers: { range: 'bytes=99999999-' } }),
    await call(f.base, image, { method: 'HEAD' }),
    await call(f.base, `/api/wallpapers/${someId}/thumbnail`),
    await call(f.base, '/api/wallpapers/random/image'),
    await call(f.base, '/api/nothing-here'),
    await call(f.base, '/api/wallpapers', { method: 'PATCH' }),
    await call(f.base, '/api/wallpapers', { method: 'OPTIONS' }),
    await call(f.base, '/api/settings', { method: 'PUT', headers: json, body: '{"nope": 1}' }),
    await call(f.base, '/'),
    await call(f.base, '/index.html'),
    await call(f.base, '/no-such-page'),
  ];
  t.same(
    answers.map((a) => a.status),
    [200, 200, 304, 206, 416, 200, 200, 200, 404, 405, 204, 400, 200, 200, 404],
  );
  for (const answer of answers) t.equal(header(answer, 'x-content-type-options'), 'nosniff', `nosniff on ${answer.status}`);
  for (const answer of answers.slice(-3))
    t.equal(header(answer, 'content-security-policy'), GALLERY_CSP, `CSP on gallery ${answer.status}`);
  t.match(GALLERY_CSP, /script-src 'self'/);
  t.notMatch(GALLERY_CSP, /unsafe-inline|unsafe-eval|\*/, 'no inline code, no wildcard');
});

t.test('settings cannot point the server outside what it is told', async (t) => {
  const outside = tempDir(t, 'wallpaper-security-outside-');
  mkdirSync(join(f.home, 'thumbnails'), { recursive: true });
  mkdirSync(join(f.home, 'trash'), { recursive: true });
  const linkIntoHome = join(outside, 'innocent-looking');
  symlinkSync(join(f.home, 'thumbnails'), linkIntoHome);
  const linkOutside = join(outside, 'link-to-folder');
  symlinkSync(f.folder, linkOutside);
  const before = f.library.settings();
  const refused: [string, unknown][] = [
    ['relative folder', { folders: ['images'] }],
    ['dot-relative folder', { folders: ['./images'] }],
    ['home-relative folder', { folders: ['~/Pictures'] }],
    ['NUL in a folder', { folders: [`${f.folder}\u0000/../etc`] }],
    ['.. segments in a folder', { folders: [`${f.folder}/../${f.folder.split('/').pop()}`] }],
    ['.. segments reaching /etc', { folders: [`${f.folder}/../../../../etc`] }],
    ['a . segment', { folders: [`${f.folder}/.`] }],
    ['the data home', { folders: [f.home] }],
    ['the thumbnail cache', { folders: [join(f.home, 'thumbnails')] }],
    ['the trash', { folders: [join(f.home, 'trash')] }],
    ['a link into the data home', { folders: [linkIntoHome] }],
    ['upload folder in the thumbnail cache', { upload_folder: join(f.home, 'thumbnails', 'x') }],
    ['upload folder = the trash', { upload_folder: join(f.home, 'trash') }],
    ['upload folder with ..', { upload_folder: `${f.home}/uploads/../trash` }],
    ['relative upload folder', { upload_folder: 'uploads' }],
    ['NUL in the upload folder', { upload_folder: '/tmp/x\u0000y' }],
    ['thumbnail size as a path', { thumbnail_size: '../../../tmp' }],
    ['thumbnail size negative', { thumbnail_size: -480 }],
    ['thumbnail size huge', { thumbnail_size: 1e9 }],
    ['folders not an array', { folders: '/etc' }],
  ];
  for (const [name, patch] of refused) {
    const reply = await call(f.base, '/api/settings', { method: 'PUT', headers: json, body: JSON.stringify(patch) });
    t.equal(reply.status, 400, name);
    t.match(reply.text, new RegExp(Object.keys(patch as object)[0]!), `${name}: the message names the key`);
  }
  t.same(f.library.settings(), before, 'nothing was changed');
  // Decision: a plain absolute path the client names is what the library reads, links included
  // (the client could name the link's target just as well), and a folder holding the data home is
  // fine: the walk never enters the home's thumbnails and trash. Restored afterwards.
  for (const patch of [
    { folders: [...before.folders, outside] },
    { folders: [...before.folders, linkOutside] },
    { folders: [...before.folders, dirname(f.home)] },
    { upload_folder: join(f.home, 'uploads') },
  ]) {
    const reply = await call(f.base, '/api/settings', { method: 'PUT', headers: json, body: JSON.stringify(patch) });
    t.equal(reply.status, 200, JSON.stringify(patch));
  }
  t.equal(
    (await call(f.base, '/api/settings', { method: 'PUT', headers: json, body: JSON.stringify({ folders: before.folders }) })).status,
    200,
  );
  t.same(f.library.settings().folders, before.folders);
});

t.test('error bodies: no stack trace, no path outside the library', async (t) => {
  const logs = f.logs.length;
  // The trash cannot be created (a file stands where its folder goes): a server-side failure.
  const victim = (
    await call(f.base, '/api/upload', {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE },
      body: multipart([{ filename: 'victim.png', data: await imageBytes({ width: 30, height: 20, color: '#0f0f70', format: 'png' }) }]),
    })
  ).json<{ wallpapers: Wallpaper[] }>().wallpapers[0]!;
  const trash = join(f.home, 'trash');
  const { rmSync } = await import('node:fs');
  rmSync(trash, { recursive: true, force: true });
  writeFileSync(trash, 'not a folder');
  t.teardown(() => rmSync(trash, { force: true }));
  const reply = await call(f.base, `/api/wallpapers/${victim.id}`, { method: 'DELETE' });
  t.equal(reply.status, 500);
  t.equal(header(reply, 'content-type'), 'text/plain; charset=utf-8');
  t.match(reply.text, /^internal error[^\n]*\n$/, 'one generic line');
  t.notMatch(reply.text, f.home, 'no data-home path');
  t.notMatch(reply.text, /\bat |ENOTDIR|EEXIST|node:/, 'no stack or errno');
  t.ok(f.logs.length > logs, 'the operator gets the details in the log');

  const answers = [
    await call(f.base, '/api/settings', { method: 'PUT', headers: json, body: '{"folders": [' }),
    await call(f.base, '/api/settings', { method: 'PUT', headers: json, body: JSON.stringify({ folders: ['/definitely/not/here'] }) }),
    await call(f.base, '/api/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' }, body: 'x' }),
    await call(f.base, '/api/wallpapers?min_width=-1'),
  ];
  for (const answer of answers) {
    t.ok(answer.status >= 400 && answer.status < 500, `${answer.status}: ${answer.text.trim()}`);
    t.notMatch(answer.text, /\n[\s\S]|\bat [\w.<>]+ \(|node_modules|node:internal/, 'one line, no stack');
    t.notMatch(answer.text, f.home, 'no data-home path');
  }
});

const settingsOf = async () => (await call(f.base, '/api/settings')).json<Settings>();
t.test('the record is still sane', async (t) => {
  t.same((await settingsOf()).folders, [f.folder]);
});
