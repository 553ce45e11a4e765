/** Tableau 10: distinguishable lines on light and dark backgrounds. */
const seriesColors = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
] as const;

export function seriesColor(index: number): string {
  return seriesColors[index % seriesColors.length] ?? seriesColors[0];
}
