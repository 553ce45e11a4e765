import type { PushHealth } from '../../contract/push-health.ts';
import { t } from '../i18n/i18n.ts';

/** The receiver's last answer in words: "answered 503: …" or what went wrong ("host not found"). */
export function lastAnswer(health: Pick<PushHealth, 'last'>): string {
  const last = health.last;
  if (!last) return t('pushHealth.noDelivery');
  if (last.ok) return t('pushHealth.answered', { status: last.status ?? 200 });
  if (last.status !== undefined) return t('pushHealth.answeredFailed', { status: last.status });
  return last.error ?? t('pushHealth.noAnswer');
}
