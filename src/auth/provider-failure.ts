import { explainFailure } from '../api/connection-failure.ts';
import type { ApiError } from '../api/errors.ts';
import { t } from '../i18n/i18n.ts';

/**
 * Why the sign-in service (the OpenID provider) failed the console, each named for what it is
 * (issue 21): it does not answer; the browser refused its answer (CORS) or this page's policy
 * refused the connection; it answered an HTTP error (5xx: a proxy or gateway in front of it);
 * it answered something that is not its OpenID configuration; or it refused the request itself.
 */
export type ProviderFailureKind = 'down' | 'cors' | 'policy' | 'http' | 'not-openid' | 'refused';

export class ProviderFailure extends Error {
  readonly kind: ProviderFailureKind;
  /** A heading, for the person, in the page's language (the message is too). */
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
  const discovery = `${authority}/.well-known/openid-configuration`;
  if (error instanceof TypeError) {
    // The probe's own sentence is for the cloud's failures; only its verdict is used here.
    return named(await explainFailure(discovery, discovery, undefined, origin), context, at);
  }
  // A person who cancels is told so by the callback page (oidc-settings.ts describeSignInError).
  if (providerError(error) && error.error !== 'access_denied') {
    return new ProviderFailure(
      'refused',
      t('auth.provider.refused.title'),
      t('auth.provider.refused', {
        at,
        message: error.message,
        advice: refusalAdvice(error, clientId),
      }),
    );
  }
  if (!(error instanceof Error)) return error;
  const status = STATUS.exec(error.message)?.[1];
  if (status !== undefined && Number(status) >= 500) {
    return new ProviderFailure(
      'http',
      t('auth.provider.http.title'),
      t('auth.provider.http', {
        at,
        status,
        gateway: ['502', '503', '504'].includes(status) ? 'yes' : 'no',
      }),
    );
  }
  if (/Invalid response Content-Type/i.test(error.message) || error instanceof SyntaxError) {
    return new ProviderFailure(
      'not-openid',
      t('auth.provider.notOpenid.title'),
      t('auth.provider.notOpenid', { discovery }),
    );
  }
  return error;
}

function named(error: ApiError, context: ProviderContext, at: string): ProviderFailure | ApiError {
  if (error.code === 'NETWORK') {
    return new ProviderFailure(
      'down',
      t('auth.provider.down.title'),
      t('auth.provider.down', { at }),
    );
  }
  if (error.words?.id === 'connection.policy') {
    return new ProviderFailure(
      'policy',
      t('auth.provider.policy.title'),
      t('auth.provider.policy', { at }),
    );
  }
  // A proxy's error page carries no CORS headers either, so the browser cannot tell the two.
  return new ProviderFailure(
    'cors',
    t('auth.provider.cors.title'),
    t('auth.provider.cors', { at, origin: context.origin, clientId: context.clientId }),
  );
}

/** What the operator of the provider must change for the errors a sign-in meets most. */
function refusalAdvice(error: { error?: unknown; message: string }, clientId: string): string {
  const code = typeof error.error === 'string' ? error.error : '';
  if (/nonce/i.test(error.message)) return t('auth.advice.nonce');
  if (/pkce|code[ _]challenge|code[ _]verifier/i.test(error.message)) {
    return t('auth.advice.pkce', { clientId });
  }
  if (code === 'invalid_client' || code === 'unauthorized_client') {
    return t('auth.advice.client', { clientId });
  }
  if (code === 'invalid_scope') return t('auth.advice.scope');
  if (code === 'invalid_target') return t('auth.advice.target');
  return t('auth.advice.log');
}
