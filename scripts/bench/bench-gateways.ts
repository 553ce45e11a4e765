import type { Store } from '../../server/store/store.ts';

/**
 * Commissions `count` gateways named `<prefix>-1…` in tenant demo, owned by `ownerId`, and issues
 * each a key: what a benchmark's senders authenticate with (Basic `serial:key`).
 */
export async function benchGateways(
  tx: Store,
  { prefix, count, ownerId, now }: { prefix: string; count: number; ownerId: number; now: number },
): Promise<{ serial: string; key: string }[]> {
  const gateways: { serial: string; key: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const serial = `${prefix}-${i}`;
    const gateway = await tx.channels.create({
      type: 'GATEWAY',
      name: serial,
      tenant: 'demo',
      ownerId,
      reference: serial,
      now,
    });
    gateways.push({ serial, key: await tx.gatewayKeys.issue(gateway.id, now) });
  }
  return gateways;
}
