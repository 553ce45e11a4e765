/** Figures of the reports as people read them. */

export function formatKm(metres: number): string {
  return `${(metres / 1000).toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} km`;
}

export function formatPercent(fraction: number): string {
  if (Number.isNaN(fraction)) return '–';
  // 99.96 % is not 100 %: one decimal near the ends, where it matters.
  const percent = fraction * 100;
  const digits = percent > 99 && percent < 100 ? 2 : 1;
  return `${percent.toLocaleString(undefined, { maximumFractionDigits: digits })} %`;
}

export function formatPlace(lat: number, lon: number): string {
  if (Number.isNaN(lat) || Number.isNaN(lon)) return 'unknown';
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

export function formatDegrees(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${value < 0 ? '\u2212' : ''}${Math.abs(Math.round(value * 10) / 10)} °C`;
}
