import { listSetting } from './app-origins.js';

/**
 * Fastify's trustProxy from TRUST_PROXY: the addresses/CIDRs (or proxy-addr's names: loopback,
 * linklocal, uniquelocal) of the reverse proxies in front of the nodes. Only a request arriving
 * from one of them has its X-Forwarded-For / -Proto / -Host believed; with none configured (the
 * default) request.ip is the socket's peer, so a client cannot choose its own address for the
 * rate limits by sending the header.
 */
export function trustProxyOf(setting: string | undefined): string[] | false {
  const proxies = listSetting(setting);
  return proxies.length > 0 ? proxies : false;
}
