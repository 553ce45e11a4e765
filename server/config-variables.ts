/**
 * Every environment variable the cloud reads, with its default and what it means: the schema
 * docs/configuration.md's tables are generated from (`node scripts/docs-check.ts --write`), and
 * `npm run lint` fails when the cloud reads a variable that is not here (scripts/docs/configuration.ts).
 * Defaults and meanings are written for an operator; links are relative to docs/.
 */
export interface ConfigVariable {
  name: string;
  /** Which table it is listed in: the cloud's, or sign-in and tokens. */
  group: 'cloud' | 'sign-in';
  default: string;
  meaning: string;
}

export const configVariables: readonly ConfigVariable[] = [
  { name: 'PORT', group: 'cloud', default: '`8080`', meaning: 'port to listen on' },
  { name: 'HOST', group: 'cloud', default: '`localhost`', meaning: 'address to listen on' },
  {
    name: 'DATA_DIR',
    group: 'cloud',
    default: '`./.data`',
    meaning: 'where the database lives (`:memory:` for a throw-away cloud)',
  },
  {
    name: 'DATABASE_URL',
    group: 'cloud',
    default: 'unset: SQLite in `DATA_DIR`',
    meaning:
      '`postgres://…` keeps everything in PostgreSQL 15+ instead (see [PostgreSQL](operating.md#postgresql))',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    group: 'cloud',
    default: '`10`',
    meaning: 'connections to PostgreSQL per instance',
  },
  {
    name: 'SQLITE_READ_WORKERS',
    group: 'cloud',
    default: '`0`',
    meaning:
      "SQLite only: worker threads that run the slow reads (channel listing's reach, positions, history) on read-only connections of their own, so the event loop only routes; `0` runs them on the event loop ([0106](decisions/0106-sqlite-reads-on-workers.md))",
  },
  {
    name: 'RETENTION_DAYS',
    group: 'cloud',
    default: 'unset: keep everything',
    meaning:
      'history older than this many days is removed (hourly, a piece at a time), and alarms that ended before then ([0137](decisions/0137-alarm-retention.md))',
  },
  {
    name: 'AUDIT_RETENTION_DAYS',
    group: 'cloud',
    default: 'unset: keep everything',
    meaning: 'audit entries older than this many days are removed (hourly, a piece at a time)',
  },
  {
    name: 'METRICS_TOKEN',
    group: 'cloud',
    default: 'unset: `/metrics` is open',
    meaning:
      'bearer token `GET /metrics` asks for (see [Operating the cloud](operating.md#operating-the-cloud))',
  },
  {
    name: 'DEMO_DAYS',
    group: 'cloud',
    default: '`7`',
    meaning: 'days of history the demo tenant is seeded with when the database is empty',
  },
  {
    name: 'PUBLIC_URL',
    group: 'cloud',
    default: '`http://localhost:$PORT`',
    meaning: 'the address people reach the cloud by',
  },
  {
    name: 'LOG_LEVEL',
    group: 'cloud',
    default: '`info`',
    meaning: '`debug` (adds one line per request), `info`, `warn`, `error`, `silent`',
  },
  {
    name: 'LOG_FORMAT',
    group: 'cloud',
    default: 'readable at a terminal, else `json`',
    meaning:
      '`pretty` (a banner with the address, demo users and data, then readable lines) or `json` (one object a line, for machines)',
  },
  {
    name: 'SIMULATOR',
    group: 'cloud',
    default: '`on`',
    meaning: "`off` stops the demo fleet's live data",
  },
  {
    name: 'PUSH_ALLOW_NETWORKS',
    group: 'cloud',
    default: 'none (`npm start`: `loopback`)',
    meaning:
      'networks push may reach although private: CIDRs, addresses or `loopback`, comma-separated',
  },
  {
    name: 'PUSH_INBOX',
    group: 'cloud',
    default: '`off` (`npm start`: `on`)',
    meaning: '`on` offers push inboxes (see [Push](push.md#push))',
  },
  {
    name: 'CORS_ORIGINS',
    group: 'cloud',
    default: "none: the cloud's own origin only",
    meaning:
      'exact origins (`https://console.example`, comma-separated) whose pages may call the API from a browser; see [A console on another origin](operating.md#a-console-on-another-origin)',
  },
  {
    name: 'CONSOLE_DIR',
    group: 'cloud',
    default: '`./dist`',
    meaning:
      'the built console the cloud serves at `/`; a `config.json` in it wins over the one the cloud makes',
  },
  {
    name: 'SECRETS_KEY',
    group: 'cloud',
    default: 'unset: `secrets.key` in `DATA_DIR`',
    meaning:
      "keys that seal push and inbox secrets and sign-in records at rest: base64 of 32 random bytes (`openssl rand -base64 32`), comma-separated to rotate (the first seals); every PostgreSQL instance needs the same ([0043](decisions/0043-secrets-at-rest.md)); an instance whose key cannot unseal the database's secrets refuses to start and says so ([0028](decisions/0028-secrets-key-check.md))",
  },
  {
    name: 'GEOCODER_URL',
    group: 'cloud',
    default: 'unset: no place finder',
    meaning:
      "a [Nominatim](https://nominatim.org/release-docs/latest/api/Reverse/) server that names stops the owner's named places do not: the cloud asks it (never the browser) at most once a second, keeps its answers, and offers `GET /v1/places/reverse` ([0063](decisions/0063-places-not-coordinates.md)); with several instances each asks at that rate",
  },
  {
    name: 'GEOCODER_USER_AGENT',
    group: 'cloud',
    default: '`telemetry-reference-cloud/1.0 (…)`',
    meaning:
      "how the cloud introduces itself to the geocoder, as Nominatim's usage policy asks: name your deployment and a contact",
  },
  {
    name: 'TRUST_PROXY',
    group: 'cloud',
    default: '`off`',
    meaning:
      'proxies whose `X-Forwarded-For` is believed (addresses, networks, `loopback`, or a number of hops): failed sign-ins are counted per client address ([0042](decisions/0042-throttle-the-attacker.md))',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    group: 'cloud',
    default: '`30000`',
    meaning:
      "a request's headers and body must arrive within this, or it is answered 400 and closed",
  },
  {
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    group: 'cloud',
    default: '`72000`',
    meaning: 'an idle kept-alive connection is closed after this',
  },
  {
    name: 'SHUTDOWN_DRAIN_MS',
    group: 'cloud',
    default: '`3000`',
    meaning:
      'after SIGTERM, how long an instance goes on serving with `/readyz` at 503 before it closes, so the balancer takes it out first ([0181](decisions/0181-rolling-upgrades.md))',
  },
  {
    name: 'SMTP_URL',
    group: 'cloud',
    default: 'unset: no mail is sent (each attempt says so)',
    meaning:
      'the mail server for notifications, `smtp://user:password@mail.example:587` (STARTTLS when offered) or `smtps://…:465` ([notifications.md](notifications.md))',
  },
  {
    name: 'SMTP_FROM',
    group: 'cloud',
    default: '`Telemetry Console <alarms@<PUBLIC_URL host>>`',
    meaning: 'the sender of every notification mail',
  },
  {
    name: 'STREAMS_PER_USER',
    group: 'cloud',
    default: '`20`',
    meaning:
      'live streams one user may hold open at once (per instance); the next answers 429 ([0041](decisions/0041-fair-shares.md))',
  },
  {
    name: 'HISTORY_PER_USER',
    group: 'cloud',
    default: '`4`',
    meaning:
      'history requests of one user answered at once (per instance); the next ones wait their turn',
  },
  {
    name: 'HISTORY_QUEUE_PER_USER',
    group: 'cloud',
    default: '`64`',
    meaning:
      'history requests of one user waiting for a place (per instance); the next answers 429 ([0041](decisions/0041-fair-shares.md))',
  },
  {
    name: 'ALARM_HOLD_OFF_MINUTES',
    group: 'cloud',
    default: '`10`',
    meaning:
      'readings must be back within their limits this long before a temperature alarm clears; an excursion within it continues the same alarm ([0080](decisions/0080-alarms.md))',
  },
  {
    name: 'AUTH_AUDIENCE',
    group: 'sign-in',
    default: '`https://api.telemetry.local`',
    meaning: "the API's audience: what access tokens must be issued for",
  },
  {
    name: 'AUTH_ACCESS_TOKEN_TTL',
    group: 'sign-in',
    default: '`900`',
    meaning: 'lifetime of access tokens, in seconds',
  },
  {
    name: 'AUTH_CONSOLE_REDIRECT_URIS',
    group: 'sign-in',
    default: '`$PUBLIC_URL/callback`',
    meaning: "the console client's exact redirect URIs (comma-separated)",
  },
  {
    name: 'AUTH_CONSOLE_LOGOUT_URIS',
    group: 'sign-in',
    default: '`$PUBLIC_URL/`',
    meaning: 'where the console client may be sent after sign-out',
  },
  {
    name: 'AUTH_MACHINE_SECRET',
    group: 'sign-in',
    default: 'made at first start',
    meaning: "the `machine` client's secret (else in `DATA_DIR/identity-keys.json`)",
  },
  {
    name: 'AUTH_EXTERNAL_ISSUER',
    group: 'sign-in',
    default: '—',
    meaning: 'trust this OpenID provider instead of the built-in one',
  },
  {
    name: 'AUTH_EXTERNAL_TENANT',
    group: 'sign-in',
    default: '— (required with the issuer)',
    meaning: 'tenant of the accounts made at a first sign-in',
  },
  {
    name: 'AUTH_EXTERNAL_ROLES_CLAIM',
    group: 'sign-in',
    default: '`roles`',
    meaning: "claim with the person's roles or groups (`a.b` reaches into objects)",
  },
  {
    name: 'AUTH_EXTERNAL_ROLE_MAP',
    group: 'sign-in',
    default: '—',
    meaning: '`claim value=permission set,…`; unset: values are set names',
  },
  {
    name: 'AUTH_EXTERNAL_TOKEN_TYPES',
    group: 'sign-in',
    default: '`at+jwt,JWT`',
    meaning: "accepted `typ` headers of the outside provider's access tokens",
  },
  {
    name: 'AUTH_EXTERNAL_CLIENT_ID',
    group: 'sign-in',
    default: '`console`',
    meaning: "the console's client at the outside provider (for its `/config.json`)",
  },
  {
    name: 'AUTH_EXTERNAL_SCOPE',
    group: 'sign-in',
    default: '`openid profile email`',
    meaning:
      'what the console asks the outside provider for; add `offline_access` only if it gives refresh tokens no other way',
  },
  {
    name: 'AUTH_EXTERNAL_CLIENT_IDS',
    group: 'sign-in',
    default: '`AUTH_EXTERNAL_CLIENT_ID`',
    meaning:
      "the clients whose tokens the API takes (`azp`, `client_id` or `appid`): the console's and your scripts'",
  },
  {
    name: 'AUTH_EXTERNAL_RESOURCE',
    group: 'sign-in',
    default: '—',
    meaning:
      'RFC 8707 resource indicator the console sends (`resource`); also accepted in `aud`; the default audience',
  },
  {
    name: 'AUTH_EXTERNAL_AUDIENCE_PARAM',
    group: 'sign-in',
    default: '`AUTH_AUDIENCE` unless a resource is set',
    meaning: 'the `audience` parameter the console sends (Auth0); `off`: none',
  },
  {
    name: 'AUTH_EXTERNAL_INTROSPECTION_URL',
    group: 'sign-in',
    default: '—',
    meaning: "RFC 7662 endpoint for opaque access tokens (or Google's `…/tokeninfo`)",
  },
  {
    name: 'AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID',
    group: 'sign-in',
    default: '—',
    meaning: 'the confidential client the cloud introspects with',
  },
  {
    name: 'AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET',
    group: 'sign-in',
    default: '—',
    meaning: 'the secret of that client',
  },
  {
    name: 'AUTH_CLOCK_TOLERANCE_S',
    group: 'sign-in',
    default: '`30` (outside), `5` (built-in)',
    meaning:
      'how many seconds past `exp` a token (and a live stream opened with it) is still taken',
  },
];
