// The kind of an IP address a source may connect to, and who may reach it. A source's own
// URL reaches whatever address it names; the rest (image URLs in its answers, every redirect) only
// addresses of the same kind or a more public one:
//   public source  -> public;   LAN source -> public, private;   loopback source -> public, private, loopback
// and never link-local, cloud metadata, multicast or reserved addresses.
// The classes, first match wins (IPv4-mapped IPv6 `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96` and 6to4
// `2002::/16` addresses count as the IPv4 address inside them: each reaches that host):
//   cloud metadata  fd00:ec2::254 (AWS), 100.100.100.200 (Alibaba), 168.63.129.16 (Azure); the common
//                   169.254.169.254 is link-local already
//   unspecified     0.0.0.0/8, ::       (a connection to it reaches this machine: counted as loopback)
//   loopback        127.0.0.0/8, ::1
//   link-local      169.254.0.0/16, fe80::/10
//   private         10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT, Tailscale), 198.18/15
//                   (benchmarking, used by fake-IP DNS proxies), fc00::/7, fec0::/10, 64:ff9b:1::/48
//   multicast       224.0.0.0/4, ff00::/8
//   reserved        240.0.0.0/4 (and 255.255.255.255), 192.0.0.0/24, the documentation ranges
//                   192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 100::/64, ::/96 (IPv4-compatible)
//   public          everything else
import { BlockList, isIP } from 'node:net';

export type AddressClass = 'cloud metadata' | 'unspecified' | 'loopback' | 'link-local' | 'private' | 'multicast' | 'reserved' | 'public';

/** How far inside the network a source is: what its own address is, widened for nothing else. */
export type Reach = 'public' | 'private' | 'loopback';

const RULES: [AddressClass, string[]][] = [
  ['cloud metadata', ['fd00:ec2::254/128', '100.100.100.200/32', '168.63.129.16/32']],
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  [
    'private',
    ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '198.18.0.0/15', 'fc00::/7', 'fec0::/10', '64:ff9b:1::/48'],
  ],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  ['reserved', ['240.0.0.0/4', '192.0.0.0/24', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32', '100::/64', '::/96']],
];

/** An IPv4 range as the IPv6 ranges that reach it: NAT64 (64:ff9b::/96) and 6to4 (2002::/16). The
 * mapped form needs none: BlockList matches `::ffff:a.b.c.d` against IPv4 rules itself. */
function embedded(address: string, bits: number): [string, number][] {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  const high = ((a << 8) | b).toString(16);
  const low = ((c << 8) | d).toString(16);
  return [
    [`64:ff9b::${high}:${low}`, 96 + bits],
    [`2002:${high}:${low}::`, 16 + bits],
  ];
}

const LISTS: [AddressClass, BlockList][] = RULES.map(([name, ranges]) => {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/') as [string, string];
    if (isIP(address) === 4) {
      list.addSubnet(address, Number(bits), 'ipv4');
      for (const [v6, v6bits] of embedded(address, Number(bits))) list.addSubnet(v6, v6bits, 'ipv6');
    } else list.addSubnet(address, Number(bits), 'ipv6');
  }
  return [name, list];
});

/** The class of an IP address (no brackets; a zone `%eth0` is ignored). Not an IP: reserved. */
export function classify(address: string): AddressClass {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [name, list] of LISTS) if (list.check(bare, type)) return name;
  return 'public';
}

/** The reach of a source whose own URL connected to an address of this class: a link-local or
 * otherwise unusual own address counts as a LAN source (its answers still reach no link-local). */
export function reachOf(own: AddressClass): Reach {
  if (own === 'public') return 'public';
  if (own === 'loopback' || own === 'unspecified') return 'loopback';
  return 'private';
}

const ORDER: Record<Reach, number> = { public: 0, private: 1, loopback: 2 };

/** Why a source of `reach` may not connect to `address`, or null when it may. */
export function refusal(address: string, reach: Reach): string | null {
  const kind = classify(address);
  const as: Reach | undefined =
    kind === 'public' ? 'public' : kind === 'private' ? 'private' : kind === 'loopback' || kind === 'unspecified' ? 'loopback' : undefined;
  if (as === undefined) return `refused: ${kind} address ${address}`;
  if (ORDER[as] <= ORDER[reach]) return null;
  return `refused: ${kind} address ${address} (a ${reach === 'public' ? 'public' : 'LAN'} source reaches only ${reach === 'public' ? 'public addresses' : 'public and private addresses'})`;
}
