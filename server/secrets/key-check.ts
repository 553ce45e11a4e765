import type { Store } from '../store/store.ts';
import { Sealer } from './sealer.ts';

/** The shared secret every instance of one database must be able to unseal (PostgreSQL). */
const KEY_CHECK_NAME = 'secrets-key-check';
const KEY_CHECK_TEXT = 'the secrets key of this cloud';

/** This instance's keys cannot unseal what the database holds: it must not start. */
export class SecretsKeyMismatchError extends Error {}

function refusal(sealer: Sealer, what: string, error: unknown): SecretsKeyMismatchError {
  const why = error instanceof Error ? error.message : String(error);
  return new SecretsKeyMismatchError(
    `${sealer.source} cannot unseal the ${what} already in the database (${why}). ` +
      'Start this instance with the key that sealed them: every instance of one database needs ' +
      'the same SECRETS_KEY (to change it, put the new key first and keep the old one after it, ' +
      'comma-separated).',
  );
}

/**
 * At start, before the instance serves anything (docs/decisions/0028-secrets-key-check.md): an
 * instance whose keys cannot unseal the database's secrets would start and then fail every push
 * and sign-in it handles. On PostgreSQL a sealed check value kept in the database (the first
 * instance seals it) tells at once whether this instance has the same key as the others, even
 * before any secret is stored; on both stores every stored push secret is tried.
 */
export async function checkSecretsKey(store: Store, sealer: Sealer): Promise<void> {
  if (store.sharedSecrets) {
    const sealed = await store.sharedSecrets.loadOrCreate(KEY_CHECK_NAME, () =>
      sealer.seal(KEY_CHECK_TEXT),
    );
    try {
      if (sealer.unseal(sealed) !== KEY_CHECK_TEXT) throw new Error('it unsealed to another text');
    } catch (error) {
      throw refusal(sealer, 'secrets', error);
    }
    // A key rotated in: the check is sealed under the new one (the old can then be dropped).
    if (sealer.isStale(sealed)) {
      await store.sharedSecrets.write(KEY_CHECK_NAME, sealer.seal(KEY_CHECK_TEXT));
    }
  }
  for (const channelId of await store.pushTargets.configuredChannelIds()) {
    const target = await store.pushTargets.find(channelId);
    if (!target || !Sealer.isSealed(target.secret)) continue;
    try {
      sealer.unseal(target.secret);
    } catch (error) {
      throw refusal(sealer, 'push secrets', error);
    }
  }
}
