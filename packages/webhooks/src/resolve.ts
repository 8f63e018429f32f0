import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isAllowedAddress, isLoopbackAddress, literalAddress, type UrlPolicy } from './url-policy';

/** One address a name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to all of its addresses (injectable, so tests can play hostile DNS). */
export type LookupFn = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (getaddrinfo, so /etc/hosts too), every address, in its own order. */
export const systemLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The checked addresses a delivery may connect to, or why there are none. */
export type Resolution =
  | { ok: true; addresses: readonly ResolvedAddress[] }
  | { ok: false; reason: 'dns' | 'address-not-allowed'; detail: string };

/**
 * Every address of the URL's host, each checked: one refused address refuses the name (a name that also
 * points somewhere private is not trusted with the rest). Plain http must resolve to loopback only.
 */
export async function resolveAllowed(url: URL, policy: UrlPolicy, lookup: LookupFn): Promise<Resolution> {
  const literal = literalAddress(url);
  let addresses: readonly ResolvedAddress[];
  if (literal !== null) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(url.hostname);
    } catch (error) {
      return { ok: false, reason: 'dns', detail: `${url.hostname} did not resolve: ${describe(error)}` };
    }
    if (addresses.length === 0) return { ok: false, reason: 'dns', detail: `${url.hostname} has no address` };
  }
  const allowed = (ip: string) => (url.protocol === 'http:' ? isLoopbackAddress(ip) : isAllowedAddress(ip, policy));
  const refused = addresses.filter((a) => !allowed(a.address));
  if (refused.length > 0) {
    // Which addresses, not said: the delivery log would tell any user what a name resolves to here.
    const detail = `${url.hostname} resolves to an address deliveries may not reach (private, loopback or reserved)`;
    return { ok: false, reason: 'address-not-allowed', detail };
  }
  return { ok: true, addresses };
}

/**
 * A `lookup` for http(s).request that answers with the addresses already checked, whatever DNS says now:
 * the connection goes where the check looked (no rebinding between check and connect), while the request
 * keeps the host name for the Host header, SNI and certificate verification.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  const first = addresses[0];
  if (first === undefined) throw new RangeError('pinnedLookup: no address to pin');
  return (_hostname, options, callback) => {
    if (options.all)
      callback(
        null,
        addresses.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, first.address, first.family);
  };
}

/** An error's code and message, for a delivery log. */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === undefined ? error.message : `${code}: ${error.message}`;
  }
  return String(error);
}
