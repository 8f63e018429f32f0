import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Where deliveries may go. Production: `{ allowLoopbackHttp: false }`. */
export interface UrlPolicy {
  /**
   * True only for `npm start` and tests: plain `http://` is then allowed, to a loopback address or
   * `localhost` only, and loopback addresses pass the address check. Never true on AWS.
   */
  readonly allowLoopbackHttp: boolean;
}

/** Why a URL is refused, as a problem code the API can document. */
export type UrlCheckCode = 'webhook/url-invalid' | 'webhook/url-not-https' | 'webhook/url-not-allowed';

/** The result of {@link checkWebhookUrl}: the parsed URL, or a code and a human-readable detail. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; code: UrlCheckCode; detail: string };

/** The longest endpoint URL accepted (characters of the input). */
export const MAX_URL_LENGTH = 2048;

/**
 * Checks an endpoint URL without DNS: its syntax, `https:` (or `http:` to loopback under the dev policy),
 * no user name or password, at most {@link MAX_URL_LENGTH} characters, and a host that is a literal IP
 * (in any spelling the WHATWG parser turns into one: `2130706433`, `0x7f.1`, `127.1`, `[::ffff:7f00:1]`)
 * must pass {@link isAllowedAddress}; in production `localhost` and the names under it are refused too. Other
 * names are checked, by address, when a delivery resolves them.
 *
 * @example
 * checkWebhookUrl('https://hooks.example.com/in', { allowLoopbackHttp: false }); // { ok: true, url }
 * checkWebhookUrl('https://127.1/', { allowLoopbackHttp: false }).ok; // false: url-not-allowed
 */
export function checkWebhookUrl(input: string, policy: UrlPolicy): UrlCheck {
  if (input.length > MAX_URL_LENGTH) {
    return refuse('webhook/url-invalid', `the URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('webhook/url-invalid', 'not an absolute URL');
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('webhook/url-invalid', 'a webhook URL may not carry a user name or password');
  }
  const ip = literalAddress(url);
  if (url.protocol === 'http:') {
    const loopback = ip === null ? isLocalhostName(url.hostname) : isLoopbackAddress(ip);
    if (!policy.allowLoopbackHttp || !loopback) {
      return refuse('webhook/url-not-https', 'webhook URLs must use https');
    }
  } else if (url.protocol !== 'https:') {
    return refuse('webhook/url-not-https', `webhook URLs must use https, not ${url.protocol}`);
  }
  if (ip !== null && !isAllowedAddress(ip, policy)) {
    return refuse('webhook/url-not-allowed', `${ip} is not a public address`);
  }
  // `localhost` and every name under it are loopback by definition (RFC 6761): said now, rather than
  // accepted and then refused at every delivery.
  if (ip === null && !policy.allowLoopbackHttp && isLocalhostName(url.hostname)) {
    return refuse('webhook/url-not-allowed', `${url.hostname} is this machine, not a public address`);
  }
  return { ok: true, url };
}

/**
 * Whether a delivery may connect to this address: only public unicast addresses (ipaddr.js's `unicast`
 * range, and for IPv6 only inside 2000::/3, the global unicast block), plus loopback when
 * `policy.allowLoopbackHttp`. Private, link-local (cloud metadata), unique-local, CGNAT, unspecified,
 * multicast, broadcast, reserved, documentation, benchmarking, IPv4-mapped/translated, NAT64, 6to4 and
 * Teredo addresses are refused, as is anything that is not a plain IP address.
 */
export function isAllowedAddress(ip: string, policy: UrlPolicy): boolean {
  if (isIP(ip) === 0) return false;
  const address = ipaddr.parse(ip);
  const range = address.range();
  if (range === 'loopback') return policy.allowLoopbackHttp;
  if (range !== 'unicast') return false;
  // ipaddr.js calls every unlisted IPv6 address unicast; only 2000::/3 is allocated for global unicast.
  return address.kind() === 'ipv4' || address.match(GLOBAL_UNICAST_V6);
}

/** Whether an address is loopback (127.0.0.0/8 or ::1), the only place plain http may go. */
export function isLoopbackAddress(ip: string): boolean {
  return isIP(ip) !== 0 && ipaddr.parse(ip).range() === 'loopback';
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** The URL's host as a bare IP address when it is a literal one (IPv6 without its brackets), else null. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) === 0 ? null : host;
}

// `localhost`, its fully qualified spelling, and the names under it (`api.localhost`: RFC 6761 6.3).
function isLocalhostName(hostname: string): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name === 'localhost' || name.endsWith('.localhost');
}

function refuse(code: UrlCheckCode, detail: string): UrlCheck {
  return { ok: false, code, detail };
}
