import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { authConfigFromEnv } from '../auth/auth-config.ts';
import type { CloudConfig } from '../config.ts';
import { createTestCloud, type TestCloud } from './harness.ts';

/** The console's client at the outside issuer, as token() writes it. */
export const SPA_CLIENT = 'spa-client';

/**
 * A stand-in for a customer's identity provider (Auth0, Keycloak, Entra ID): its own key pair
 * (RS256, as Auth0 signs), a discovery document and a JWKS on 127.0.0.1, and tokens with
 * whatever claims a test needs. Configured independently of the cloud's built-in provider.
 */
export class OutsideIssuer {
  issuer = '';
  /** What discovery answers: 200 with the document, or this status (an outage, say 503). */
  discoveryStatus = 200;
  /** Discovery requests answered so far. */
  discoveryRequests = 0;
  /** Requests to the introspection endpoints so far (RFC 7662 and Google's tokeninfo). */
  introspectionRequests = 0;
  private readonly opaqueTokens = new Map<string, Record<string, unknown>>();
  private server: Server | undefined;
  private key: CryptoKey | undefined;

  /** The confidential client allowed at /introspect. */
  static readonly introspector = { id: 'telemetry-api', secret: 'introspect-s3cret' };

  /**
   * An opaque access token whose introspection answers `answer` (RFC 7662 at /introspect; at
   * /tokeninfo, Google's form, the same without `active`). `prefix` shapes it as the provider does.
   */
  opaque(answer: Record<string, unknown>, prefix = ''): string {
    const token = `${prefix}${randomBytes(24).toString('base64url')}`;
    this.opaqueTokens.set(token, answer);
    return token;
  }

  /** Forgets an opaque token, as a provider does when it is revoked. */
  revoke(token: string): void {
    this.opaqueTokens.delete(token);
  }

  private async introspect(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.introspectionRequests++;
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const form = new URLSearchParams(body);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.url === '/tokeninfo') {
      const answer = this.opaqueTokens.get(form.get('access_token') ?? '');
      if (!answer) return json(400, { error: 'invalid_token', error_description: 'Invalid Value' });
      const { active: _active, ...claims } = answer;
      return json(200, claims);
    }
    const { id, secret } = OutsideIssuer.introspector;
    const expected = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
    const answer = this.opaqueTokens.get(form.get('token') ?? '');
    json(200, answer ? { active: true, ...answer } : { active: false });
  }

  async start(): Promise<this> {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    this.key = privateKey;
    const jwk = { ...(await exportJWK(publicKey)), kid: 'outside-1', alg: 'RS256', use: 'sig' };
    this.server = createServer((request, response) => {
      if (request.method === 'POST' && /^\/(introspect|tokeninfo)$/.test(request.url ?? '')) {
        void this.introspect(request, response);
        return;
      }
      if (request.url === '/.well-known/openid-configuration') {
        this.discoveryRequests++;
        if (this.discoveryStatus !== 200) {
          response.writeHead(this.discoveryStatus, { 'content-type': 'text/html' });
          response.end('<h1>Service Unavailable</h1>');
          return;
        }
      }
      const body =
        request.url === '/.well-known/openid-configuration'
          ? {
              issuer: this.issuer,
              jwks_uri: `${this.issuer}jwks`,
              token_endpoint: `${this.issuer}oauth/token`,
            }
          : request.url === '/jwks'
            ? { keys: [jwk] }
            : undefined;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { error: 'not_found' }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // With the trailing slash, as Auth0 writes its issuer.
    this.issuer = `http://127.0.0.1:${port}/`;
    return this;
  }

  /** An access token as Auth0 writes one: typ JWT, audience the API, roles in a custom claim. */
  async token(claims: JWTPayload, typ = 'JWT'): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return this.sign(
      {
        iss: this.issuer,
        aud: ['https://api.telemetry.local', `${this.issuer}userinfo`],
        iat: now,
        exp: now + 600,
        azp: SPA_CLIENT,
        scope: 'openid profile email',
        ...claims,
      },
      typ,
    );
  }

  /** Exactly these claims, signed with this issuer's key (RS256, as all three providers sign). */
  async sign(payload: JWTPayload, typ: string | undefined): Promise<string> {
    if (!this.key) throw new Error('start() the issuer first');
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'outside-1', ...(typ ? { typ } : {}) })
      .sign(this.key);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * A test cloud that trusts `outside` (AUTH_EXTERNAL_ISSUER) for tenant demo, with these other
 * AUTH_EXTERNAL_* settings.
 */
export function cloudTrusting(
  outside: OutsideIssuer,
  env: Record<string, string> = {},
  overrides: Partial<CloudConfig> = {},
): Promise<TestCloud> {
  const publicUrl = 'http://127.0.0.1';
  const auth = authConfigFromEnv(
    {
      AUTH_EXTERNAL_ISSUER: outside.issuer,
      AUTH_EXTERNAL_TENANT: 'demo',
      // The client token() writes into azp.
      AUTH_EXTERNAL_CLIENT_ID: SPA_CLIENT,
      ...env,
    },
    publicUrl,
  );
  return createTestCloud({ publicUrl, auth, ...overrides });
}
