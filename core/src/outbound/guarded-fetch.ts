import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { DestinationError, isPublicAddress } from './destination.js';

/**
 * A lookup that resolves every address of the name and refuses the connection when any of them is
 * not public unicast (a rebinding answer could pick the private one); the socket then connects to
 * the address this lookup answered, so no second DNS answer is ever used.
 */
const publicOnlyLookup = ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err);
    if (!addresses.length) return callback(new DestinationError(`host ${hostname} not resolved`, false));
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new DestinationError(`destination ${blocked.address} is not a public address`, true));
    if (options?.all) return callback(null, addresses);
    const first = addresses.find((a) => !options?.family || a.family === options.family) ?? addresses[0]!;
    callback(null, first.address, first.family);
  });
}) as unknown as LookupFunction;

let agent: Agent | null = null;
/** One pool for every guarded call of the process (keep-alive sockets are to checked addresses only). */
const guardedAgent = () => (agent ??= new Agent({ connect: { lookup: publicOnlyLookup } }));

/** The destination error behind a failed fetch, if that is why it failed. */
export function destinationErrorOf(err: unknown): DestinationError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DestinationError) return e;
  }
  return null;
}

/**
 * fetch for URLs an admin or an outside answer chose (SSRF guard, as the webhooks do): unless
 * `allowPrivate`, a host that is — or resolves to — a private, loopback, link-local, CGNAT,
 * multicast or reserved address is refused with a DestinationError before any byte is sent, and
 * redirects are not followed (a 3xx is answered as is).
 */
export async function guardedFetch(url: string, init: RequestInit, allowPrivate: boolean): Promise<Response> {
  if (allowPrivate) return fetch(url, { ...init, redirect: 'manual' });
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new DestinationError(`scheme ${parsed.protocol} is not allowed`, true);
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  // A literal address never reaches the lookup: checked here.
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw new DestinationError(`destination ${host} is not a public address`, true);
  try {
    const res = await undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), redirect: 'manual', dispatcher: guardedAgent() });
    return res as unknown as Response;
  } catch (err) {
    throw destinationErrorOf(err) ?? err;
  }
}
