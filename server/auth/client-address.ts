import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * The address failed sign-ins are counted under. An IPv4-mapped IPv6 address is its IPv4 address;
 * an IPv6 address counts as its /64, the block one subscriber is given, so that stepping through
 * the addresses of one's own network buys no more guesses.
 */
export function throttleAddress(ip: string): string {
  let address: ReturnType<typeof ipaddr.parse>;
  try {
    address = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy from TRUST_PROXY: unset or `off` believes no X-Forwarded-For (the client
 * address is the socket's); a whole number believes that many proxies in front; otherwise a
 * comma-separated list of the proxies' addresses or networks (`loopback`, `10.0.0.0/8`, …).
 * Believing every sender is refused: anyone could then pick the address they are counted under.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'off') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address: string, hop: number) => hop < hops;
  }
  if (text === 'on' || text === 'true') {
    throw new Error(
      'TRUST_PROXY: name the proxies (addresses, networks, `loopback`) or their number, not "on": ' +
        'believing every sender lets anyone choose their address',
    );
  }
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const named = ['loopback', 'linklocal', 'uniquelocal'].includes(item);
      if (!named && !ipaddr.isValid(item) && !ipaddr.isValidCIDR(item)) {
        throw new Error(`TRUST_PROXY: "${item}" is not an address, a network or a number`);
      }
      return item;
    });
}

/**
 * The client address of a request handed to the identity provider (which reads the raw request,
 * not Fastify's): Fastify works it out once, with TRUST_PROXY, and the hand-over records it here.
 */
const handedOver = new WeakMap<IncomingMessage, string>();

export function recordClientAddress(raw: IncomingMessage, ip: string): void {
  handedOver.set(raw, ip);
}

export function clientAddressOf(raw: IncomingMessage): string {
  return handedOver.get(raw) ?? raw.socket.remoteAddress ?? 'unknown';
}
