import { currentLocale } from '../i18n/i18n.ts';

/**
 * Every number a person reads, in the page's locale ("1,5" in Dutch, "1.5" in English) and with
 * one minus sign everywhere: U+2212 (−), which typography and the ISO 80000 notation ask for and
 * which never breaks from its digits; Intl gives a hyphen-minus in both languages. Nothing else
 * in src/ formats a number for reading (`npm run i18n:check`: scripts/i18n/number-format.test.ts).
 * ICU's `{n, number}` in messages is for counts, which are never negative.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = currentLocale();
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) {
    // Intl is slow to build: one per locale and options.
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A number by the page's locale; "−0" never (a value rounded to zero has no sign). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  if (Number.isNaN(value)) return '–';
  return numberFormat({ signDisplay: 'negative', ...options })
    .format(value)
    .replace(/-/g, '\u2212');
}

/** A temperature: "−18,5 °C" in Dutch; `digits` after the decimal sign at most (one). */
export function formatDegrees(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '–';
  return `${formatNumber(value, { maximumFractionDigits: digits })} °C`;
}

/** A value with its unit, as a chart's axis writes it: "1,5 °C", "−0,25 °C". */
export function formatMeasure(value: number, unit: string): string {
  return `${formatNumber(value, { maximumFractionDigits: 2 })}\u00a0${unit}`;
}
