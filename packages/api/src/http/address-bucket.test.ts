import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket';

describe('a client address’s rate limit bucket (issue 28: an IPv6 /64 was unlimited)', () => {
  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
  });

  it('is an IPv4 address itself, mapped or not; anything else as it is', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
