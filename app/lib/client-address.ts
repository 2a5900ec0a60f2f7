import { isIP } from 'node:net';

/**
 * The address a rate limit counts a client under. An IPv4 address is itself (also when
 * written IPv4-mapped, `::ffff:203.0.113.9`); an IPv6 address counts by its /64, the
 * network one subscriber is given, so one machine cannot step through its 2^64 addresses
 * to escape a limit.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups; only the first four groups matter here.
  const missing = 8 - left.length - right.length - right.filter((group) => group.includes('.')).length;
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, missing)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
