import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.ts';

/** IPv4 networks push must never reach, whatever IPv6 form carries them. */
const privateNetworks = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '100.64.0.0/10',
  '0.0.0.0/8',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map((text) => ipaddr.IPv4.parseCIDR(text));

const v4In = ([network, bits]: [ipaddr.IPv4, number]) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => {
    const base = network.toByteArray().reduce((n, byte) => n * 256 + byte, 0);
    const n = base + offset;
    return new ipaddr.IPv4([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  });

const privateV4 = fc.oneof(...privateNetworks.map(v4In));
const word = fc.integer({ min: 0, max: 0xffff });
const hex = (n: number) => n.toString(16);
const words = (v4: ipaddr.IPv4) => {
  const [a = 0, b = 0, c = 0, d = 0] = v4.toByteArray();
  return [(a << 8) | b, (c << 8) | d];
};

/** Every way an IPv6 literal can carry `v4`, with random bits where a form has free bits. */
const embeddings = (v4: ipaddr.IPv4) => {
  const [high = 0, low = 0] = words(v4);
  const dotted = v4.toString();
  return fc.oneof(
    fc.constant(`::${dotted}`),
    fc.constant(`::${hex(high)}:${hex(low)}`),
    fc.constant(`0:0:0:0:0:0:${dotted}`),
    fc.constant(`::ffff:${dotted}`),
    fc.constant(`::ffff:${hex(high)}:${hex(low)}`),
    fc.constant(`::ffff:0:${dotted}`),
    fc.constant(`64:ff9b::${dotted}`),
    fc.constant(`64:ff9b::${hex(high)}:${hex(low)}`),
    fc
      .tuple(word, word, word, word, word)
      .map(
        ([a, b, c, d, e]) => `2002:${hex(high)}:${hex(low)}:${[a, b, c, d, e].map(hex).join(':')}`,
      ),
    fc
      .tuple(word, word)
      .map(([flags, port]) => `2001:0:${hex(high)}:${hex(low)}:${hex(flags)}:${hex(port)}::1`),
    fc
      .tuple(word, word, word, word)
      .map(
        ([s1, s2, flags, port]) =>
          `2001:0:${hex(s1)}:${hex(s2)}:${hex(flags)}:${hex(port)}:${hex(high ^ 0xffff)}:${hex(low ^ 0xffff)}`,
      ),
    fc
      .tuple(word, word, fc.constantFrom('0', '200'))
      .map(([a, b, u]) => `2001:db8:${hex(a)}:${hex(b)}:${u}:5efe:${dotted}`),
  );
};

/** The same address written differently: upper case, or every group written out. */
const spelled = (ip: string) =>
  fc.constantFrom(ip, ip.toUpperCase(), ipaddr.parse(ip).toNormalizedString());

describe('address policy over address forms', () => {
  const strict = new AddressPolicy([]);
  const demo = new AddressPolicy(['loopback']);

  it('refuses a private, loopback or reserved IPv4 address in every IPv6 embedding', () => {
    fc.assert(
      fc.property(
        privateV4.chain((v4) => embeddings(v4).chain(spelled)),
        (ip) => {
          expect(strict.refusal(ip)).toBeDefined();
          expect(strict.neverDeliverable(new URL(`http://[${ip}]/hook`))).toBeDefined();
        },
      ),
      { seed: 19, numRuns: 2_000 },
    );
  });

  it('a loopback allow-list opens ::1 and IPv4-mapped loopback, never a tunnel to it', () => {
    expect(demo.refusal('::1')).toBeUndefined();
    expect(demo.refusal('::ffff:127.0.0.1')).toBeUndefined();
    for (const ip of ['::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::1', '::ffff:0:127.0.0.1']) {
      expect(demo.refusal(ip)).toBeDefined();
    }
  });

  it('names what is inside: [::127.0.0.1] is loopback as IPv4-compatible', () => {
    expect(strict.refusal('::127.0.0.1')).toBe(
      '::127.0.0.1 is a loopback address (127.0.0.1 inside an IPv4-compatible address)',
    );
    expect(strict.refusal('2002:a00:1::1')).toContain('10.0.0.1 inside a 6to4 address');
  });

  it('public unicast stays deliverable, in IPv4 and global IPv6', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 0x2a00, max: 0x2a0f }), word, word, word),
        ([a, b, c, d]) => {
          expect(strict.refusal(`${hex(a)}:${hex(b)}:${hex(c)}::${hex(d)}`)).toBeUndefined();
        },
      ),
      { seed: 19, numRuns: 500 },
    );
    expect(strict.refusal('::ffff:8.8.8.8')).toBeUndefined();
  });
});
