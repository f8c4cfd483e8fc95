import { isIP } from 'node:net';

/** What Fastify's `trustProxy` is given: off/on, a hop count, or the proxies' addresses and CIDRs. */
export type TrustProxy = boolean | number | string[];

/**
 * Fastify's option for it. Fastify 5 answers a bare hop count by trusting nobody (a direct client
 * could send enough hops), so a count is a function trusting the nearest `hops` peers: like `true`,
 * only for a server that nothing but the proxies can reach.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

/** proxy-addr's (Fastify's) named ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY: empty or `false` (no forwarded header is believed), `true` (every peer is a
 * proxy: only when nothing but the balancer can reach the server), a hop count, or a
 * comma-separated list of addresses, CIDRs and proxy-addr's named ranges. Null when malformed.
 */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 1000 ? hops : null;
  }
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isProxyEntry) ? entries : null;
}

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
