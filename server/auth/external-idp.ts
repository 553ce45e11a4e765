import { createRemoteJWKSet } from 'jose';
import { z } from 'zod';
import type { ExternalIdpConfig } from './auth-config.ts';
import { TokenVerifier } from './token-verifier.ts';

const Discovery = z.looseObject({ issuer: z.string(), jwks_uri: z.url() });

/** Signature algorithms an outside provider may use; never `none`, never a shared secret. */
const ASYMMETRIC = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/**
 * Reads the outside provider's discovery document (at start: a wrong issuer should stop the cloud
 * with a clear message, not turn every request into a 401) and verifies tokens with its JWKS,
 * fetched when first needed and again when a token names a key it has not seen.
 */
export async function externalVerifier(
  config: ExternalIdpConfig,
  audience: string,
): Promise<TokenVerifier> {
  const url = `${config.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new Error(`The identity provider's discovery document at ${url} cannot be fetched`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new Error(
      `The identity provider's discovery document at ${url} answered ${response.status}`,
    );
  }
  const parsed = Discovery.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${url} is not an OpenID discovery document`);
  const { issuer, jwks_uri } = parsed.data;
  if (issuer !== config.issuer) {
    throw new Error(`${url} names the issuer ${issuer}; set AUTH_EXTERNAL_ISSUER to exactly that`);
  }
  return new TokenVerifier({
    issuer,
    audience,
    keys: createRemoteJWKSet(new URL(jwks_uri)),
    algorithms: ASYMMETRIC,
    tokenTypes: config.tokenTypes,
    clockToleranceSeconds: 60,
  });
}
