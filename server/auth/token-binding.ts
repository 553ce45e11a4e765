import type { JWTPayload } from 'jose';
import { TokenRejected } from './token-verifier-errors.ts';

/** What an access token must be for, beyond its signature: the API, and one of our clients. */
export interface TokenBinding {
  /** The API identifiers accepted in `aud` (AUTH_AUDIENCE, and the resource or audience sent). */
  audiences: readonly string[];
  /** The clients whose tokens are taken; null: any (the built-in provider, whose clients are ours). */
  clientIds: readonly string[] | null;
}

const shown = (value: string) => value.slice(0, 100);

/**
 * The client a token was issued to: `azp` (OpenID Connect, Auth0, Keycloak, Entra ID v2),
 * `client_id` (RFC 9068, RFC 7662, LemonLDAP::NG) or `appid` (Entra ID v1 tokens).
 */
function clientOf(claims: JWTPayload): string | undefined {
  const names = [claims.azp, claims.client_id, claims.appid];
  return names.find((value): value is string => typeof value === 'string' && value !== '');
}

/**
 * Refuses a token that is not for this API or that another client of the provider holds: a
 * provider issues the same audience to every client that asks for it, so the audience alone would
 * let a token of any application of the organisation in (issue 21).
 */
export function checkBinding(claims: JWTPayload, binding: TokenBinding): void {
  checkAudience(claims, binding.audiences);
  checkClient(claims, binding.clientIds);
}

export function checkAudience(claims: JWTPayload, accepted: readonly string[]): void {
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  if (!audiences.some((aud) => accepted.includes(aud))) {
    throw new TokenRejected(wrongAudience(audiences, accepted));
  }
}

export function checkClient(claims: JWTPayload, clientIds: readonly string[] | null): void {
  if (clientIds === null) return;
  const client = clientOf(claims);
  if (client === undefined) {
    throw new TokenRejected(
      'The token names no client (neither azp nor client_id), so the cloud cannot tell which ' +
        'application it was issued to. The identity provider must write azp or client_id into ' +
        'access tokens.',
    );
  }
  if (!clientIds.includes(client)) {
    throw new TokenRejected(
      `The token was issued to the client ${shown(client)}, which this cloud does not serve ` +
        `(it takes tokens of ${clientIds.map(shown).join(', ')}). A script of your own ` +
        'needs its client added to AUTH_EXTERNAL_CLIENT_IDS.',
    );
  }
}

/**
 * Says what the operator must change: a provider that ignores the console's `audience` or
 * `resource` parameter issues tokens for the client only, and signing in again never helps.
 */
function wrongAudience(audiences: readonly string[], accepted: readonly string[]): string {
  const named = audiences.slice(0, 3).map(shown);
  const has = named.length > 0 ? ` (${named.join(', ')})` : '';
  const api = accepted[0] ?? '';
  return (
    `The token is for another audience${has}, not ${accepted.join(' or ')}. The identity ` +
    `provider must issue access tokens for ${api}, or AUTH_AUDIENCE must name the audience it ` +
    'issues them for.'
  );
}
