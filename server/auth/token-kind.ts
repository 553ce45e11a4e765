import type { JWTHeaderParameters, JWTPayload } from 'jose';

/**
 * Whether a signed JWT is an access token or an ID token, for providers that write `typ: JWT` on
 * both (LemonLDAP::NG, Keycloak, Auth0 by default). The rule, in order (docs/decisions/0014-access-tokens-never-id-tokens.md, "Access
 * tokens, never ID tokens"):
 *
 * 1. A payload `typ` claim decides where a provider writes one: Keycloak marks ID tokens "ID" and
 *    access tokens "Bearer" (Keycloak before 25 also copied `nonce` into access tokens).
 * 2. Claims that only ID tokens carry (OpenID Connect Core 2, 3.1.3.6, 3.3.2.11) mark an ID token:
 *    `nonce`, `at_hash`, `c_hash`, `s_hash`.
 * 3. A token typed `at+jwt` is an access token (RFC 9068 section 2.1). Any other `typ` must carry
 *    what access tokens carry and ID tokens never do: `scope` (RFC 9068, Auth0, Keycloak,
 *    LemonLDAP), `scp` (Entra ID) or `client_id` (RFC 9068, LemonLDAP).
 *
 * Answers why the token is not an access token, or undefined when it is one.
 */
export function notAnAccessToken(
  header: JWTHeaderParameters,
  claims: JWTPayload,
): string | undefined {
  const idToken = (mark: string) =>
    `The token is an ID token (${mark}), not an access token: send the access token the ` +
    'identity provider issued with it.';

  const declared = typeof claims.typ === 'string' ? claims.typ.toLowerCase() : undefined;
  if (declared === 'id') return idToken('its typ claim is "ID"');
  if (declared === 'bearer') return undefined;

  const mark = ['nonce', 'at_hash', 'c_hash', 's_hash'].find((claim) => claim in claims);
  if (mark) return idToken(`it carries ${mark}`);

  if (normalType(header.typ ?? '') === 'at+jwt') return undefined;
  const accessMark = ['scope', 'scp', 'client_id'].some((claim) => claim in claims);
  if (!accessMark) {
    return (
      'The token is not recognisably an access token: it is typed ' +
      `${header.typ ?? 'nothing'} and carries neither scope nor client_id (an ID token?). Send ` +
      'the access token.'
    );
  }
  return undefined;
}

/** RFC 9068 section 4: "at+jwt", with or without the "application/" prefix, in any case. */
export const normalType = (typ: string) => typ.toLowerCase().replace(/^application\//, '');
