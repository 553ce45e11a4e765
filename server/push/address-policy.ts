import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ReturnType<typeof ipaddr.parse>;
type Network = [Address, number];

/** Resolves a host name to every address it has (dns.lookup with `all`, by default). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const describedRanges: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
};

/**
 * ipaddr.js reads `::127.0.0.1` (IPv4-compatible) as `::ffff:127.0.0.1` (IPv4-mapped); a dotted
 * tail is written as two hex groups first, so that each form keeps its own meaning.
 */
function parseAddress(ip: string): Address {
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (!dotted) return ipaddr.parse(ip);
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(dotted[2] ?? '').toByteArray();
  return ipaddr.parse(
    `${dotted[1] ?? ''}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`,
  );
}

/** The range kind of an address, for a person, unless it is public unicast. */
function refusedRange(address: Address): string | undefined {
  const range = address.range();
  if (range === 'unicast') return undefined;
  return describedRanges[range] ?? 'a reserved address';
}

/** 2000::/3: the only IPv6 space handed out for public unicast (RFC 4291, 2.4). */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const cidr = (text: string) => ipaddr.parseCIDR(text) as [ipaddr.IPv6, number];
const COMPATIBLE = cidr('::/96');
const TRANSLATED = cidr('::ffff:0:0:0/96');
const NAT64 = cidr('64:ff9b::/96');
const SIX_TO_FOUR = cidr('2002::/16');
const TEREDO = cidr('2001::/32');

const v4From = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries, with the name of the form: RFC 4291's
 * IPv4-compatible, RFC 6145's translated, RFC 6052 NAT64, RFC 3056 6to4, RFC 4380 Teredo (server,
 * and the client obfuscated by XOR), RFC 5214 ISATAP interface identifiers. Other prefixes
 * (RFC 8215's local NAT64) lie outside 2000::/3 and are refused whatever they carry.
 */
function embeddedIPv4(address: ipaddr.IPv6): [string, ipaddr.IPv4][] {
  const p = address.parts as number[];
  const word = (i: number) => p[i] ?? 0;
  const last = v4From(word(6), word(7));
  const found: [string, ipaddr.IPv4][] = [];
  if (address.match(COMPATIBLE)) found.push(['an IPv4-compatible address', last]);
  if (address.match(TRANSLATED)) found.push(['an IPv4-translated address', last]);
  if (address.match(NAT64)) found.push(['a NAT64 address', last]);
  if (address.match(SIX_TO_FOUR)) found.push(['a 6to4 address', v4From(word(1), word(2))]);
  if (address.match(TEREDO)) {
    found.push(['a Teredo address', v4From(word(2), word(3))]);
    found.push(['a Teredo address', v4From(word(6) ^ 0xffff, word(7) ^ 0xffff)]);
  }
  if ((word(4) & 0xfdff) === 0 && word(5) === 0x5efe) found.push(['an ISATAP address', last]);
  return found;
}

const shorthands: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
};

/** Thrown (through the connection's lookup) when a push address must not be connected to. */
export class RefusedAddressError extends Error {
  readonly code = 'EPUSHREFUSED';
}

/**
 * Which addresses push deliveries may connect to: public unicast only, unless a network is
 * allow-listed (PUSH_ALLOW_NETWORKS; `loopback` for the demo and tests). The check runs on the
 * addresses a connection is actually made to, through `lookup`, so a name that resolves
 * differently later (DNS rebinding) is still refused.
 */
export class AddressPolicy {
  private readonly allowed: Network[];
  private readonly resolve: Resolver;

  constructor(allowNetworks: readonly string[], resolve?: Resolver) {
    this.allowed = allowNetworks.flatMap(parseNetworks);
    this.resolve = resolve ?? ((hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' }));
  }

  /** Why `ip` is refused, for a person ("127.0.0.1 is a loopback address"); undefined if allowed. */
  refusal(ip: string): string | undefined {
    const kind = this.refusedKind(ip);
    return kind && `${ip} is ${kind}`;
  }

  /** "a loopback address" and the like when `ip` is refused. */
  private refusedKind(ip: string): string | undefined {
    let address: Address;
    try {
      address = parseAddress(ip);
    } catch {
      return 'not an IP address';
    }
    if (this.isAllowListed(address)) return undefined;
    if (address.kind() === 'ipv4') return refusedRange(address);
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const v4 = v6.toIPv4Address();
      return this.isAllowListed(v4) ? undefined : refusedRange(v4);
    }
    const own = describedRanges[v6.range()];
    if (own !== undefined) return own;
    // Every other way of carrying an IPv4 address inside an IPv6 one (IPv4-compatible, NAT64,
    // 6to4, Teredo, ISATAP, SIIT) can reach the IPv4 network through a translator or tunnel, so
    // the IPv4 address inside is judged too, and never through the allow-list.
    for (const [form, v4] of embeddedIPv4(v6)) {
      const kind = refusedRange(v4);
      if (kind !== undefined) return `${kind} (${v4.toString()} inside ${form})`;
    }
    if (!v6.match(GLOBAL_UNICAST)) return 'a reserved address';
    return refusedRange(v6);
  }

  /**
   * Why an address can never be delivered to, judged without DNS: IP literals and `localhost`
   * names in refused ranges. Names that resolve elsewhere are checked at delivery time.
   */
  neverDeliverable(url: URL): string | undefined {
    const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
    if (isIP(host) !== 0) return this.refusal(host);
    if (host === 'localhost' || host.endsWith('.localhost')) {
      const reason = this.refusal('127.0.0.1');
      return reason && `${host} is a loopback address`;
    }
    return undefined;
  }

  /** For node:net connections: resolves, then refuses the connection if any address is refused. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (found) => {
        const addresses = found.filter(
          (entry) => !options.family || entry.family === options.family,
        );
        const first = addresses[0];
        if (first === undefined) {
          callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
          );
          return;
        }
        for (const entry of addresses) {
          const kind = this.refusedKind(entry.address);
          if (kind !== undefined) {
            const message = `refused: ${hostname} resolves to ${entry.address}, ${kind}`;
            callback(new RefusedAddressError(message), '');
            return;
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  private isAllowListed(address: Address): boolean {
    return this.allowed.some(
      ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
    );
  }
}

function parseNetworks(entry: string): Network[] {
  const text = entry.trim();
  const expanded = shorthands[text] ?? [text];
  return expanded.map((network) => {
    try {
      if (network.includes('/')) return ipaddr.parseCIDR(network);
      const address = ipaddr.parse(network);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    } catch {
      throw new Error(
        `PUSH_ALLOW_NETWORKS: "${network}" is neither "loopback" nor an address or CIDR network`,
      );
    }
  });
}
