import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The destination's address was refused (private range) or could not be resolved. */
export class DestinationError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

export interface ResolvedDestination {
  url: URL;
  /** The address the request must go to: checked once, then pinned (no second DNS answer). */
  address: string;
  family: 4 | 6;
}

/** Only ordinary public unicast is allowed: private, loopback, link-local, CGNAT, multicast, reserved… are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Resolves the URL's host and checks every address it names (a name that also resolves to a
 * private address is refused: a rebinding answer could pick it). Unless `allowPrivate`, anything
 * but public unicast is refused; a URL that is not http(s) always is.
 */
export async function resolveDestination(rawUrl: string, allowPrivate: boolean): Promise<ResolvedDestination> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DestinationError('invalid url', true);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DestinationError(`scheme ${url.protocol} is not allowed`, true);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new DestinationError(`host ${host} not resolved`, false);
  }
  if (!addresses.length) throw new DestinationError(`host ${host} not resolved`, false);
  if (!allowPrivate) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw new DestinationError(`destination ${blocked.address} is not a public address`, true);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A socket lookup that answers the address `resolveDestination` checked: no second DNS answer can swap it. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}
