import { t } from '../../i18n/i18n.ts';
import { formatDegrees } from './format.ts';
import type { Limits } from './limits.ts';

/** Temperature limits as the page says them: "−25 °C to −15 °C", "at most 8 °C", "no limits". */
export function limitsText(limits: Limits | undefined): string {
  if (limits?.min !== undefined && limits.max !== undefined)
    return t('limits.between', { min: formatDegrees(limits.min), max: formatDegrees(limits.max) });
  if (limits?.max !== undefined) return t('limits.atMost', { max: formatDegrees(limits.max) });
  if (limits?.min !== undefined) return t('limits.atLeast', { min: formatDegrees(limits.min) });
  return t('limits.none');
}
