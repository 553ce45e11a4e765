import { createRemoteJWKSet } from 'jose';
import { z } from 'zod';
import { backoffDelay, type Backoff } from '../../contract/backoff.ts';
import type { ExternalIdpConfig } from './auth-config.ts';
import { Introspection } from './introspection.ts';
import type { TokenBinding } from './token-binding.ts';
import {
  KeysUnavailable,
  looksLikeJwt,
  TokenRejected,
  TokenVerifier,
  type BearerVerifier,
  type VerifiedClaims,
} from './token-verifier.ts';

const Discovery = z.looseObject({
  issuer: z.string(),
  jwks_uri: z.url(),
  token_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
  end_session_endpoint: z.url().optional(),
  userinfo_endpoint: z.url().optional(),
});
export type DiscoveryDocument = z.infer<typeof Discovery>;

/** Signature algorithms an outside provider may use; never `none`, never a shared secret. */
const ASYMMETRIC = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/**
 * An opaque access token (Google's; Auth0's without an API audience; LemonLDAP::NG's and
 * Keycloak's in some configurations) says nothing by itself: either the provider issues JWTs for
 * the API, or the cloud asks it about each token.
 */
const OPAQUE_REFUSAL =
  'The bearer token is opaque, not a JSON Web Token: the identity provider issued it for its own ' +
  'use (its userinfo endpoint), not for this API. The operator must either make the provider issue ' +
  'JWT access tokens for the API (Auth0: an API whose identifier is AUTH_AUDIENCE; Keycloak: the ' +
  'default; LemonLDAP::NG: "JWT access tokens" on the client; others: a resource indicator, ' +
  'AUTH_EXTERNAL_RESOURCE), or let the cloud ask the provider about each token: ' +
  'AUTH_EXTERNAL_INTROSPECTION_URL with a confidential client in ' +
  'AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID and AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET.';

/** The discovery document names another issuer: a configuration error, not an outage. */
class IssuerMismatch extends Error {}

/**
 * Waits between attempts to read the discovery document: about 1, 2, 4, then every 5 s, with
 * jitter, so that instances started together do not ask together (contract/backoff.ts). At most
 * 5 s: a provider started after the cloud (or back from an outage) is used within 5 s of
 * answering, not up to 30 s later (issue 34: a sign-in waited that long). One small GET per
 * instance every 5 s while the provider is down costs it nothing.
 */
const RETRY: Backoff = { firstMs: 1_000, maxMs: 5_000 };
/**
 * A bearer token arriving while the provider has not answered asks it again at once, at most
 * this often, and waits for that answer at most `ASK_NOW_WAIT_MS`: the first request after the
 * provider is back is answered, not refused until the next scheduled attempt.
 */
const ASK_NOW_EVERY_MS = 1_000;
const ASK_NOW_WAIT_MS = 3_000;

/** When the cloud asks a provider that has not answered again (tests shorten or lengthen it). */
export interface RetryTiming {
  retry: Backoff;
  askNowEveryMs: number;
}

function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/** Reads and checks the provider's discovery document once. */
async function discover(config: ExternalIdpConfig): Promise<DiscoveryDocument> {
  const url = discoveryUrl(config.issuer);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    // fetch() says "fetch failed"; what failed (refused, unknown host, timeout) is its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new Error(`its discovery document at ${url} cannot be fetched`, { cause });
  }
  if (!response.ok) {
    throw new Error(`its discovery document at ${url} answered HTTP ${response.status}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error(`${url} is not JSON`);
  }
  const parsed = Discovery.safeParse(json);
  if (!parsed.success) throw new Error(`${url} is not an OpenID discovery document`);
  if (parsed.data.issuer !== config.issuer) {
    throw new IssuerMismatch(
      `${url} names the issuer ${parsed.data.issuer}; set AUTH_EXTERNAL_ISSUER to exactly that`,
    );
  }
  return parsed.data;
}

export interface ProviderLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * An outside OpenID provider the cloud trusts instead of its own. The cloud starts whether or not
 * the provider answers: until its discovery document has been read, bearer tokens are answered
 * 503 with the reason, and discovery is retried (1, 2, 4, 5 s apart, and at once for a token) until it succeeds. Its
 * JWKS is then fetched when first needed and again for a key it has not seen.
 *
 * `start()` makes the first attempt: a discovery document that names another issuer stops the
 * cloud there (a typo should not turn every request into a 503), an unreachable provider does not.
 */
export class ExternalProvider implements BearerVerifier {
  private readonly config: ExternalIdpConfig;
  private readonly binding: TokenBinding;
  private readonly log: ProviderLog;
  private readonly introspection: Introspection | null;
  private verifier: TokenVerifier | null = null;
  private document: DiscoveryDocument | null = null;
  private problem = 'its discovery document has not been read yet';
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The attempt under way: requests that ask meanwhile wait for it instead of asking again. */
  private attempting: Promise<void> | null = null;
  private lastAttemptAt = 0;
  private readonly timing: RetryTiming;

  /** How long after `exp` a token is still taken (AUTH_CLOCK_TOLERANCE_S). */
  readonly clockToleranceSeconds: number;

  constructor(
    config: ExternalIdpConfig,
    audience: string,
    clockToleranceSeconds: number,
    log: ProviderLog,
    timing: RetryTiming = { retry: RETRY, askNowEveryMs: ASK_NOW_EVERY_MS },
  ) {
    this.config = config;
    this.timing = timing;
    // The API identifier, and the resource or audience the console asks for when they differ.
    const audiences = [audience, config.resource, config.audienceParam];
    this.binding = {
      audiences: [...new Set(audiences.filter((value) => value !== null))],
      clientIds: config.clientIds,
    };
    this.clockToleranceSeconds = clockToleranceSeconds;
    this.log = log;
    this.introspection = config.introspection
      ? new Introspection(config.introspection, config.issuer, this.binding, clockToleranceSeconds)
      : null;
  }

  get issuer(): string {
    return this.config.issuer;
  }

  /** The discovery document, once read. */
  get discovery(): DiscoveryDocument | null {
    return this.document;
  }

  async start(): Promise<void> {
    try {
      await this.attempt();
    } catch (error) {
      if (error instanceof IssuerMismatch) throw error;
    }
  }

  /** One attempt at a time: a scheduled one and those asked for by requests share it. */
  private attempt(): Promise<void> {
    this.attempting ??= this.attemptOnce().finally(() => {
      this.attempting = null;
    });
    return this.attempting;
  }

  private async attemptOnce(): Promise<void> {
    this.lastAttemptAt = Date.now();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      const document = await discover(this.config);
      if (this.closed) return;
      this.document = document;
      this.verifier = new TokenVerifier({
        issuer: document.issuer,
        binding: this.binding,
        keys: createRemoteJWKSet(new URL(document.jwks_uri)),
        algorithms: ASYMMETRIC,
        tokenTypes: this.config.tokenTypes,
        clockToleranceSeconds: this.clockToleranceSeconds,
      });
      if (this.failures > 0) {
        this.log.info(
          `identity provider ${this.config.issuer} answered: tokens are verified again`,
        );
      }
      this.failures = 0;
    } catch (error) {
      if (this.closed) return;
      this.failures++;
      this.problem = error instanceof Error ? error.message : String(error);
      const delay = backoffDelay(this.timing.retry, this.failures);
      // The log says what the network said (refused, unknown host); callers only see the problem.
      const cause =
        error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      const line = `identity provider ${this.config.issuer}: ${this.problem}${cause}; bearer tokens are answered 503 until it answers (next attempt in ${(delay / 1000).toFixed(1)} s)`;
      if (error instanceof IssuerMismatch) this.log.error(line);
      // Said once, then every tenth attempt, so that a long outage does not flood the log.
      else if (this.failures === 1 || this.failures % 10 === 0) this.log.warn(line);
      this.timer = setTimeout(() => void this.attempt().catch(() => undefined), delay);
      this.timer.unref();
      throw error;
    }
  }

  async verify(token: string): Promise<VerifiedClaims> {
    if (!looksLikeJwt(token)) {
      if (this.introspection) return this.introspection.verify(token);
      throw new TokenRejected(OPAQUE_REFUSAL);
    }
    if (this.verifier === null) await this.askNow();
    if (this.verifier === null) {
      throw new KeysUnavailable(
        `The cloud cannot verify tokens yet: the identity provider ${this.config.issuer} has not ` +
          `answered (${this.problem}). It is asked again every few seconds; try again shortly.`,
      );
    }
    return this.verifier.verify(token);
  }

  /** Asks the provider again now, unless it was asked within the last second. */
  private async askNow(): Promise<void> {
    if (this.closed) return;
    if (this.attempting === null && Date.now() - this.lastAttemptAt < this.timing.askNowEveryMs) {
      return;
    }
    let timeout: NodeJS.Timeout | undefined;
    const bounded = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, ASK_NOW_WAIT_MS);
      timeout.unref();
    });
    await Promise.race([this.attempt().catch(() => undefined), bounded]);
    clearTimeout(timeout);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
