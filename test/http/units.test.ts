// Table tests of the pure parts of the HTTP face: the mutation access rule (remote addresses that a
// socket test cannot fake), RFC 9110 conditionals and ranges, the error mapper, Content-Disposition.
import t from 'tap';
import { WallpaperError } from '../../src/core/errors.js';
import { checkMutation, isLoopback, tokenMatches } from '../../src/http/access.js';
import { decideRange, ifRangeAllows, isNotModified } from '../../src/http/conditional.js';
import { HttpError, mapError } from '../../src/http/errors.js';
import { contentDisposition } from '../../src/http/prepared.js';

t.test('loopback addresses', async (t) => {
  const table: [string | undefined, boolean][] = [
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['127.255.255.254', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.9.9.9', true],
    ['0:0:0:0:0:0:0:1', true],
    ['192.168.1.20', false],
    ['10.0.0.1', false],
    ['::ffff:192.168.1.20', false],
    ['fe80::1', false],
    ['::', false],
    ['0.0.0.0', false],
    ['128.0.0.1', false],
    ['127.0.0.1.evil', false],
    [undefined, false],
    ['', false],
  ];
  for (const [address, expected] of table) t.equal(isLoopback(address), expected, String(address));
});

t.test('checkMutation without a token', async (t) => {
  const ok = { ok: true };
  const table: [string, Parameters<typeof checkMutation>[0], number | undefined][] = [
    ['loopback, no Origin', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519' }, undefined],
    ['loopback IPv6, own Origin', { remoteAddress: '::1', host: '[::1]:8519', origin: 'http://[::1]:8519' }, undefined],
    ['loopback, localhost', { remoteAddress: '127.0.0.1', host: 'localhost:8519', origin: 'http://localhost:8519' }, undefined],
    ['default port both sides', { remoteAddress: '127.0.0.1', host: 'localhost', origin: 'http://localhost:80' }, undefined],
    ['case of the host', { remoteAddress: '127.0.0.1', host: 'LOCALHOST:8519', origin: 'http://localhost:8519' }, undefined],
    ['own host name', { remoteAddress: '127.0.1.1', host: 'myhost:8519', origin: 'http://myhost:8519' }, undefined],
    ['no Host, no Origin (HTTP/1.0 tool): refused, a Host is how rebinding is told apart', { remoteAddress: '127.0.0.1' }, 403],
    ['LAN client', { remoteAddress: '192.168.1.20', host: '192.168.1.2:8519' }, 403],
    ['mapped LAN client', { remoteAddress: '::ffff:192.168.1.20', host: '192.168.1.2:8519' }, 403],
    ['unknown peer', { remoteAddress: undefined, host: '127.0.0.1:8519' }, 403],
    ['foreign Origin', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: 'http://evil.example' }, 403],
    ['other port', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: 'http://127.0.0.1:8520' }, 403],
    ['https Origin', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: 'https://127.0.0.1:8519' }, 403],
    ['null Origin', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: 'null' }, 403],
    ['garbage Origin', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: '::::' }, 403],
    ['Origin without Host', { remoteAddress: '127.0.0.1', origin: 'http://127.0.0.1:8519' }, 403],
    ['rebinding: foreign Host', { remoteAddress: '127.0.0.1', host: 'evil.example:8519', origin: 'http://evil.example:8519' }, 403],
    ['rebinding: foreign Host, no Origin', { remoteAddress: '127.0.0.1', host: 'evil.example:8519' }, 403],
    ['garbage Host', { remoteAddress: '127.0.0.1', host: 'a b' }, 403],
  ];
  for (const [name, req, status] of table) {
    const decision = checkMutation(req, { hostNames: ['myhost'] });
    if (status === undefined) t.same(decision, ok, name);
    else t.match(decision, { ok: false, status }, name);
  }
});

t.test('checkMutation with trusted origins (a reverse proxy)', async (t) => {
  const policy = { trustedOrigins: ['https://wall.example', 'not a url'] };
  const table: [string, Parameters<typeof checkMutation>[0], number | undefined][] = [
    ['proxy origin and host', { remoteAddress: '127.0.0.1', host: 'wall.example', origin: 'https://wall.example' }, undefined],
    ['proxy origin, local host', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: 'https://wall.example' }, undefined],
    ['explicit default port', { remoteAddress: '127.0.0.1', host: 'wall.example', origin: 'https://wall.example:443' }, undefined],
    ['http is another origin', { remoteAddress: '127.0.0.1', host: '127.0.0.1:8519', origin: 'http://wall.example' }, 403],
    ['other origin', { remoteAddress: '127.0.0.1', host: 'wall.example', origin: 'https://evil.example' }, 403],
    ['still loopback only', { remoteAddress: '192.168.1.9', host: 'wall.example', origin: 'https://wall.example' }, 403],
  ];
  for (const [name, req, status] of table) {
    const decision = checkMutation(req, policy);
    if (status === undefined) t.same(decision, { ok: true }, name);
    else t.match(decision, { ok: false, status }, name);
  }
});

t.test('checkMutation with a token', async (t) => {
  const policy = { token: 'tok-123' };
  const table: [string, Parameters<typeof checkMutation>[0], boolean][] = [
    ['right token from the LAN', { remoteAddress: '192.168.1.20', authorization: 'Bearer tok-123' }, true],
    ['right token, foreign Origin', { remoteAddress: '203.0.113.9', authorization: 'Bearer tok-123', origin: 'http://x.example' }, true],
    ['loopback without token', { remoteAddress: '127.0.0.1' }, false],
    ['wrong token', { remoteAddress: '127.0.0.1', authorization: 'Bearer tok-124' }, false],
    ['token in another scheme', { remoteAddress: '127.0.0.1', authorization: 'Token tok-123' }, false],
    ['bare token', { remoteAddress: '127.0.0.1', authorization: 'tok-123' }, false],
  ];
  for (const [name, req, allowed] of table) {
    const decision = checkMutation(req, policy);
    if (allowed) t.same(decision, { ok: true }, name);
    else t.match(decision, { ok: false, status: 401 }, name);
  }
  t.equal(tokenMatches('Bearer  tok-123 ', 'tok-123'), true, 'surrounding blanks tolerated');
  t.equal(tokenMatches(undefined, 'tok-123'), false);
  t.equal(tokenMatches('Bearer a', 'a'.repeat(1000)), false, 'different lengths compare safely');
});

t.test('conditional requests (RFC 9110 13.2.2)', async (t) => {
  const validators = { etag: '"abc"', lastModifiedMs: Date.parse('Wed, 01 Jan 2025 10:00:00 GMT') + 400 };
  const table: [string, Parameters<typeof isNotModified>[0], boolean][] = [
    ['nothing', {}, false],
    ['same tag', { ifNoneMatch: '"abc"' }, true],
    ['weak same tag', { ifNoneMatch: 'W/"abc"' }, true],
    ['list', { ifNoneMatch: '"x", "abc"' }, true],
    ['star', { ifNoneMatch: '*' }, true],
    ['other tag', { ifNoneMatch: '"abd"' }, false],
    ['unquoted', { ifNoneMatch: 'abc' }, false],
    ['same second', { ifModifiedSince: 'Wed, 01 Jan 2025 10:00:00 GMT' }, true],
    ['later', { ifModifiedSince: 'Wed, 01 Jan 2025 10:00:01 GMT' }, true],
    ['earlier', { ifModifiedSince: 'Wed, 01 Jan 2025 09:59:59 GMT' }, false],
    ['invalid date', { ifModifiedSince: 'soon' }, false],
    ['If-None-Match decides', { ifNoneMatch: '"x"', ifModifiedSince: 'Wed, 01 Jan 2025 10:00:01 GMT' }, false],
  ];
  for (const [name, headers, expected] of table) t.equal(isNotModified(headers, validators), expected, name);
  t.equal(ifRangeAllows(undefined, validators), true);
  t.equal(ifRangeAllows('"abc"', validators), true);
  t.equal(ifRangeAllows('W/"abc"', validators), false, 'weak tags never match If-Range');
  t.equal(ifRangeAllows('"old"', validators), false);
  t.equal(ifRangeAllows('Wed, 01 Jan 2025 10:00:00 GMT', validators), true);
  t.equal(ifRangeAllows('Wed, 01 Jan 2025 09:00:00 GMT', validators), false);
});

t.test('byte ranges (RFC 9110 14.2)', async (t) => {
  const table: [string | undefined, number, ReturnType<typeof decideRange>][] = [
    [undefined, 100, { kind: 'full' }],
    ['bytes=0-9', 100, { kind: 'partial', start: 0, end: 9 }],
    ['bytes=90-', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-5', 100, { kind: 'partial', start: 95, end: 99 }],
    ['bytes=-500', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=50-5000', 100, { kind: 'partial', start: 50, end: 99 }],
    ['BYTES = 1-1', 100, { kind: 'partial', start: 1, end: 1 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=200-300', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=0-1,3-4', 100, { kind: 'full' }],
    ['bytes=5-1', 100, { kind: 'full' }],
    ['bytes=-', 100, { kind: 'full' }],
    ['bytes=a-b', 100, { kind: 'full' }],
    ['items=0-1', 100, { kind: 'full' }],
    ['', 100, { kind: 'full' }],
  ];
  for (const [header, size, expected] of table) t.same(decideRange(header, size), expected, `${header} of ${size}`);
});

t.test('the error mapper', async (t) => {
  const table: [string, unknown, number, RegExp][] = [
    ['invalid_param', new WallpaperError('invalid_param', 'invalid page "0"'), 400, /^invalid page/],
    ['not_found', new WallpaperError('not_found', 'no wallpaper with this id'), 404, /no wallpaper/],
    ['unsupported', new WallpaperError('unsupported', 'not a JPEG, PNG or WebP'), 415, /not a JPEG/],
    ['too_large', new WallpaperError('too_large', 'over 100 megapixels'), 413, /megapixels/],
    ['not_json', new WallpaperError('not_json', 'not JSON'), 415, /JSON/],
    ['unauthorized', new WallpaperError('unauthorized', 'token'), 401, /token/],
    ['forbidden', new WallpaperError('forbidden', 'no'), 403, /no/],
    ['folder_tag', new WallpaperError('folder_tag', 'cannot remove tag "abstract" from x: it is a folder tag'), 409, /folder tag/],
    ['io_failed hides paths', new WallpaperError('io_failed', "EACCES: rename '/srv/x.jpg' -> '/root/trash'"), 500, /^internal error/],
    ['HttpError', new HttpError(405, 'use GET', { Allow: 'GET' }), 405, /use GET/],
    ['busboy', new Error('Multipart: Boundary not found'), 400, /multipart/],
    ['busboy end', new Error('Unexpected end of form'), 400, /multipart/],
    ['JSON', new SyntaxError('Unexpected token'), 415, /JSON/],
    ['anything else', new Error("ENOENT: open '/etc/secret'"), 500, /^internal error$/],
    ['a string', 'boom', 500, /^internal error$/],
  ];
  for (const [name, error, status, message] of table) {
    const mapped = mapError(error);
    t.equal(mapped.status, status, name);
    t.match(mapped.message, message, name);
    t.notMatch(mapped.message, /\/etc|\/srv|\/root/, `${name}: no outside path`);
  }
  t.same(mapError(new HttpError(405, 'x', { Allow: 'GET' })).headers, { Allow: 'GET' });
  t.same(mapError(new WallpaperError('unauthorized', 'x')).headers, { 'WWW-Authenticate': 'Bearer' });
});

t.test('Content-Disposition', async (t) => {
  t.equal(contentDisposition('beach.jpg'), 'inline; filename="beach.jpg"');
  t.equal(contentDisposition('été.png'), `inline; filename="_t_.png"; filename*=UTF-8''%C3%A9t%C3%A9.png`);
  t.equal(contentDisposition('a"b\\c.jpg'), `inline; filename="a_b_c.jpg"; filename*=UTF-8''a%22b%5Cc.jpg`);
  t.equal(contentDisposition("it's (1).jpg"), 'inline; filename="it\'s (1).jpg"');
  t.notMatch(contentDisposition('a\r\nSet-Cookie: x.jpg'), /[\r\n]/);
});
