import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a server-named URL may never reach: this machine, private networks, link-local, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** True when `ip` is a public unicast address (an IPv4-mapped IPv6 address is judged by its IPv4 part). */
export function isPublicAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A socket `lookup` that resolves the name and lets the connection go only to an address `allowed`
 * accepts: the check happens after resolution, on the very address the socket then connects to, so
 * a name that resolves differently a moment later (DNS rebinding) gains nothing.
 */
export function checkedLookup(allowed: (ip: string) => boolean = isPublicAddress): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const ok = addresses.filter((a) => allowed(a.address));
      if (!ok.length) {
        const e = Object.assign(
          new Error(
            `refused: ${hostname} resolves to ${addresses.map((a) => a.address).join(', ')}, not a public address`,
          ),
          {
            code: 'EREFUSED',
          },
        );
        return callback(e, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, ok);
      else callback(null, ok[0]!.address, ok[0]!.family);
    });
  };
}

/** Why a URL's host may not be reached as written (an address literal that is not public), or undefined. */
export function refusedHost(url: URL, allowed: (ip: string) => boolean = isPublicAddress): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowed(host)) return `refused: ${host} is not a public address`;
  return undefined;
}
