import { BlockList, isIP } from 'node:net';

/** Loopback and private networks: where a reverse proxy in front of the site talks to it from. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

/** True for loopback, private, carrier-grade NAT and link-local addresses (IPv4-mapped ones too). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return PRIVATE_NETWORKS.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A list of addresses goes through as it is.
 * Fastify ignores a bare hop count (anyone reaching the port directly could write the header), so a
 * count becomes a function: the nearest hop is trusted only when it comes from a loopback or
 * private address, as a proxy on the same machine or network does; a client on the internet that
 * reaches the port directly is never taken for a proxy, whatever X-Forwarded-For it writes.
 */
export function trustProxyOption(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address, hop) => hop < hops && (hop > 0 || isPrivateAddress(address));
}
