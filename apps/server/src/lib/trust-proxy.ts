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

/**
 * The client as per-address limits count it: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * too), an IPv6 address by its /64 network. One subscriber or server usually holds a whole /64 and
 * can pick any address in it, so counting single IPv6 addresses would give one attacker billions
 * of fresh buckets. Anything that is not an IP address (a test's made-up name) is kept as it is.
 */
export function limitAddress(address: string): string {
  const [plain = address] = address.split('%');
  if (isIP(plain) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1]!;
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, '::' expanded and each without leading zeros. */
function ipv6Groups(address: string): string[] {
  const toGroups = (part: string) => {
    if (part === '') return [];
    const pieces = part.split(':');
    const last = pieces.at(-1)!;
    // An IPv4 tail ('::1.2.3.4') stands for the last two groups.
    if (last.includes('.')) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      pieces.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return pieces;
  };
  const [head = '', tail] = address.split('::');
  const start = toGroups(head);
  const end = tail === undefined ? [] : toGroups(tail);
  const groups = [...start, ...Array(8 - start.length - end.length).fill('0'), ...end];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
