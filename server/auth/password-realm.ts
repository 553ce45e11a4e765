import type Provider from 'oidc-provider';
import { errors, type TokenEndpointGrantContext } from 'oidc-provider';
import type { CloudConfig } from '../config.ts';
import { apiResourceServer, userClaims } from './identity-provider.ts';
import type { PasswordSignIn } from './password-sign-in.ts';
import { clientAddressOf } from './client-address.ts';

export const PASSWORD_REALM_GRANT = 'http://auth0.com/oauth/grant-type/password-realm';
/** Auth0's name for its database of usernames and passwords; ours is the users table. */
export const REALM = 'Username-Password-Authentication';

const OIDC_SCOPES = new Set(['openid', 'profile', 'email']);

interface PasswordRealmParams {
  realm?: string;
  username?: string;
  password?: string;
  audience?: string;
}

function oauthError(error: string, description: string, status: number) {
  const failure = new errors.CustomOIDCProviderError(error, description);
  failure.status = status;
  failure.statusCode = status;
  return failure;
}

/**
 * Section 5.1.2: a script posts a user's name and password with Auth0's password-realm grant and
 * gets an access token for the API. Wrong passwords count towards the same per-user throttle as
 * the login page and Basic.
 */
export function registerPasswordRealm(
  provider: Provider,
  signIn: PasswordSignIn,
  config: CloudConfig,
): void {
  async function handle(ctx: TokenEndpointGrantContext<PasswordRealmParams>) {
    const { params, client } = ctx.oidc;
    const { username, password, realm } = params;
    if (!username || !password) {
      throw new errors.InvalidRequest('username and password are required');
    }
    if (realm !== REALM) throw new errors.InvalidRequest(`unknown realm; use ${REALM}`);
    const audience = params.audience || config.auth.audience;
    if (audience !== config.auth.audience) {
      throw new errors.InvalidTarget(`Unknown audience ${audience}.`);
    }
    const result = await signIn.attempt(username, password, clientAddressOf(ctx.req));
    if (result.outcome === 'throttled') {
      ctx.set('Retry-After', String(result.retryAfter));
      throw oauthError('too_many_attempts', result.message, 429);
    }
    if (result.outcome === 'wrong')
      throw oauthError('invalid_grant', 'Wrong username or password.', 400);

    const { user } = result;
    const scope = (params.scope ?? '')
      .split(' ')
      .filter((name) => OIDC_SCOPES.has(name))
      .join(' ');
    const grant = new provider.Grant({ accountId: user.sub, clientId: client.clientId });
    grant.addOIDCScope(scope);
    grant.addResourceScope(audience, '');
    const grantId = await grant.save();

    const accessToken = new provider.AccessToken({
      accountId: user.sub,
      client,
      grantId,
      gty: 'password-realm',
    });
    accessToken.resourceServer = new provider.ResourceServer(audience, apiResourceServer(config));
    ctx.oidc.entity('AccessToken', accessToken);
    const access_token = await accessToken.save();

    let id_token: string | undefined;
    if (scope.split(' ').includes('openid')) {
      const idToken = Object.assign(new provider.IdToken(userClaims(user), { ctx }), { scope });
      id_token = await idToken.issue({ use: 'idtoken' });
    }
    ctx.body = {
      access_token,
      id_token,
      scope: scope || undefined,
      expires_in: accessToken.expiration,
      token_type: 'Bearer',
    };
  }

  provider.registerGrantType(PASSWORD_REALM_GRANT, handle, [
    'realm',
    'username',
    'password',
    'scope',
    'audience',
  ]);
}
