import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Where cameras may be by default: loopback, the private ranges (RFC 1918, ULA) and link-local. */
export const DEFAULT_CAMERA_NETWORKS = '127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,169.254.0.0/16,fc00::/7,fe80::/10';

/** Parses a comma-separated CIDR list (VIGIL_CAMERA_NETWORKS); throws on a bad entry so a typo stops start-up. */
export function parseNetworks(spec: string): Network[] {
  return spec
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((cidr) => {
      try {
        return ipaddr.parseCIDR(cidr) as Network;
      } catch {
        throw new Error(`VIGIL_CAMERA_NETWORKS: "${cidr}" is not a network in CIDR form (e.g. 10.0.0.0/8)`);
      }
    });
}

/** Whether an IP address lies in one of the networks (IPv4-mapped IPv6 counts as its IPv4 address). */
export function addressAllowed(address: string, networks: Network[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return networks.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}

export type Resolve = (host: string) => Promise<string[]>;
const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Whether a camera host (an IP address or a name) is on an allowed network: a name must resolve, and every address it
 * resolves to must be allowed. Nothing is connected to; a name that does not resolve is refused like an outside one,
 * so the answer tells nothing about other hosts.
 */
export async function cameraHostAllowed(host: string, networks: Network[], resolve: Resolve = systemResolve): Promise<boolean> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(bare)) return addressAllowed(bare, networks);
  try {
    const addresses = await resolve(bare);
    return addresses.length > 0 && addresses.every((address) => addressAllowed(address, networks));
  } catch {
    return false;
  }
}
