import { t, type MessageId } from '../i18n/i18n.ts';

/**
 * What signing out could not end, kept across the provider's sign-out page (this tab only) for
 * the sign-in page to say. Nothing secret: which steps failed and when the last access token
 * expires.
 */
export interface SignOutReport {
  /**
   * revoked; not-revocable: the provider has no revocation endpoint; not-revoked: it did not
   * answer; needs-client-auth: it answered 401 / invalid_client (its revocation takes only
   * confidential clients); refused: it answered another error.
   */
  refreshToken:
    'none' | 'revoked' | 'not-revocable' | 'not-revoked' | 'needs-client-auth' | 'refused';
  /** ended; no-sign-out: the provider has no end-session endpoint; unreachable: it failed. */
  providerSession: 'ended' | 'no-sign-out' | 'unreachable';
  /** Epoch seconds; access tokens are checked by signature alone and cannot be revoked. */
  accessTokenExpiresAt: number | null;
}

const KEY = 'telemetry-console:sign-out-report';

export function saveSignOutReport(report: SignOutReport): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(report));
  } catch {
    // Storage disabled: the sign-in page cannot say more than "signed out".
  }
}

/** Why a revocation failed, from what oidc-client-ts threw. */
export function revocationFailure(error: unknown): SignOutReport['refreshToken'] {
  if (!(error instanceof Error) || error instanceof TypeError) return 'not-revoked';
  const code = (error as { error?: unknown }).error;
  if (code === 'invalid_client' || code === 'unauthorized_client') return 'needs-client-auth';
  // Not JSON: "<statusText> (401)…"; JSON without an OAuth error: "… (401): {…}".
  if (/\(401\)/.test(error.message)) return 'needs-client-auth';
  return 'refused';
}

/** Forgets the report once the sign-in page has shown it (or the next sign-in starts). */
export function clearSignOutReport(): void {
  window.sessionStorage.removeItem(KEY);
}

/** The report of the last sign-out in this tab, if it has not been cleared. */
export function readSignOutReport(): SignOutReport | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    if (text === null) return null;
    const report = JSON.parse(text) as Partial<SignOutReport>;
    if (typeof report.refreshToken !== 'string' || typeof report.providerSession !== 'string') {
      return null;
    }
    return {
      refreshToken: report.refreshToken,
      providerSession: report.providerSession,
      accessTokenExpiresAt:
        typeof report.accessTokenExpiresAt === 'number' ? report.accessTokenExpiresAt : null,
    };
  } catch {
    return null;
  }
}

const refreshTokenWords: Readonly<Record<SignOutReport['refreshToken'], MessageId | null>> = {
  none: null,
  revoked: null,
  'not-revocable': 'auth.signOut.notRevocable',
  'not-revoked': 'auth.signOut.notRevoked',
  'needs-client-auth': 'auth.signOut.needsClientAuth',
  refused: 'auth.signOut.refused',
};
const sessionWords: Readonly<Record<SignOutReport['providerSession'], MessageId | null>> = {
  ended: null,
  'no-sign-out': 'auth.signOut.noSignOut',
  unreachable: 'auth.signOut.unreachable',
};

/**
 * What a person should know after signing out, one sentence each; empty when everything ended.
 * `formatTime` renders epoch milliseconds in the person's time zone.
 */
export function describeSignOut(
  report: SignOutReport,
  formatTime: (epochMs: number) => string,
): string[] {
  const lines: string[] = [];
  const token = refreshTokenWords[report.refreshToken];
  if (token) lines.push(t(token));
  const session = sessionWords[report.providerSession];
  if (session) lines.push(t(session));
  if (lines.length > 0 && report.accessTokenExpiresAt !== null) {
    lines.push(
      t('auth.signOut.accessToken', { until: formatTime(report.accessTokenExpiresAt * 1000) }),
    );
  }
  return lines;
}
