// What `serve` says when it starts, as a new user meets it: the addresses a phone can use for a
// wildcard host (never http://0.0.0.0), how to add a folder to an empty library, and a busy port in
// words with what to do.
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { reachableUrls } from '../../src/commands/serve.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { eventually, startServe } from '../helpers/serve.js';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as never;

t.test('reachableUrls: loopback first, then every network address, never the wildcard', async (t) => {
  const interfaces = {
    lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
    wlan0: [iface('192.168.1.5', 'IPv4', false), iface('fe80::1', 'IPv6', false), iface('2001:db8::5', 'IPv6', false)],
  };
  t.same(reachableUrls('0.0.0.0', 8519, 'http://0.0.0.0:8519', interfaces), ['http://127.0.0.1:8519', 'http://192.168.1.5:8519']);
  t.same(
    reachableUrls('::', 8519, 'http://[::]:8519', interfaces),
    ['http://127.0.0.1:8519', 'http://[::1]:8519', 'http://192.168.1.5:8519', 'http://[2001:db8::5]:8519'],
    'link-local addresses need a zone a browser cannot take: left out',
  );
  t.same(reachableUrls('127.0.0.1', 8519, 'http://127.0.0.1:8519', interfaces), ['http://127.0.0.1:8519'], 'a named host is printed as is');
});

t.test('serve --host 0.0.0.0 on an empty library: real addresses and how to add a folder', async (t) => {
  const server = await startServe(t, { home: tempDir(t), flags: ['--host', '0.0.0.0'] });
  t.ok(await eventually(() => /empty/.test(server.output().stdout)));
  const { stdout } = server.output();
  t.notMatch(stdout, /0\.0\.0\.0/, 'no wildcard address printed');
  t.match(stdout, /^Listening on http:\/\/127\.0\.0\.1:\d+$/m);
  t.match(stdout, /The library is empty: add a folder with `wallpaper --home \S+ scan FOLDER` \(or `wallpaper --home \S+ serve FOLDER`\)/);
  t.equal(await server.stop(), 0);
});

t.test('a busy port is named, with what to do', async (t) => {
  const blocker = createServer().listen(0, '127.0.0.1');
  await once(blocker, 'listening');
  t.teardown(() => blocker.close());
  const port = (blocker.address() as AddressInfo).port;
  const result = await runCli(['--home', tempDir(t), 'serve', '--port', String(port)]);
  t.equal(result.code, 1);
  t.equal(result.stderr, `wallpaper: port ${port} is in use: choose another with --port\n`);
  t.notMatch(result.stderr, /EADDRINUSE/);
});
