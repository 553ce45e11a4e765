import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { isTokeninfo, type IntrospectionConfig } from './auth-config.ts';
import { checkAudience, checkClient, type TokenBinding } from './token-binding.ts';
import { KeysUnavailable, TokenRejected } from './token-verifier-errors.ts';
import type { VerifiedClaims } from './token-verifier.ts';
import { keepAtMost } from '../bounded-map.ts';

/** Answers kept at most; the oldest goes first, so a flood of tokens cannot grow memory. */
const INTROSPECTION_CACHE_ENTRIES = 10_000;
/** A token without `exp` in its answer is asked about again after this long. */
const NO_EXP_CACHE_S = 60;

interface Cached {
  claims: VerifiedClaims;
  /** Epoch seconds after which the provider is asked again. */
  until: number;
}

const numeric = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/**
 * Opaque access tokens, checked by asking the provider (RFC 7662 token introspection) with a
 * confidential client's credentials (client_secret_basic). An active token's answer is cached
 * until its `exp`, under the SHA-256 of the token (never the token itself), in at most
 * INTROSPECTION_CACHE_ENTRIES entries: one round trip per token, not per request.
 *
 * Google has no RFC 7662 endpoint; its tokeninfo endpoint (a URL ending in /tokeninfo) answers a
 * valid token with 200 and its claims (no `active`), an invalid one with 400, and takes no client
 * credentials: both forms are read.
 */
export class Introspection {
  private readonly config: IntrospectionConfig;
  private readonly issuer: string;
  private readonly binding: TokenBinding;
  private readonly toleranceS: number;
  private readonly now: () => number;
  private readonly capacity: number;
  private readonly cache = new Map<string, Cached>();
  /** Requests made to the provider (tests). */
  requests = 0;

  constructor(
    config: IntrospectionConfig,
    issuer: string,
    binding: TokenBinding,
    toleranceS: number,
    now: () => number = Date.now,
    capacity = INTROSPECTION_CACHE_ENTRIES,
  ) {
    this.capacity = capacity;
    this.config = config;
    this.issuer = issuer;
    this.binding = binding;
    this.toleranceS = toleranceS;
    this.now = now;
  }

  get size(): number {
    return this.cache.size;
  }

  async verify(token: string): Promise<VerifiedClaims> {
    const key = createHash('sha256').update(token).digest('base64url');
    const nowS = Math.floor(this.now() / 1000);
    const cached = this.cache.get(key);
    if (cached && cached.until + this.toleranceS >= nowS) return cached.claims;
    this.cache.delete(key);
    const claims = this.accept(await this.ask(token), nowS);
    keepAtMost(
      this.cache,
      key,
      { claims, until: claims.exp ?? nowS + NO_EXP_CACHE_S },
      this.capacity,
    );
    return claims;
  }

  private get google(): boolean {
    return isTokeninfo(this.config.url);
  }

  /** The provider's answer about the token; null: not active. */
  private async ask(token: string): Promise<Record<string, unknown> | null> {
    const { url, clientId, clientSecret } = this.config;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const body = new URLSearchParams();
    if (this.google) {
      body.set('access_token', token);
    } else {
      body.set('token', token);
      body.set('token_type_hint', 'access_token');
      // RFC 6749 section 2.3.1: each part form-encoded, then Basic.
      const basic = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    this.requests++;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new KeysUnavailable(
        'The cloud cannot check this token now: the identity provider’s introspection endpoint ' +
          'does not answer.',
      );
    }
    if (this.google && response.status === 400) return null;
    if (response.status === 401 || response.status === 403) {
      throw new KeysUnavailable(
        `The identity provider refused the cloud’s introspection client (HTTP ${response.status}): ` +
          'AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID and AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET ' +
          'must name a confidential client allowed to introspect tokens.',
      );
    }
    if (!response.ok) {
      throw new KeysUnavailable(
        `The cloud cannot check this token now: the identity provider’s introspection endpoint ` +
          `answered HTTP ${response.status}.`,
      );
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new KeysUnavailable(
        'The cloud cannot check this token now: the identity provider’s introspection endpoint ' +
          'did not answer with JSON.',
      );
    }
    const answer = json as Record<string, unknown>;
    if (!this.google && answer.active !== true) return null;
    return answer;
  }

  private accept(answer: Record<string, unknown> | null, nowS: number): VerifiedClaims {
    if (answer === null) {
      throw new TokenRejected(
        'The identity provider says this token is not active (expired, revoked or not its own).',
      );
    }
    const { active: _active, ...rest } = answer;
    const exp = numeric(rest.exp);
    const iat = numeric(rest.iat);
    const claims: JWTPayload = { ...rest, exp, iat: iat ?? nowS };
    if (exp !== undefined && exp + this.toleranceS < nowS) {
      throw new TokenRejected('The token has expired.');
    }
    if (typeof rest.iss === 'string' && rest.iss !== this.issuer) {
      throw new TokenRejected(
        'The token comes from an identity provider this cloud does not trust.',
      );
    }
    // Keycloak also introspects its ID tokens, and says so.
    if (rest.typ === 'ID' || rest.token_type === 'id_token') {
      throw new TokenRejected(
        'The token is an ID token (its introspection says so), not an access token: send the ' +
          'access token the identity provider issued with it.',
      );
    }
    if (typeof rest.sub !== 'string' || rest.sub === '') {
      throw new TokenRejected('The token stands for no user (its introspection names no sub).');
    }
    // RFC 7662 makes `aud` optional: without one, the client binding alone decides.
    if (rest.aud !== undefined) checkAudience(claims, this.binding.audiences);
    checkClient(claims, this.binding.clientIds);
    return claims as VerifiedClaims;
  }
}
