import { configureApiClient } from '../api/client.ts';
import type { ConsoleConfig } from '../config/config.ts';
import { BasicAuthenticator } from './basic.ts';
import { OidcAuthenticator } from './oidc.ts';
import type { SessionAuthenticator } from './auth-context.ts';

/**
 * Builds the session for the configured mode and hands its credentials to the API client.
 */
export async function createAuthenticator(
  config: ConsoleConfig,
  onUnauthorized: (retry: boolean) => void,
): Promise<SessionAuthenticator> {
  let authenticator: SessionAuthenticator;
  if (config.authMode === 'oidc' && config.oidc !== null) {
    authenticator = new OidcAuthenticator(config.oidc, window.location.origin);
  } else {
    authenticator = new BasicAuthenticator();
  }
  configureApiClient({
    baseUrl: config.apiBaseUrl,
    authorization: () => authenticator.authorization(),
    onUnauthorized: (error, sent) => {
      void authenticator.handleUnauthorized(sent, error).then(onUnauthorized);
    },
  });
  await authenticator.restore();
  return authenticator;
}
