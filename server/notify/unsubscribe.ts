import type { Sealer } from '../secrets/sealer.ts';

const PURPOSE = 'unsubscribe';

/**
 * The token of a one-click unsubscribe link: the person's subject sealed by the cloud (AES-GCM:
 * nobody else can make one, and it says nothing readable). It can only turn their e-mail off.
 */
export function unsubscribeToken(sealer: Pick<Sealer, 'seal'>, sub: string): string {
  return sealer.seal(JSON.stringify({ p: PURPOSE, sub }));
}

/** The subject a token names, or undefined when it is not one of ours. */
export function readUnsubscribe(sealer: Pick<Sealer, 'unseal'>, token: string): string | undefined {
  try {
    const value: unknown = JSON.parse(sealer.unseal(token));
    if (typeof value !== 'object' || value === null) return undefined;
    const { p, sub } = value as { p?: unknown; sub?: unknown };
    return p === PURPOSE && typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}
