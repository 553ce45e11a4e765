/** Signing in and the way back from the organisation's sign-in page. */
export const signin = {
  'signIn.failed': 'Sign-in failed',
  'signIn.userName': 'User name',
  'signIn.enterUserName': 'Enter your user name.',
  'signIn.password': 'Password',
  'signIn.enterPassword': 'Enter your password.',
  'signIn.providerBack.title': 'The sign-in service answers again',
  'signIn.providerBack': 'Sign in when you are ready.',
  'signIn.submit': 'Sign in',
  'signIn.passwordKept': 'Your password is kept in this tab’s memory only, never stored.',
  'signIn.didNotStart': 'Sign-in did not start',
  'signIn.organisation': 'You sign in on your organisation’s sign-in page and come back here.',
  'signIn.signedOutExceptions': 'Signed out of the console, with exceptions',
  'signIn.refused.title': 'The cloud refuses the tokens of this sign-in',
  'signIn.refused.answer': 'The cloud answered: “{reason}”',
  'signIn.refused.again': 'Signing in again gives the same tokens until that is changed.',
  'signIn.intro': 'Sign in to see and manage your fleet.',
  'signIn.expired.title': 'Your session has ended',
  'signIn.expired.again': 'Sign in again to carry on.',
  'signIn.expired.againDraft': 'Sign in again to carry on; what you were typing is kept.',
  'callback.signingIn': 'Signing in',
  'callback.signingYouIn': 'Signing you in…',
  'callback.incomplete': 'Sign-in did not complete',
  'callback.tryAgain': 'Try again',
  'auth.wrongPassword': 'Wrong user name or password.',
  'auth.cancelled': 'Signing in was cancelled. Sign in again when you are ready.',
  'auth.usedCallback':
    'This sign-in was already completed or has expired. Start again from the console.',
  'auth.cloudRefused': 'The cloud refused the sign-in.',
  'auth.provider.down.title': 'The sign-in service cannot be reached',
  'auth.provider.down':
    'The sign-in service at {at} does not answer: it is down, this device has no network, or config.json’s authority names the wrong address. Try again in a moment.',
  'auth.provider.policy.title': 'The browser refused the sign-in service',
  'auth.provider.policy':
    'This console’s Content-Security-Policy does not let it connect to {at}. Whoever serves the console must add {at} to connect-src.',
  'auth.provider.cors.title': 'The sign-in service cannot be reached',
  'auth.provider.cors':
    'The sign-in service at {at} gave no answer this console may read. Most likely it is down or starting, and a proxy in front of it answers with an error page (such pages carry no CORS headers, so the browser hides them): try again in a moment. If it lasts while the service is up, the service does not let this console ({origin}) read its answers (CORS): its operator must allow this origin for the client {clientId}: redirect URI {origin}/callback, and {origin} where it lists allowed (CORS) origins.',
  'auth.provider.http.title': 'The sign-in service answered with an error',
  'auth.provider.http':
    'The sign-in service at {at} answered HTTP {status}. {gateway, select, yes {That comes from a proxy or gateway in front of it that cannot reach it, or from the service while it starts or is overloaded} other {The service failed}}: try again in a moment. If it lasts, whoever runs the sign-in service must look at it.',
  'auth.provider.notOpenid.title': 'The sign-in service’s answer is not an OpenID configuration',
  'auth.provider.notOpenid':
    '{discovery} answered with something else (a web page?): config.json’s authority is not an OpenID provider’s issuer, or a proxy in front of it answered with its own page.',
  'auth.provider.refused.title': 'The sign-in service refused',
  'auth.provider.refused': 'The sign-in service at {at} refused: “{message}”. {advice}',
  'auth.advice.nonce':
    'The console sends a nonce with every sign-in; the service did not accept it.',
  'auth.advice.pkce': 'The client {clientId} must accept PKCE with S256 at the sign-in service.',
  'auth.advice.client':
    'The client {clientId} must be a public client (no secret) allowed the authorization code flow: config.json’s clientId names it.',
  'auth.advice.scope':
    'The scopes the console asks for (config.json’s scope) must be allowed for the client.',
  'auth.advice.target':
    'The service does not know the resource the console asks for (AUTH_EXTERNAL_RESOURCE).',
  'auth.advice.log': 'Whoever runs the sign-in service can tell why from its log.',
  'auth.refusal.audience':
    '{asked, select, resource {The console asks the sign-in service for the resource {value}; a service that ignores that parameter} audience {The console asks the sign-in service for the audience {value}; a service that ignores that parameter} other {The sign-in service}} must be configured to add the API’s audience to the access tokens of the client{client} (LemonLDAP::NG: additional audiences; Keycloak: an audience mapper; Auth0: an API with that identifier).{asked, select, resource {} other { A service that follows RFC 8707 gives its tokens the audience of the resource the console asks for: set the cloud’s AUTH_EXTERNAL_RESOURCE to the API’s audience.}} Or the cloud’s AUTH_AUDIENCE must name the audience those tokens carry.',
  'auth.refusal.opaque':
    'The sign-in service issues opaque access tokens to the client{client}. It must issue JWT access tokens for the API (Auth0: an API with the identifier of AUTH_AUDIENCE; LemonLDAP::NG: "JWT access tokens"), or the cloud must introspect them: AUTH_EXTERNAL_INTROSPECTION_URL with a confidential client’s ID and secret.',
  'auth.refusal.clientIds':
    'The console signs in as the client{client}; the cloud’s AUTH_EXTERNAL_CLIENT_IDS must list it (by default it lists AUTH_EXTERNAL_CLIENT_ID only), and the sign-in service must write it into the access tokens’ azp or client_id.',
  'auth.refusal.jwt':
    'The sign-in service must issue access tokens in JWT form for the client{client} (LemonLDAP::NG: "JWT access tokens"; Keycloak and Auth0 do by default).',
  'auth.refusal.issuer':
    'The console signs in with another identity provider than the one the cloud trusts: config.json’s authority and the cloud’s AUTH_EXTERNAL_ISSUER must name the same one.',
  'auth.refusal.other':
    'Whoever runs the console and the cloud must fix this; signing in again will not help.',
  'auth.signOut.notRevocable':
    'The sign-in service offers no way to revoke tokens, so the refresh token this console held was not revoked: it stays usable until it expires, unless the sign-in service ends it with your session there.',
  'auth.signOut.notRevoked':
    'The refresh token this console held could not be revoked (the sign-in service did not answer): it stays usable until it expires.',
  'auth.signOut.needsClientAuth':
    'The refresh token this console held was not revoked: the sign-in service requires client authentication to revoke, which a console in the browser cannot give. It stays usable until it expires, unless the service ends it with your session there. Whoever runs the sign-in service can allow the console’s client to revoke its own tokens.',
  'auth.signOut.refused':
    'The refresh token this console held was not revoked: the sign-in service refused to revoke it. It stays usable until it expires.',
  'auth.signOut.noSignOut':
    'The sign-in service offers no sign-out, so you are still signed in there: the next Sign in may not ask for your password. Sign out on its own page if others use this browser.',
  'auth.signOut.unreachable':
    'The sign-in service could not be reached to end your session there: the next Sign in may not ask for your password.',
  'auth.signOut.accessToken':
    'The last access token is checked by its signature alone and works until {until}; this browser has forgotten it.',
};
