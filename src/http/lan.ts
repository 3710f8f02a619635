// Where other devices on the network reach this server (the gallery's "Link for a device"
// and its QR code must carry an address a tablet can open, never 127.0.0.1): the non-loopback
// addresses of this machine when `serve` listens on a wildcard host, the host itself when it is a
// network address, and none when it listens on loopback only (then `--host 0.0.0.0` is needed).
import { networkInterfaces } from 'node:os';
import { urlOf } from './url.js';

export interface LanAddresses {
  /** `http://ADDRESS:PORT` for each network address, IPv4 first; empty on loopback only. */
  urls: string[];
  /** True when the server listens on a loopback address: other devices cannot reach it. */
  loopback_only: boolean;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

export function lanAddresses(host: string, port: number, interfaces = networkInterfaces()): LanAddresses {
  if (isLoopback(host)) return { urls: [], loopback_only: true };
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  if (!wildcard) return { urls: [urlOf(host, port)], loopback_only: false };
  const families = host === '0.0.0.0' ? ['IPv4'] : ['IPv4', 'IPv6'];
  const found = Object.values(interfaces)
    .flat()
    .filter((info) => info && !info.internal && families.includes(info.family) && !info.address.startsWith('fe80:'))
    .sort((a, b) => Number(a!.family === 'IPv6') - Number(b!.family === 'IPv6'))
    .map((info) => urlOf(info!.address, port));
  return { urls: [...new Set(found)], loopback_only: false };
}
