import { ApiError } from '../http/errors.ts';
import type { Grant, User } from '../store/users.ts';
import { AuthFailure, type Authenticated, type Authenticator } from './authenticate.ts';
import type { RolesNote } from './external-accounts.ts';
import {
  KeysUnavailable,
  TokenRejected,
  type BearerVerifier,
  type VerifiedClaims,
} from './token-verifier.ts';

/**
 * Finds (or, for an outside identity provider, makes) the user a verified token stands for; with
 * their grants when it has them at hand (the built-in provider's tokens: kept, reach-cache.ts).
 */
export type UserOfToken = (
  claims: VerifiedClaims,
) => Promise<{ user: User; grants?: readonly Grant[] } | undefined>;
/** What an outside provider's token says of the person's roles. */
export type RolesOfToken = (claims: VerifiedClaims) => RolesNote;

const REALM = 'telemetry';

/** RFC 6750 section 3: printable ASCII without quotes or backslashes. */
const quoted = (text: string) => `"${text.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?')}"`;

/**
 * The client a token was issued to when it stands for no user: client-credentials tokens carry
 * the client as subject (oidc-provider), as `<client>@clients` (Auth0), or say so in `gty`.
 */
function clientOnlyToken(claims: VerifiedClaims): string | undefined {
  const client = [claims.client_id, claims.azp].find((value) => typeof value === 'string');
  if (claims.gty === 'client-credentials') return typeof client === 'string' ? client : 'a client';
  if (typeof client === 'string' && (claims.sub === client || claims.sub === `${client}@clients`)) {
    return client;
  }
  return undefined;
}

/** `Authorization: Bearer <JWT>` (section 5.1): every token must stand for a user of the cloud. */
export class BearerAuthenticator implements Authenticator {
  readonly scheme = 'Bearer';
  readonly challenge = `Bearer realm="${REALM}"`;
  private readonly verifier: BearerVerifier;
  private readonly userOf: UserOfToken;
  private readonly rolesOf: RolesOfToken | undefined;

  constructor(verifier: BearerVerifier, userOf: UserOfToken, rolesOf?: RolesOfToken) {
    this.verifier = verifier;
    this.userOf = userOf;
    this.rolesOf = rolesOf;
  }

  async authenticate(credentials: string): Promise<Authenticated> {
    // Opaque tokens are the verifier's to refuse or introspect (introspection.ts).
    if (!/^[\x21-\x7e]+$/.test(credentials)) this.reject('The bearer token is malformed.');
    let claims: VerifiedClaims;
    try {
      claims = await this.verifier.verify(credentials);
    } catch (error) {
      if (error instanceof TokenRejected) this.reject(error.message);
      if (error instanceof KeysUnavailable) {
        throw new ApiError('SERVICE_UNAVAILABLE', error.message, { 'retry-after': '5' });
      }
      throw error;
    }
    const client = clientOnlyToken(claims);
    if (client !== undefined) {
      this.reject(
        `The token was issued to the client ${client}, not to a user; the API takes only tokens ` +
          'that represent a user. Use a dedicated API user with only the permissions it needs.',
      );
    }
    let found: Awaited<ReturnType<UserOfToken>>;
    try {
      found = await this.userOf(claims);
    } catch (error) {
      if (error instanceof TokenRejected) this.reject(error.message);
      throw error;
    }
    if (!found) this.reject('The user of this token does not exist (any more).');
    // The token is taken until its exp plus the clock tolerance: a stream ends when it would be
    // refused, so that reconnecting with the same token cannot start it again.
    const expiresAt =
      claims.exp === undefined
        ? undefined
        : (claims.exp + this.verifier.clockToleranceSeconds) * 1000;
    return {
      user: found.user,
      ...(found.grants === undefined ? {} : { grants: found.grants }),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(this.rolesOf ? { roles: this.rolesOf(claims) } : {}),
    };
  }

  private reject(description: string): never {
    const challenge = `${this.challenge}, error="invalid_token", error_description=${quoted(description)}`;
    throw new AuthFailure(description, challenge);
  }
}
