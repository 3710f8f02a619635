// Where other devices reach the server: the addresses /api/status reports for the
// gallery's device link, by the host `serve` listens on, over a machine's network interfaces.
import type { NetworkInterfaceInfo } from 'node:os';
import t from 'tap';
import { lanAddresses } from '../../src/http/lan.js';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  eth0: [info('fe80::1', 'IPv6'), info('fd00::2', 'IPv6'), info('192.168.1.20', 'IPv4')],
  wlan0: [info('10.0.0.5', 'IPv4')],
};

const cases: [host: string, expected: { urls: string[]; loopback_only: boolean }][] = [
  ['127.0.0.1', { urls: [], loopback_only: true }],
  ['localhost', { urls: [], loopback_only: true }],
  ['::1', { urls: [], loopback_only: true }],
  ['0.0.0.0', { urls: ['http://192.168.1.20:8519', 'http://10.0.0.5:8519'], loopback_only: false }],
  ['::', { urls: ['http://192.168.1.20:8519', 'http://10.0.0.5:8519', 'http://[fd00::2]:8519'], loopback_only: false }],
  ['192.168.1.20', { urls: ['http://192.168.1.20:8519'], loopback_only: false }],
];
for (const [host, expected] of cases) {
  t.same(lanAddresses(host, 8519, interfaces), expected, `--host ${host}`);
}
t.same(lanAddresses('0.0.0.0', 8519, { lo: interfaces.lo }), { urls: [], loopback_only: false }, 'no network: no address');
