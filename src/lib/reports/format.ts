import { currentLocale, t } from '../../i18n/i18n.ts';

/**
 * Figures of the reports as people read them, in the page's locale ("12,5 km" in Dutch); number
 * formats are built once per locale (Intl is slow to build). A figure and its unit are joined by
 * a no-break space (NBSP), so a narrow cell or a phone's card never breaks "−18 °C" in two.
 */
const NBSP = '\u00a0';
const formats = new Map<string, Intl.NumberFormat>();
function number(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = currentLocale();
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const KM = { maximumFractionDigits: 1, minimumFractionDigits: 1 };

export function formatKm(metres: number): string {
  return `${number(KM).format(metres / 1000)}${NBSP}km`;
}

/** A count: "1,234" (English), "1.234" (Dutch). */
export function formatCount(n: number): string {
  return number({}).format(n);
}

export function formatPercent(fraction: number): string {
  if (Number.isNaN(fraction)) return '–';
  const percent = fraction * 100;
  // 99.96 % is not 100 %: two decimals just below it, never rounded up to it.
  if (percent > 99 && percent < 100)
    return `${number({ maximumFractionDigits: 2 }).format(Math.floor(percent * 100) / 100)}${NBSP}%`;
  return `${number({ maximumFractionDigits: 1 }).format(percent)}${NBSP}%`;
}

/** Coordinates, the last resort for naming a place: always with a dot, as maps take them. */
export function formatPlace(lat: number, lon: number): string {
  if (Number.isNaN(lat) || Number.isNaN(lon)) return t('place.unknown');
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

export function formatDegrees(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const rounded = Math.abs(Math.round(value * 10) / 10);
  return `${value < 0 ? '\u2212' : ''}${number({ maximumFractionDigits: 1 }).format(rounded)}${NBSP}°C`;
}
