// The DNS-rebinding guard parses Host as RFC 9110 says (uri-host [":" port], nothing else): for
// token-less mutations, a malformed Host or none at all (HTTP/1.0) is refused with 403, over a raw
// socket so that no client library tidies the header first.
import { connect } from 'node:net';
import t from 'tap';
import { checkMutation, parseHost } from '../../src/http/access.js';
import { startFixture } from './helpers.js';

/** Send raw request bytes and return the status code of the answer. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on('error', reject);
    socket.setTimeout(5000, () => reject(new Error(`no answer: ${text}`)));
  });
}

t.test('parseHost: host and optional port, nothing else', async (t) => {
  const table: [string | undefined, string | undefined][] = [
    ['127.0.0.1:8519', '127.0.0.1'],
    ['localhost', 'localhost'],
    ['LocalHost:80', 'localhost'],
    ['[::1]:8519', '[::1]'],
    ['wall.example', 'wall.example'],
    ['127.0.0.1:', '127.0.0.1'],
    [undefined, undefined],
    ['', undefined],
    ['evil.example:8519@127.0.0.1', undefined],
    ['evil.example@127.0.0.1:8519', undefined],
    ['127.0.0.1:8519/evil.example', undefined],
    ['127.0.0.1:8519?x', undefined],
    ['127.0.0.1:8519#x', undefined],
    ['127.0.0.1:99999', undefined],
    ['127.0.0.1:8519:1', undefined],
    ['::1', undefined],
    ['127.0.0.1 evil', undefined],
    ['[::1', undefined],
    ['http://127.0.0.1', undefined],
  ];
  for (const [value, hostname] of table) t.equal(parseHost(value)?.hostname, hostname, JSON.stringify(value));
});

t.test('checkMutation refuses a missing or malformed Host without a token, accepts it with one', async (t) => {
  const loopback = { remoteAddress: '127.0.0.1' };
  t.same(checkMutation({ ...loopback, host: '127.0.0.1:1' }, {}), { ok: true });
  for (const host of [undefined, 'evil.example:1@127.0.0.1', '127.0.0.1:1/evil.example']) {
    t.equal(checkMutation({ ...loopback, host }, {}).ok, false, String(host));
  }
  t.same(checkMutation({ ...loopback, authorization: 'Bearer s3cret' }, { token: 's3cret' }), { ok: true }, 'a token decides alone');
});

t.test('over a real socket: POST /api/refresh with each Host', async (t) => {
  const f = await startFixture(t, { images: {} });
  const port = f.server.port;
  const post = (hostLine: string, version = '1.1') =>
    rawStatus(port, `POST /api/refresh HTTP/${version}\r\n${hostLine}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  t.equal(await post(`Host: 127.0.0.1:${port}\r\n`), 200, 'the own address');
  t.equal(await post(`Host: localhost:${port}\r\n`), 200, 'localhost');
  t.equal(await post('', '1.0'), 403, 'HTTP/1.0 without Host');
  for (const host of [
    `evil.example:${port}@127.0.0.1`,
    `evil.example@127.0.0.1:${port}`,
    `127.0.0.1:${port}/evil.example`,
    `evil.example:${port}`,
  ]) {
    t.equal(await post(`Host: ${host}\r\n`), 403, host);
  }
  t.equal(await rawStatus(port, 'GET /api/wallpapers HTTP/1.0\r\nConnection: close\r\n\r\n'), 200, 'reads need no Host');
});
