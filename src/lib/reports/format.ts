/** Figures of the reports as people read them; number formats are built once (Intl is slow to build). */

const kilometres = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
});
const percent1 = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const percent2 = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function formatKm(metres: number): string {
  return `${kilometres.format(metres / 1000)} km`;
}

export function formatPercent(fraction: number): string {
  if (Number.isNaN(fraction)) return '–';
  const percent = fraction * 100;
  // 99.96 % is not 100 %: two decimals just below it, never rounded up to it.
  if (percent > 99 && percent < 100) return `${percent2.format(Math.floor(percent * 100) / 100)} %`;
  return `${percent1.format(percent)} %`;
}

export function formatPlace(lat: number, lon: number): string {
  if (Number.isNaN(lat) || Number.isNaN(lon)) return 'unknown';
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

export function formatDegrees(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${value < 0 ? '\u2212' : ''}${Math.abs(Math.round(value * 10) / 10)} °C`;
}
