import { BlockList, isIP } from 'node:net';

/** Loopback and private networks: where a reverse proxy in front of the site talks to it from. */
const PRIVATE_RANGES = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const;
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of PRIVATE_RANGES) {
  const family = isIP(network) === 4 ? 'ipv4' : 'ipv6';
  if (prefix === (family === 'ipv4' ? 32 : 128)) PRIVATE_NETWORKS.addAddress(network, family);
  else PRIVATE_NETWORKS.addSubnet(network, prefix, family);
}

/**
 * The widest range of public addresses TRUST_PROXY may list, by IP version. A CDN publishes its
 * edges in ranges of /13 and narrower (IPv6: /29 and narrower); anything wider holds clients, who
 * could then write their own address in X-Forwarded-For.
 */
export const WIDEST_PUBLIC_PROXY_RANGE = { 4: 12, 6: 24 } as const;

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

/** The most proxies TRUST_PROXY may count: a count above the real one lets clients write their own address. */
export const MAX_PROXY_HOPS = 3;

/**
 * What is wrong with one TRUST_PROXY entry (an address or a CIDR range), or null when it names
 * proxies alone: it must be a plain address (no zone) with a prefix of 1 up to the address's bits,
 * and a range that reaches public addresses must be no wider than WIDEST_PUBLIC_PROXY_RANGE. An
 * IPv6 range is judged by the IPv4 addresses it covers too (::ffff:0:0/96 maps all of IPv4), as
 * the proxy check matches IPv4 clients against it.
 */
export function proxyRangeProblem(entry: string): string | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const found = isIP(address);
  if (
    found === 0 ||
    address.includes('%') ||
    rest.length > 0 ||
    (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))
  )
    return 'not an IP address or CIDR range';
  const version = found === 4 ? 4 : 6;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix < 1 || prefix > bits) return `the prefix must be 1 to ${bits}`;
  let range: Range = { version, value: ipValue(address, version), prefix };
  if (version === 6) {
    if (prefix < 96 && contains(range, MAPPED_IPV4)) return tooWide('covers every IPv4 address');
    if (prefix >= 96 && contains(MAPPED_IPV4, range))
      range = { version: 4, value: range.value & 0xffffffffn, prefix: prefix - 96 };
  }
  const isPrivate = PRIVATE_RANGES.some(([network, networkPrefix]) => {
    const networkVersion = isIP(network) === 4 ? 4 : 6;
    return (
      networkVersion === range.version &&
      contains({ version: networkVersion, value: ipValue(network, networkVersion), prefix: networkPrefix }, range)
    );
  });
  const widest = WIDEST_PUBLIC_PROXY_RANGE[range.version];
  if (!isPrivate && range.prefix < widest)
    return tooWide(`reaches public addresses wider than /${widest} (IPv${range.version})`);
  return null;
}

interface Range {
  version: 4 | 6;
  value: bigint;
  prefix: number;
}

/** ::ffff:0:0/96: IPv4 addresses written as IPv6 ones. */
const MAPPED_IPV4: Range = { version: 6, value: 0xffffn << 32n, prefix: 96 };

function tooWide(what: string): string {
  return `${what}: trusting it would let clients there write any address in X-Forwarded-For. List your proxies' own addresses, or the ranges their provider publishes`;
}

/** Whether `outer` holds every address of `inner` (same IP version). */
function contains(outer: Range, inner: Range): boolean {
  if (inner.prefix < outer.prefix) return false;
  const shift = BigInt((outer.version === 4 ? 32 : 128) - outer.prefix);
  return outer.value >> shift === inner.value >> shift;
}

/** An address as a number (`version` from isIP). */
function ipValue(address: string, version: 4 | 6): bigint {
  if (version === 4) return address.split('.').reduce((value, part) => (value << 8n) | BigInt(part), 0n);
  // An IPv6 address may end in an IPv4 one (::ffff:10.0.0.1): two groups of 16 bits.
  const dotted = address.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  let text = address;
  if (dotted?.[1] && dotted[2]) {
    const v4 = ipValue(dotted[2], 4);
    text = `${dotted[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
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
  const value = ipValue(plain, 6);
  if (contains(MAPPED_IPV4, { version: 6, value, prefix: 128 }))
    return [24n, 16n, 8n, 0n].map((shift) => ((value >> shift) & 0xffn).toString()).join('.');
  const groups = [112n, 96n, 80n, 64n].map((shift) => ((value >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}
