import webpush from 'web-push';
import type { WebPushSubscription } from '../../contract/notifications.ts';
import type { AddressPolicy } from '../push/address-policy.ts';
import type { Sealer } from '../secrets/sealer.ts';
import type { Store } from '../store/store.ts';

const VAPID_SECRET = 'web-push-vapid';
const TIME_LIMIT_MS = 10_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The cloud's VAPID keys: made at first start and stored sealed (server/secrets) with the other
 * shared secrets, so every instance signs with the same keys and a copy of the database does not
 * hold the private one in the clear.
 */
export async function loadVapidKeys(
  store: Pick<Store, 'keyCheck'>,
  sealer: Pick<Sealer, 'seal' | 'unseal'>,
): Promise<VapidKeys> {
  const sealed = await store.keyCheck.loadOrCreate(VAPID_SECRET, () =>
    sealer.seal(JSON.stringify(webpush.generateVAPIDKeys())),
  );
  return JSON.parse(sealer.unseal(sealed)) as VapidKeys;
}

/** What a push service answered: ok, gone (404/410: the subscription is dead), or an error. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; error: string };

/**
 * Sends one Web Push message (RFC 8030, payload encrypted per RFC 8291 and signed with VAPID by
 * the `web-push` library); the request is ours, so a push service address is held to the same
 * rule as push deliveries (no private or loopback addresses unless allowed).
 */
export async function sendWebPush(
  subscription: WebPushSubscription,
  payload: string,
  keys: VapidKeys,
  subject: string,
  policy: Pick<AddressPolicy, 'neverDeliverable'>,
): Promise<PushOutcome> {
  const url = new URL(subscription.endpoint);
  const refused = policy.neverDeliverable(url);
  if (refused !== undefined) return { ok: false, gone: false, error: `refused: ${refused}` };
  const request = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 3600,
  });
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body ?? undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIME_LIMIT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true };
    const gone = response.status === 404 || response.status === 410;
    return { ok: false, gone, error: `the push service answered ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'no answer';
    return { ok: false, gone: false, error: `the push service could not be reached: ${reason}` };
  }
}
