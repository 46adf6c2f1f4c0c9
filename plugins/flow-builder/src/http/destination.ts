import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Outbound addresses of the HTTP node, confined as the external API's webhooks are
 * (plugins/external-api/src/webhooks/destination.ts; a plugin may not import another): the host is
 * resolved once, every address it names must be public unicast (unless allowPrivate), and the
 * request is pinned to the checked address (no second DNS answer can swap it).
 */
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
  address: string;
  family: 4 | 6;
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export async function resolveDestination(rawUrl: string, allowPrivate: boolean): Promise<ResolvedDestination> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DestinationError('invalid url', true);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DestinationError('not http', true);
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
