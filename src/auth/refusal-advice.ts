import type { OidcSettings } from '../config/config.ts';
import { t } from '../i18n/i18n.ts';

/**
 * What the operator must configure when the cloud refuses the tokens a sign-in just produced,
 * beside the cloud's own words. Aimed at the likeliest causes the cloud names.
 */
export function refusalAdvice(reason: string, settings: OidcSettings | null): string {
  const client = settings ? ` ${settings.clientId}` : '';
  if (/audience/i.test(reason)) {
    const [asked, value] = settings?.resource
      ? ['resource', settings.resource]
      : settings?.audience
        ? ['audience', settings.audience]
        : ['none', ''];
    return t('auth.refusal.audience', { asked, value, client });
  }
  if (/opaque/i.test(reason)) return t('auth.refusal.opaque', { client });
  if (/issued to the client|names no client/i.test(reason)) {
    return t('auth.refusal.clientIds', { client });
  }
  if (/ID token|not an access token|not recognisably/i.test(reason)) {
    return t('auth.refusal.jwt', { client });
  }
  if (
    /identity provider this cloud does not trust|signature|key this cloud does not know/i.test(
      reason,
    )
  ) {
    return t('auth.refusal.issuer');
  }
  return t('auth.refusal.other');
}
