import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AddressPolicy, type Resolver } from './address-policy.ts';
import { HttpSender } from './http-sender.ts';

const refused = [
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['::1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['fd00::1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['fe80::1', 'link-local'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:7f00:1', 'loopback'],
] as const;

describe('address policy', () => {
  const strict = new AddressPolicy([]);

  it.each(refused)('refuses %s as %s', (ip, kind) => {
    expect(strict.refusal(ip)).toContain(kind);
  });

  it('allows public unicast addresses, also IPv4-mapped', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(strict.refusal(ip)).toBeUndefined();
    }
  });

  it('opens exactly the allow-listed networks', () => {
    const demo = new AddressPolicy(['loopback', '10.20.0.0/16', 'fd12::7']);
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.20.3.4', 'fd12::7']) {
      expect(demo.refusal(ip)).toBeUndefined();
    }
    for (const ip of ['10.21.0.1', '192.168.0.1', '169.254.169.254', 'fd12::8']) {
      expect(demo.refusal(ip)).toBeDefined();
    }
    expect(() => new AddressPolicy(['everything'])).toThrow(/PUSH_ALLOW_NETWORKS/);
  });

  it('knows from the address alone when it can never be delivered', () => {
    const never = (url: string) => strict.neverDeliverable(new URL(url));
    expect(never('http://127.0.0.1:8080/hook')).toContain('loopback');
    expect(never('http://2130706433/')).toContain('loopback');
    expect(never('http://[::1]/')).toContain('loopback');
    expect(never('http://[::ffff:127.0.0.1]/')).toContain('loopback');
    expect(never('https://localhost/')).toContain('loopback');
    expect(never('https://api.localhost/')).toContain('loopback');
    expect(never('http://169.254.169.254/latest/meta-data')).toContain('link-local');
    expect(never('https://hooks.example.com/telemetry')).toBeUndefined();
    expect(never('https://93.184.216.34/')).toBeUndefined();
    expect(new AddressPolicy(['loopback']).neverDeliverable(new URL('http://localhost/'))).toBe(
      undefined,
    );
  });
});

describe('delivery-time checks', () => {
  it('refuses a name that resolves to a refused address, without connecting', async () => {
    let connections = 0;
    const server = createServer((_request, response) => response.end()).on(
      'connection',
      () => connections++,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // A public-looking name whose DNS answer is loopback, as a rebinding attacker would set it.
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const sender = new HttpSender(new AddressPolicy([], resolve), { timeoutMs: 2_000 });
    try {
      const outcome = await sender.send(new URL(`http://hooks.example.com:${port}/`), {}, '{}');
      expect(outcome.error).toBe(
        'refused: hooks.example.com resolves to 127.0.0.1, a loopback address',
      );
      expect(connections).toBe(0);

      const literal = await sender.send(new URL(`http://[::ffff:127.0.0.1]:${port}/`), {}, '{}');
      // The URL parser writes it as ::ffff:7f00:1.
      expect(literal.error).toBe('refused: ::ffff:7f00:1 is a loopback address');
      expect(connections).toBe(0);

      // The same name is delivered once its network is allow-listed.
      const open = new HttpSender(new AddressPolicy(['loopback'], resolve), { timeoutMs: 2_000 });
      const delivered = await open.send(new URL(`http://hooks.example.com:${port}/`), {}, '{}');
      open.close();
      expect(delivered).toMatchObject({ status: 200 });
      expect(connections).toBe(1);
    } finally {
      sender.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses when any address of a name is refused', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const sender = new HttpSender(new AddressPolicy([], resolve), { timeoutMs: 2_000 });
    const outcome = await sender.send(new URL('http://mixed.example.com/'), {}, '{}');
    sender.close();
    expect(outcome.error).toBe(
      'refused: mixed.example.com resolves to 10.0.0.7, a private address',
    );
  });
});
