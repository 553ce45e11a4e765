import { explainFailure, type FailedService } from '../api/connection-failure.ts';
import type { ApiError } from '../api/errors.ts';

/**
 * Why the sign-in service (the OpenID provider) failed the console, each named for what it is
 * (issue 21): it does not answer; the browser refused its answer (CORS) or this page's policy
 * refused the connection; it answered an HTTP error (5xx: a proxy or gateway in front of it);
 * it answered something that is not its OpenID configuration; or it refused the request itself.
 */
export type ProviderFailureKind = 'down' | 'cors' | 'policy' | 'http' | 'not-openid' | 'refused';

export class ProviderFailure extends Error {
  readonly kind: ProviderFailureKind;
  /** A heading, for the person. */
  readonly title: string;

  constructor(kind: ProviderFailureKind, title: string, message: string) {
    super(message);
    this.name = 'ProviderFailure';
    this.kind = kind;
    this.title = title;
  }
}

export interface ProviderContext {
  authority: string;
  clientId: string;
  /** This console's origin. */
  origin: string;
}

/** What oidc-client-ts says when an answer is not OK: "<statusText> (<status>)…". */
const STATUS = /\((\d{3})\)/;
const originOf = (address: string) => (URL.canParse(address) ? new URL(address).origin : address);

/** oidc-client-ts's ErrorResponse: the provider answered with an OAuth error. */
const providerError = (error: unknown): error is Error & { error?: unknown } =>
  error instanceof Error && error.name === 'ErrorResponse';

/**
 * The failure of a request to the sign-in service, named; anything else is returned as it was.
 * Only a failed fetch (TypeError) needs a probe to tell "down" from "CORS" from "policy".
 */
export async function explainProviderFailure(
  error: unknown,
  context: ProviderContext,
): Promise<unknown> {
  const { authority, clientId, origin } = context;
  const at = originOf(authority);
  if (error instanceof TypeError) {
    const service: FailedService = {
      name: 'The sign-in service',
      allowOrigin:
        `allow this origin for the client ${clientId}: redirect URI ${origin}/callback, and ` +
        `${origin} where it lists allowed (CORS) origins`,
    };
    const discovery = `${authority}/.well-known/openid-configuration`;
    return named(await explainFailure(discovery, discovery, service, origin), at);
  }
  // A person who cancels is told so by the callback page (oidc-settings.ts describeSignInError).
  if (providerError(error) && error.error !== 'access_denied') {
    return new ProviderFailure(
      'refused',
      'The sign-in service refused',
      `The sign-in service at ${at} refused: “${error.message}”. ${refusalAdvice(error, clientId)}`,
    );
  }
  if (!(error instanceof Error)) return error;
  const status = STATUS.exec(error.message)?.[1];
  if (status !== undefined && Number(status) >= 500) {
    return new ProviderFailure(
      'http',
      'The sign-in service answered with an error',
      `The sign-in service at ${at} answered HTTP ${status}. ${
        ['502', '503', '504'].includes(status)
          ? 'That comes from a proxy or gateway in front of it that cannot reach it, or from the service while it starts or is overloaded'
          : 'The service failed'
      }: try again in a moment. If it lasts, whoever runs the sign-in service must look at it.`,
    );
  }
  if (/Invalid response Content-Type/i.test(error.message) || error instanceof SyntaxError) {
    return new ProviderFailure(
      'not-openid',
      'The sign-in service’s answer is not an OpenID configuration',
      `${authority}/.well-known/openid-configuration answered with something else (a web page?): ` +
        'config.json’s authority is not an OpenID provider’s issuer, or a proxy in front of it ' +
        'answered with its own page.',
    );
  }
  return error;
}

function named(error: ApiError, at: string): ProviderFailure | ApiError {
  if (error.code === 'NETWORK') {
    return new ProviderFailure(
      'down',
      'The sign-in service cannot be reached',
      `The sign-in service at ${at} does not answer: it is down, this device has no network, or ` +
        'config.json’s authority names the wrong address. Try again in a moment.',
    );
  }
  if (error.message.startsWith('This console’s Content-Security-Policy')) {
    return new ProviderFailure('policy', 'The browser refused the sign-in service', error.message);
  }
  return new ProviderFailure(
    'cors',
    'The browser refused the sign-in service’s answer',
    // A proxy's error page carries no CORS headers either, so the browser cannot tell the two.
    `${error.message} (If it is set, a proxy in front of the service may be answering with an ` +
      'error page, which carries no CORS headers.)',
  );
}

/** What the operator of the provider must change for the errors a sign-in meets most. */
function refusalAdvice(error: { error?: unknown; message: string }, clientId: string): string {
  const code = typeof error.error === 'string' ? error.error : '';
  if (/nonce/i.test(error.message)) {
    return 'The console sends a nonce with every sign-in; the service did not accept it.';
  }
  if (/pkce|code[ _]challenge|code[ _]verifier/i.test(error.message)) {
    return `The client ${clientId} must accept PKCE with S256 at the sign-in service.`;
  }
  if (code === 'invalid_client' || code === 'unauthorized_client') {
    return (
      `The client ${clientId} must be a public client (no secret) allowed the authorization ` +
      'code flow: config.json’s clientId names it.'
    );
  }
  if (code === 'invalid_scope') {
    return 'The scopes the console asks for (config.json’s scope) must be allowed for the client.';
  }
  if (code === 'invalid_target') {
    return 'The service does not know the resource the console asks for (AUTH_EXTERNAL_RESOURCE).';
  }
  return 'Whoever runs the sign-in service can tell why from its log.';
}
