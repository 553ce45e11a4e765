import { createLocalJWKSet } from 'jose';
import type { ZodApp } from '../http/zod-app.ts';
import type { Services } from '../services.ts';
import { OidcModels } from '../store/oidc-models.ts';
import { DEFAULT_CLOCK_TOLERANCE_S } from './auth-config.ts';
import { BearerAuthenticator } from './bearer.ts';
import { ExternalAccounts } from './external-accounts.ts';
import { ExternalProvider } from './external-idp.ts';
import { createIdentityProvider, issuerOf } from './identity-provider.ts';
import { loadOrCreateKeys, publicJwk, sharedKeys, SIGNING_ALG } from './keys.ts';
import { loginRoutes } from './login-routes.ts';
import { mountProvider } from './mount.ts';
import { registerPasswordRealm } from './password-realm.ts';
import { PasswordSignIn } from './password-sign-in.ts';
import type { FailureThrottle } from './throttle.ts';
import { TokenVerifier } from './token-verifier.ts';

export interface Identity {
  bearer: BearerAuthenticator;
  /** The outside provider, when AUTH_EXTERNAL_ISSUER names one. */
  external: ExternalProvider | null;
}

/**
 * Who issues the bearer tokens the API takes: the built-in identity provider at /auth, or, when
 * AUTH_EXTERNAL_ISSUER is set, an outside one instead (the built-in one is then not served).
 */
export async function setUpIdentity(
  app: ZodApp,
  services: Services,
  throttle: FailureThrottle,
): Promise<Identity> {
  const { config, store } = services;
  const { users } = store;
  const { external, audience, clockToleranceSeconds } = config.auth;
  if (external) {
    const tolerance = clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_S.external;
    const provider = new ExternalProvider(external, audience, tolerance, app.log);
    app.addHook('onClose', async () => provider.close());
    await provider.start();
    const accounts = new ExternalAccounts(store, external, provider.issuer, services.now, app.log);
    const bearer = new BearerAuthenticator(
      provider,
      async (claims) => {
        const user = await accounts.userOf(claims);
        return user && { user };
      },
      (claims) => accounts.rolesNote(claims),
    );
    return { bearer, external: provider };
  }

  const keys = store.sharedSecrets
    ? await sharedKeys(store.sharedSecrets, config.dataDir)
    : loadOrCreateKeys(config.dataDir);
  const models = new OidcModels(store.oidcModels, services.sealer);
  const provider = createIdentityProvider({ config, users, models, keys, log: app.log });
  const signIn = new PasswordSignIn(users, throttle);
  registerPasswordRealm(provider, signIn, config);
  await loginRoutes(app, provider, signIn, config);
  await mountProvider(app, provider, config.publicUrl);

  const verifier = new TokenVerifier({
    issuer: issuerOf(config.publicUrl),
    // The built-in provider's clients are the cloud's own: any of them may call the API.
    binding: { audiences: [audience], clientIds: null },
    keys: createLocalJWKSet({ keys: keys.signing.map(publicJwk) }),
    algorithms: [SIGNING_ALG],
    tokenTypes: ['at+jwt'],
    clockToleranceSeconds: clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_S.builtIn,
  });
  return {
    // Every request with a token needs its user and their grants: kept until the user store
    // changes (reach-cache.ts).
    bearer: new BearerAuthenticator(verifier, (claims) =>
      services.reach.userWithGrants(claims.sub, users),
    ),
    external: null,
  };
}
