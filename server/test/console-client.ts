import * as client from 'openid-client';
import { Browser } from './browser.ts';

export const API_AUDIENCE = 'https://api.telemetry.local';

/** The console's OpenID client, found by discovery at {auth_url} as a standard library does. */
export function consoleClient(cloudUrl: string): Promise<client.Configuration> {
  return client.discovery(new URL(`${cloudUrl}/auth`), 'console', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

/**
 * Starts a sign-in as the console does (oidc-client-ts sends the same parameters) and follows
 * the redirects to the page that answers: the login page, or the console with an error.
 */
export async function startSignIn(
  config: client.Configuration,
  redirectUri: string,
  extra: Record<string, string> = {},
  browser = new Browser(),
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    audience: API_AUDIENCE,
    ...extra,
  });
  const login = await browser.follow(url);
  return { browser, login, verifier, state, html: await login.response.text() };
}
