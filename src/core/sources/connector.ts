// Where one source's requests may connect: the check is made inside undici's connector,
// on the address the socket is about to connect to, so nothing changes between check and connect
// (no DNS rebinding). An IP in the URL is checked before the socket is made; a host name is resolved
// by a `lookup` that hands net.connect only the addresses allowed, so a refused one is never dialled.
// The source's own origin (its URL's scheme, host and port) goes where the user pointed it; the
// class of the first address it reaches sets the source's reach (addresses.ts), which every other
// origin, and every later connection to its own, is held to.
import { lookup as dnsLookup } from 'node:dns';
import { type LookupFunction, isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { type AddressClass, classify, reachOf, refusal } from './addresses.js';

/** A connection the rules refuse: nothing was sent. The message is the reason. */
export class AddressRefused extends Error {
  readonly code = 'WALLPAPER_ADDRESS_REFUSED';
}

/** Resolves a host name as dns.lookup does (called with `all: true`). */
export type Lookup = LookupFunction;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };
const originOf = (protocol: string, hostname: string, port: string | number | undefined): string =>
  `${protocol}//${hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()}:${String(port || DEFAULT_PORTS[protocol] || '')}`;

/** An undici Agent whose every connection is checked; `own` is the source's own URL. */
export function guardedAgent(own: string, lookup: Lookup = dnsLookup as Lookup): Agent {
  const home = new URL(own);
  const ownOrigin = originOf(home.protocol, home.hostname, home.port);
  let ownClass: AddressClass | undefined;

  /** Why `address` may not be connected to, or null; the first own address sets the reach. */
  const check = (address: string, isOwn: boolean): string | null => {
    if (isOwn) {
      if (ownClass === undefined) {
        ownClass = classify(address);
        return null;
      }
      // The same kind of address as before (a link-local NAS stays reachable); never a new kind.
      if (classify(address) === ownClass) return null;
    }
    return refusal(address, reachOf(ownClass ?? 'public'));
  };

  const filtering =
    (isOwn: boolean): Lookup =>
    (hostname, options, callback) => {
      lookup(hostname, { ...options, all: true }, (error, found) => {
        if (error) return callback(error, '', 0);
        const addresses = Array.isArray(found) ? found : [{ address: String(found), family: isIP(String(found)) }];
        const kept = [];
        let reason: string | null = null;
        for (const one of addresses) {
          const why = check(one.address, isOwn);
          if (why === null) kept.push(one);
          else reason ??= why;
        }
        if (kept.length === 0) return callback(new AddressRefused(reason ?? `no address for ${hostname}`), '', 0);
        if (options.all) callback(null, kept);
        else callback(null, kept[0]!.address, kept[0]!.family);
      });
    };
  const ownConnect = buildConnector({ lookup: filtering(true) } as buildConnector.BuildOptions);
  const otherConnect = buildConnector({ lookup: filtering(false) } as buildConnector.BuildOptions);

  const connect: buildConnector.connector = (options, callback) => {
    const isOwn = originOf(options.protocol, options.hostname, options.port) === ownOrigin;
    const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0) {
      // net.connect does not look an IP up: it is checked here, before any socket exists.
      const why = check(host, isOwn);
      if (why !== null) return callback(new AddressRefused(why), null);
    }
    return (isOwn ? ownConnect : otherConnect)(options, callback);
  };
  return new Agent({ connect });
}
