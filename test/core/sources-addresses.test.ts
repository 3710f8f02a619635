// The address classes a source's connections are held to (src/core/sources/addresses.ts),
// as a table: IPv4, IPv6, IPv4 inside IPv6 (mapped, NAT64, 6to4), unspecified, multicast, reserved,
// cloud metadata; and which reach allows which class.
import t from 'tap';
import { type AddressClass, type Reach, classify, reachOf, refusal } from '../../src/core/sources/addresses.js';

const CLASSES: [string, AddressClass][] = [
  ['93.184.216.34', 'public'],
  ['1.1.1.1', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.127.255.255', 'private'],
  ['100.128.0.1', 'public'],
  ['198.18.0.1', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fec0::1', 'private'],
  ['::ffff:10.1.2.3', 'private'],
  ['2002:c0a8:101::1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['2002:a9fe:a9fe::1', 'link-local'],
  ['fd00:ec2::254', 'cloud metadata'],
  ['100.100.100.200', 'cloud metadata'],
  ['168.63.129.16', 'cloud metadata'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['::7f00:1', 'reserved'],
  ['not-an-ip', 'reserved'],
];

t.test('each address has its class', async (t) => {
  for (const [address, expected] of CLASSES) t.equal(classify(address), expected, address);
});

t.test("a source's reach is its own address's class, an unusual one counting as LAN", async (t) => {
  const reaches: [AddressClass, Reach][] = [
    ['public', 'public'],
    ['private', 'private'],
    ['loopback', 'loopback'],
    ['unspecified', 'loopback'],
    ['link-local', 'private'],
    ['cloud metadata', 'private'],
    ['multicast', 'private'],
    ['reserved', 'private'],
  ];
  for (const [own, reach] of reaches) t.equal(reachOf(own), reach, own);
});

t.test('what each reach may connect to: its own kind or a more public one, never link-local', async (t) => {
  const ALLOWED: [string, Record<Reach, boolean>][] = [
    ['93.184.216.34', { public: true, private: true, loopback: true }],
    ['10.0.0.1', { public: false, private: true, loopback: true }],
    ['127.0.0.1', { public: false, private: false, loopback: true }],
    ['0.0.0.0', { public: false, private: false, loopback: true }],
    ['169.254.169.254', { public: false, private: false, loopback: false }],
    ['fe80::1', { public: false, private: false, loopback: false }],
    ['fd00:ec2::254', { public: false, private: false, loopback: false }],
    ['224.0.0.1', { public: false, private: false, loopback: false }],
  ];
  for (const [address, by] of ALLOWED) {
    for (const reach of ['public', 'private', 'loopback'] as const)
      t.equal(refusal(address, reach) === null, by[reach], `${reach} -> ${address}`);
  }
  t.equal(refusal('169.254.169.254', 'loopback'), 'refused: link-local address 169.254.169.254');
  t.equal(refusal('10.0.0.1', 'public'), 'refused: private address 10.0.0.1 (a public source reaches only public addresses)');
  t.equal(refusal('127.0.0.1', 'private'), 'refused: loopback address 127.0.0.1 (a LAN source reaches only public and private addresses)');
});
