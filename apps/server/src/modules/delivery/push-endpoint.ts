import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { Resolve } from '../../lib/networks.js';

/**
 * Where the server may post a push: a push service on a public address. Loopback, private (RFC 1918, ULA), link-local,
 * carrier-grade NAT, multicast, reserved and documentation ranges, and IPv6 forms that carry an IPv4 address (6to4,
 * Teredo, NAT64) are refused, so a subscription cannot make the server post into its own network.
 */
export function publicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return false;
  // an IPv4-mapped IPv6 address counts as its IPv4 address
  return ipaddr.process(bare).range() === 'unicast';
}

/** An endpoint's host:port as VIGIL_PUSH_ALLOW_HOSTS names it (lower case, IPv6 in brackets, 443 by default). */
export function endpointHostPort(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || '443'}`;
}

/** The host of an endpoint, for logs, replies and the audit trail (the endpoint's path is a credential). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).hostname.toLowerCase();
  } catch {
    return 'an unreadable endpoint';
  }
}

/**
 * Why the server must not post to this endpoint, or null when it may: https, no user or password, and a public address
 * (a name must resolve, to public addresses only), unless its host:port is in `allowHosts`. Nothing is connected to.
 */
export async function endpointRefusal(endpoint: string, allowHosts: readonly string[], resolve: Resolve): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'a user or password in the URL';
  if (allowHosts.includes(endpointHostPort(url))) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return publicAddress(host) ? null : 'not a public address';
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'a name that does not resolve';
  }
  if (addresses.length === 0) return 'a name that does not resolve';
  return addresses.every(publicAddress) ? null : 'a name of a non-public address';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the push agent: the system's, refusing a name any of whose addresses is not public. It runs at every
 * connection, so a name that moved to a private address since it was subscribed is refused when the push is sent.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !publicAddress(a.address));
    if (addresses.length === 0 || refused) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} is not on a public address`);
      error.code = 'EPUSHNOTPUBLIC';
      return callback(error, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
