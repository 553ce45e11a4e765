import type { Store } from '../store/store.ts';
import { Sealer } from './sealer.ts';

/** The check value every instance of one database must be able to unseal. */
const KEY_CHECK_NAME = 'secrets-key-check';
const KEY_CHECK_TEXT = 'the secrets key of this cloud';
/** Sign-in records tried before the check value exists (a wrong key fails every one of them). */
const SIGN_IN_RECORDS_TRIED = 50;

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

/** Unseals each sealed text (those in the clear are an older version's, sealed at start). */
function tryAll(sealer: Sealer, what: string, texts: readonly (string | undefined)[]): void {
  for (const text of texts) {
    if (text === undefined || !Sealer.isSealed(text)) continue;
    try {
      sealer.unseal(text);
    } catch (error) {
      throw refusal(sealer, what, error);
    }
  }
}

/**
 * At start, before the instance serves anything (docs/decisions/0028-secrets-key-check.md,
 * 0100-secrets-key-check-both-engines.md): an instance whose keys cannot unseal the database's
 * secrets would start and then fail every push, inbox and sign-in it handles. A sealed check
 * value kept in the database (the first start seals it) tells at once whether this key is the
 * one, even before any secret is stored, on both engines. Push and inbox secrets are tried on
 * every start; sign-in records only while there is no check value yet (a database from before
 * it), since after that one sealed under a retired key is one that has expired for the cloud.
 */
export async function checkSecretsKey(
  store: Store,
  sealer: Sealer,
  now: number = Date.now(),
): Promise<void> {
  const pushSecrets: (string | undefined)[] = [];
  for (const channelId of await store.pushTargets.configuredChannelIds()) {
    pushSecrets.push((await store.pushTargets.find(channelId))?.secret);
  }
  tryAll(sealer, 'push secrets', pushSecrets);
  tryAll(
    sealer,
    'push inbox secrets',
    (await store.pushInboxes.storedSecrets()).map((inbox) => inbox.secret),
  );
  if ((await store.keyCheck.read(KEY_CHECK_NAME)) === undefined) {
    // Checked before the check value is sealed: a wrong key must not seal it and so lock the
    // right one out at the next start.
    const records = await store.oidcModels.storedPayloads(now, SIGN_IN_RECORDS_TRIED);
    tryAll(
      sealer,
      'sign-in records',
      records.map((record) => (typeof record.sealed === 'string' ? record.sealed : undefined)),
    );
  }
  const sealed = await store.keyCheck.loadOrCreate(KEY_CHECK_NAME, () =>
    sealer.seal(KEY_CHECK_TEXT),
  );
  try {
    if (sealer.unseal(sealed) !== KEY_CHECK_TEXT) throw new Error('it unsealed to another text');
  } catch (error) {
    throw refusal(sealer, 'secrets', error);
  }
  // A key rotated in: the check is sealed under the new one (the old can then be dropped).
  if (sealer.isStale(sealed))
    await store.keyCheck.write(KEY_CHECK_NAME, sealer.seal(KEY_CHECK_TEXT));
}
