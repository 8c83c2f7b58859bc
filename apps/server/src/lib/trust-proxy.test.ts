import { describe, expect, it } from 'vitest';
import { limitAddress } from './trust-proxy.ts';

describe('limitAddress', () => {
  it('keeps IPv4 addresses, and unwraps IPv4-mapped IPv6 ones', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:abcd',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ])
      expect(limitAddress(address)).toBe(network);
    expect(limitAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitAddress('2001:0DB8:000a:b::')).toBe('2001:db8:a:b::/64');
    expect(limitAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(limitAddress('not-an-address')).toBe('not-an-address');
  });
});
