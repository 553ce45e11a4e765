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
      address = ipaddr.parse(ip);
    } catch {
      return 'not an IP address';
    }
    const effective =
      address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
        ? (address as ipaddr.IPv6).toIPv4Address()
        : address;
    if (this.isAllowListed(address) || this.isAllowListed(effective)) return undefined;
    const range = effective.range();
    if (range === 'unicast') return undefined;
    return describedRanges[range] ?? 'a reserved address';
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
