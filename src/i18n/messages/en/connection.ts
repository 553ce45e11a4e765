/**
 * Why a request got no answer, where the browser lets the console tell (api/connection-failure.ts):
 * this page's policy forbade the connection, the server refused this origin (CORS), or it is out
 * of reach. `service` is `cloud` or `signIn`. Built as data, also by the history worker, and said
 * here in the page's language.
 */
export const connection = {
  'connection.policy':
    'This console’s Content-Security-Policy does not let it connect to {origin}. Whoever serves the console must add {origin} to connect-src.',
  'connection.cors':
    '{service, select, signIn {The sign-in service at {origin} cannot be reached: it gave no answer this console may read. Most likely it is down, and a proxy in front of it answers with an error page (which carries no CORS headers); try again in a moment. If it lasts while the service is up, it does not let this console ({pageOrigin}) read its answers (CORS): its operator must allow this origin for the client {clientId}: redirect URI {pageOrigin}/callback, and {pageOrigin} where it lists allowed (CORS) origins.} other {The cloud at {origin} answered, but does not let this console ({pageOrigin}) read its answers (CORS). Its operator must add this origin to the cloud’s CORS_ORIGINS.}}',
  'connection.down':
    '{service, select, signIn {The sign-in service} other {The cloud}} cannot be reached. Check your connection.',
  /** An error answer not in the interface's shape (a proxy's page, say). */
  'connection.http': 'The cloud answered HTTP {status}{statusText}.',
};
