import type { OidcSettings } from '../config/config.ts';

/**
 * What the operator must configure when the cloud refuses the tokens a sign-in just produced,
 * beside the cloud's own words. Aimed at the likeliest causes the cloud names.
 */
export function refusalAdvice(reason: string, settings: OidcSettings | null): string {
  const client = settings ? ` ${settings.clientId}` : '';
  if (/audience/i.test(reason)) {
    const parameter = settings?.resource
      ? `the resource ${settings.resource}`
      : settings?.audience
        ? `the audience ${settings.audience}`
        : undefined;
    const asked = parameter
      ? `The console asks the sign-in service for ${parameter}; a service that ignores that parameter`
      : 'The sign-in service';
    return (
      `${asked} must be configured to add the API’s audience to the access tokens of the ` +
      `client${client} (LemonLDAP::NG: additional audiences; Keycloak: an audience mapper; ` +
      'Auth0: an API with that identifier), or the cloud’s AUTH_AUDIENCE must name the audience ' +
      'those tokens carry.'
    );
  }
  if (/opaque/i.test(reason)) {
    return (
      `The sign-in service issues opaque access tokens to the client${client}. It must issue ` +
      'JWT access tokens for the API (Auth0: an API with the identifier of AUTH_AUDIENCE; ' +
      'LemonLDAP::NG: "JWT access tokens"), or the cloud must introspect them: ' +
      'AUTH_EXTERNAL_INTROSPECTION_URL with a confidential client’s ID and secret.'
    );
  }
  if (/issued to the client|names no client/i.test(reason)) {
    return (
      `The console signs in as the client${client}; the cloud’s AUTH_EXTERNAL_CLIENT_IDS must ` +
      'list it (by default it lists AUTH_EXTERNAL_CLIENT_ID only), and the sign-in service must ' +
      'write it into the access tokens’ azp or client_id.'
    );
  }
  if (/ID token|not an access token|not recognisably/i.test(reason)) {
    return (
      `The sign-in service must issue access tokens in JWT form for the client${client} ` +
      '(LemonLDAP::NG: "JWT access tokens"; Keycloak and Auth0 do by default).'
    );
  }
  if (
    /identity provider this cloud does not trust|signature|key this cloud does not know/i.test(
      reason,
    )
  ) {
    return (
      'The console signs in with another identity provider than the one the cloud trusts: ' +
      'config.json’s authority and the cloud’s AUTH_EXTERNAL_ISSUER must name the same one.'
    );
  }
  return 'Whoever runs the console and the cloud must fix this; signing in again will not help.';
}
