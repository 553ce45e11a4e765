import type { Limits } from '../../../contract/temperature-limits.ts';
import { t } from '../../i18n/i18n.ts';
import { limitsText } from '../../lib/reports/limits-text.ts';

/** "−25 °C to −20 °C, after 15 min": a limit in words, never as JSON (issue 34). */
export function limitsWords(limits: Limits): string {
  const band = limitsText(limits);
  return limits.delayMinutes === undefined
    ? band
    : t('productProps.limits.after', { limits: band, minutes: limits.delayMinutes });
}

/** Where a value comes from: "set here", "from Cold chain", "default". */
export function sourceWords(source: { here: true } | { from: readonly string[] } | 'default') {
  if (source === 'default') return t('productProps.source.default');
  if ('here' in source) return t('productProps.source.here');
  return t('productProps.source.from', { names: source.from.join(', ') });
}

/** A key's value as the other person left it, in words where the product reads it. */
export function valueWords(key: string, value: unknown): string {
  if (value === undefined) return t('productProps.conflict.removed');
  if (key === 'temperature' && typeof value === 'object' && value !== null) {
    return limitsWords(value as Limits);
  }
  if (key === 'silentAfterMinutes' && typeof value === 'number') {
    return t('productProps.minutes', { minutes: value });
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
