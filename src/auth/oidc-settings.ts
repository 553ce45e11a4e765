import type { UserManagerSettings } from 'oidc-client-ts';
import type { OidcSettings } from '../config/config.ts';
import { t } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';

/**
 * The scope a refresh asks for: what sign-in asked for, without `offline_access`. Providers keep
 * that scope on the grant, not on the refresh token (oidc-provider answers `invalid_scope` when a
 * refresh asks for it), and a refresh needs no new permission to refresh again.
 */
export function refreshScope(scope: string): string {
  return scope
    .split(/\s+/)
    .filter((item) => item !== '' && item !== 'offline_access')
    .join(' ');
}

/**
 * How the console drives oidc-client-ts: authorization code + PKCE, refresh tokens only (no hidden
 * iframe, no session monitor), the profile from the ID token, tokens in localStorage so every tab
 * shares one session. `stores` are passed in because the library loads on first use.
 */
export function userManagerSettings(
  settings: OidcSettings,
  origin: string,
  stores: Pick<UserManagerSettings, 'userStore' | 'stateStore'>,
): UserManagerSettings {
  return {
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${origin}${paths.callback.href()}`,
    post_logout_redirect_uri: `${origin}${paths.home.href()}`,
    response_type: 'code',
    scope: settings.scope,
    refreshTokenAllowedScope: refreshScope(settings.scope),
    // Auth0 names the API with `audience`; sent at sign-in only, where the grant is made.
    extraQueryParams: settings.audience ? { audience: settings.audience } : {},
    // RFC 8707: the library sends `resource` on the authorization, token and refresh requests.
    ...(settings.resource ? { resource: settings.resource } : {}),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    ...stores,
  };
}

/**
 * A fresh nonce for each sign-in (OpenID Connect Core 3.1.2.1). oidc-client-ts sends none unless
 * given one; given one, it keeps it with the PKCE verifier and refuses an ID token whose `nonce`
 * differs or is missing. Some providers (LemonLDAP::NG with "require nonce") refuse sign-in without.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The provider itself refused (revoked, reused or expired refresh token), as opposed to no answer. */
export function refusedByProvider(error: unknown): boolean {
  return error instanceof Error && error.name === 'ErrorResponse';
}

/** What a person reads when the provider sends them back without signing them in. */
export function describeSignInError(error: unknown): string {
  if (refusedByProvider(error) && (error as { error?: unknown }).error === 'access_denied') {
    return t('auth.cancelled');
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/no matching state/i.test(message)) {
    return t('auth.usedCallback');
  }
  return message;
}
