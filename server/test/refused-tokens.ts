import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { generateSigningKey, writeKeys, type PrivateJwk } from '../auth/keys.ts';
import type { TestCloud } from './harness.ts';
import { bearer, PASSWORD_REALM, requestToken } from './tokens.ts';

/** A DATA_DIR whose identity keys the test knows, so that it can sign tokens as the cloud does. */
export function dataDirWithKnownKey(): { dataDir: string; key: PrivateJwk } {
  const dataDir = mkdtempSync(join(tmpdir(), 'idp-refused-'));
  const key = generateSigningKey();
  writeKeys(dataDir, {
    signing: [key],
    cookies: ['cookie-key-for-the-tests-0123456789abcdef'],
    machineSecret: 'machine-secret-for-the-tests-0123456789',
  });
  return { dataDir, key };
}

/**
 * Bearer credentials the API must refuse although each is signed with the cloud's own key and
 * differs from a genuine access token of `fleet` in one thing only: expired, issued for another
 * audience, an ID token (the cloud's own, from the password-realm grant), and the token of a user
 * that no longer exists (its sub names no one). Each must be answered exactly as no credentials.
 */
export async function refusedBearers(
  cloud: TestCloud,
  key: PrivateJwk,
): Promise<{ genuine: Record<string, string>; refused: Record<string, Record<string, string>> }> {
  const issuer = `${cloud.services.config.publicUrl}/auth`;
  const fleet = await cloud.store.users.findByUsername('fleet');
  if (!fleet) throw new Error('no fleet user');
  const mint = async (claims: JWTPayload) => {
    const now = Math.floor(Date.now() / 1000);
    const genuine = {
      iss: issuer,
      aud: PASSWORD_REALM.audience,
      sub: fleet.sub,
      iat: now,
      exp: now + 300,
      client_id: 'cli',
    };
    return new SignJWT({ ...genuine, ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
      .sign(await importJWK(key, 'ES256'));
  };
  const answer = await requestToken(cloud, {
    ...PASSWORD_REALM,
    username: 'fleet',
    password: 'demo-fleet',
  });
  const { id_token: idToken } = answer.json() as { id_token?: string };
  if (!idToken) throw new Error(`no ID token for fleet: ${answer.body}`);
  const now = Math.floor(Date.now() / 1000);
  const refused = {
    'an expired token': bearer(await mint({ iat: now - 3_600, exp: now - 1_800 })),
    'a token for another audience': bearer(await mint({ aud: 'https://other.example' })),
    'an ID token': bearer(idToken),
    'a deleted user’s token': bearer(await mint({ sub: randomUUID() })),
  };
  return { genuine: bearer(await mint({})), refused };
}
