import Provider, {
  errors,
  type Account,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { CloudConfig } from '../config.ts';
import type { User, UserStore } from '../store/users.ts';
import type { OidcModels } from '../store/oidc-models.ts';
import type { IdentityKeys } from './keys.ts';
import { SIGNING_ALG } from './keys.ts';
import { pageLanguage, wordsIn } from './page-words.ts';
import { logoutPage, messagePage, type Page } from './pages.ts';

const REFRESH_TOKEN_TTL = 24 * 3600;
const SESSION_TTL = 24 * 3600;

/** Where the provider lives under the cloud's public URL (docs/architecture.md, "One origin"). */
export const issuerOf = (publicUrl: string) => `${publicUrl}/auth`;

/** Our routes, named as Auth0 names them where scripts and libraries expect that. */
const routes = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  end_session: '/logout',
  jwks: '/.well-known/jwks.json',
};

export function userClaims(user: User) {
  return { sub: user.sub, name: user.name, preferred_username: user.username, email: user.email };
}

export function apiResourceServer(config: CloudConfig): ResourceServer {
  return {
    scope: '',
    audience: config.auth.audience,
    accessTokenTTL: config.auth.accessTokenTtl,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  };
}

/** Origins the console is sent back to, for the pages' form-action policy. */
export function consoleOrigins(config: CloudConfig): string[] {
  const urls = [...config.auth.consoleRedirectUris, ...config.auth.consoleLogoutUris];
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

function clients(config: CloudConfig, machineSecret: string): ClientMetadata[] {
  return [
    {
      client_id: 'console',
      client_name: 'Telemetry Console',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: config.auth.consoleRedirectUris,
      post_logout_redirect_uris: config.auth.consoleLogoutUris,
    },
    {
      // Scripts: Auth0's password-realm grant (section 5.1.2), as a public client like Auth0's CLI
      // applications, so scripts hold no secret besides the user's password.
      client_id: 'cli',
      client_name: 'Scripts and integrations',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['http://auth0.com/oauth/grant-type/password-realm'],
      response_types: [],
      redirect_uris: [],
    },
    {
      // Client credentials work here, and the API refuses them (section 5.1.5).
      client_id: 'machine',
      client_name: 'Machine-to-machine',
      client_secret: machineSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
  ];
}

/** The words of a page oidc-provider shows itself, in the browser's language. */
function wordsOf(ctx: KoaContextWithOIDC) {
  return wordsIn(pageLanguage(ctx.get('accept-language'), ctx.oidc?.params?.ui_locales));
}

function send(ctx: KoaContextWithOIDC, page: Page): void {
  ctx.status = page.status;
  ctx.set(page.headers);
  ctx.body = page.html;
}

/**
 * The console is first-party: what it asks for is granted without a consent screen, including
 * offline_access. The grant grows with what later requests ask, so consent never comes up.
 */
async function grantEverythingAsked(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const accountId = oidc.account?.accountId;
  if (!accountId || !oidc.client) return undefined;
  const clientId = oidc.client.clientId;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant =
    existing?.accountId === accountId ? existing : new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(indicator, server.scope);
  }
  await grant.save();
  return grant;
}

export interface IdentityProviderOptions {
  config: CloudConfig;
  users: UserStore;
  models: OidcModels;
  keys: IdentityKeys;
  log: FastifyBaseLogger;
}

export function createIdentityProvider(options: IdentityProviderOptions): Provider {
  const { config, users, models, keys, log } = options;
  const { auth, publicUrl } = config;
  const issuer = issuerOf(publicUrl);
  const home = { href: `${publicUrl}/` };

  const configuration: Configuration = {
    adapter: (name: string) => models.adapterFor(name),
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: clients(config, auth.machineSecret ?? keys.machineSecret),
    clientDefaults: {
      id_token_signed_response_alg: SIGNING_ALG,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    // Auth0 names the API with `audience`; oidc-provider with `resource`. Both work.
    extraParams: ['audience'],
    routes,
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const user = await users.findBySub(sub);
      if (!user) return undefined;
      return { accountId: user.sub, claims: () => userClaims(user) };
    },
    loadExistingGrant: grantEverythingAsked,
    interactions: { url: (_ctx, interaction) => `${issuer}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        // A client ends its own tokens only; a foreign one is left alone (RFC 7009 still says OK).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      // The API's caller profile is GET /v1/userinfo; every access token is for the API.
      userinfo: { enabled: false },
      // Tokens are verified as plain bearer tokens by the API, so no sender-constrained ones.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const confirmed = ctx.oidc.entities.IdTokenHint !== undefined;
          const cancel = { href: home.href, formTargets: consoleOrigins(config) };
          send(ctx, logoutPage(wordsOf(ctx), form, confirmed, cancel));
        },
        postLogoutSuccessSource(ctx) {
          const words = wordsOf(ctx);
          const { say } = words;
          const back = { href: home.href, text: say('signIn.back') };
          send(ctx, messagePage(words, 200, say('signOut.doneTitle'), say('signOut.done'), back));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx) => {
          const audience = ctx.oidc.params?.audience;
          return typeof audience === 'string' && audience ? audience : auth.audience;
        },
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== auth.audience) {
            throw new errors.InvalidTarget(
              `Unknown audience ${indicator}: this identity provider issues tokens for ${auth.audience}.`,
            );
          }
          return apiResourceServer(config);
        },
      },
    },
    // The console asks for offline_access, as oidc-client-ts does, but OIDC Core 11 lets
    // oidc-provider keep that scope only with prompt=consent, which a first-party console never
    // shows. So the console gets a refresh token at every sign-in, bound to the sign-in session:
    // signing out, or the session ending, ends it.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every use of a refresh token gives a new one; using an old one again revokes them all.
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: auth.accessTokenTtl,
      ClientCredentials: auth.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 1800,
      Session: SESSION_TTL,
      // A script's grant only backs the one access token it got, so it needs to live no longer.
      Grant: (_ctx, grant) => (grant.clientId === 'cli' ? auth.accessTokenTtl : 14 * 24 * 3600),
      // A rotated refresh token lives only as long as the one it replaces: a family of refresh
      // tokens ends a day after its sign-in, however often it is used.
      RefreshToken: (ctx) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
    },
    renderError(ctx, out) {
      // The protocol's own reason (error_description) stays as oidc-provider words it, in
      // English: it names parameters and clients for whoever set the client up.
      const reason = out.error_description ?? out.error;
      const words = wordsOf(ctx);
      const back = { href: home.href, text: words.say('signIn.back') };
      send(ctx, messagePage(words, ctx.status, words.say('signIn.failedTitle'), reason, back));
    },
  };

  const provider = new Provider(issuer, configuration);
  // Requests reach the provider through the cloud, which sets the forwarded host and protocol
  // from PUBLIC_URL (mount.ts); nothing the client sends is trusted for them.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  return provider;
}
