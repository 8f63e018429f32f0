import ipaddr from 'ipaddr.js';

/**
 * The rate limit bucket of a client address: an IPv4 address alone (an IPv4-mapped IPv6 one as its
 * IPv4), an IPv6 address by its /64, since one customer is given a whole /64 and could otherwise
 * register from 2^64 addresses; anything unparsable as it is.
 * @example addressBucket('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
