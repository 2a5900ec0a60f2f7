import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address';

describe('rateLimitAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd:12::/64'],
    ['2001:0DB8:ABCD:0012:ffff:ffff:ffff:ffff', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(rateLimitAddress(ip)).toBe(key);
  });

  it('puts two addresses of one /64 together and two /64s apart', () => {
    expect(rateLimitAddress('2001:db8:1:2::a')).toBe(rateLimitAddress('2001:db8:1:2:ffff::b'));
    expect(rateLimitAddress('2001:db8:1:2::a')).not.toBe(rateLimitAddress('2001:db8:1:3::a'));
  });

  it('leaves what is not an address as it is (a test or a missing address)', () => {
    expect(rateLimitAddress('')).toBe('');
  });
});
