import { t } from '../../i18n/i18n.ts';
import { formatNumber } from '../format-number.ts';

export { formatDegrees } from '../format-number.ts';

/**
 * Figures of the reports as people read them, in the page's locale ("12,5 km" in Dutch), through
 * the one number formatter (format-number.ts). A figure and its unit are joined by a no-break
 * space, so a narrow cell or a phone's card never breaks "12,5 km" in two.
 */
const NBSP = '\u00a0';

const KM = { maximumFractionDigits: 1, minimumFractionDigits: 1 };

export function formatKm(metres: number): string {
  return `${formatNumber(metres / 1000, KM)}${NBSP}km`;
}

/** A count: "1,234" (English), "1.234" (Dutch). */
export function formatCount(n: number): string {
  return formatNumber(n);
}

export function formatPercent(fraction: number): string {
  if (Number.isNaN(fraction)) return '–';
  const percent = fraction * 100;
  // 99.96 % is not 100 %: two decimals just below it, never rounded up to it.
  if (percent > 99 && percent < 100)
    return `${formatNumber(Math.floor(percent * 100) / 100, { maximumFractionDigits: 2 })}${NBSP}%`;
  return `${formatNumber(percent, { maximumFractionDigits: 1 })}${NBSP}%`;
}

/** Coordinates, the last resort for naming a place: always with a dot, as maps take them. */
export function formatPlace(lat: number, lon: number): string {
  if (Number.isNaN(lat) || Number.isNaN(lon)) return t('place.unknown');
  // i18n-exempt: coordinates are written as maps and other programs take them, with a dot.
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}
