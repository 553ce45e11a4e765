import type { PushTargetStore } from '../store/push-targets.ts';
import type { Store } from '../store/store.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import { Sealer } from './sealer.ts';

/** A stored secret in the clear: one written before secrets were sealed, until migrated. */
export const openSecret = (sealer: Sealer, stored: string) =>
  Sealer.isSealed(stored) ? sealer.unseal(stored) : stored;

/** The push targets as the dispatcher needs them: with their secrets unsealed, in memory only. */
export function unsealedTargets(targets: PushTargetStore, sealer: Sealer): PushTargetStore {
  return {
    configuredChannelIds: () => targets.configuredChannelIds(),
    async find(channelId) {
      const target = await targets.find(channelId);
      return target && { ...target, secret: openSecret(sealer, target.secret) };
    },
  };
}

/**
 * At start: push secrets stored in the clear (by an older version) or under a retired key are
 * sealed under the current key, through the store's own operations, so that backups hold sealed
 * secrets only. Answers how many were sealed.
 */
export async function sealStoredPushSecrets(
  store: Store,
  sealer: Sealer,
  logger: CloudLogger,
): Promise<number> {
  let sealed = 0;
  for (const channelId of await store.pushTargets.configuredChannelIds()) {
    await store.transaction(async (tx) => {
      const target = await tx.pushTargets.find(channelId);
      if (!target || (Sealer.isSealed(target.secret) && !sealer.isStale(target.secret))) return;
      const secret = sealer.seal(openSecret(sealer, target.secret));
      await tx.channels.setPush(channelId, { url: target.url, interval: target.interval, secret });
      sealed++;
    });
  }
  if (sealed > 0) logger.info(`secrets at rest: sealed ${sealed} push secrets`);
  return sealed;
}

/**
 * At start: push inbox secrets stored in the clear (by an older version) or under a retired key
 * are sealed under the current key, as push secrets are; a second start finds nothing to do.
 * Answers how many were sealed.
 */
export async function sealStoredInboxSecrets(
  store: Store,
  sealer: Sealer,
  logger: CloudLogger,
): Promise<number> {
  let sealed = 0;
  for (const { id, secret } of await store.pushInboxes.storedSecrets()) {
    if (Sealer.isSealed(secret) && !sealer.isStale(secret)) continue;
    const next = sealer.seal(openSecret(sealer, secret));
    if (await store.pushInboxes.replaceSecret(id, secret, next)) sealed++;
  }
  if (sealed > 0) logger.info(`secrets at rest: sealed ${sealed} push inbox secrets`);
  return sealed;
}
