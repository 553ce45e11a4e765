/** Stops of a perceptually ordered scale (viridis): older readings dark, newer ones bright. */
const stops: readonly (readonly [number, number, number])[] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** The colour of a fraction t of a time span, 0 = oldest, 1 = newest; values outside are clamped. */
export function timeColor(t: number): string {
  const clamped = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const position = clamped * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(position));
  const f = position - i;
  const a = stops[i] ?? stops[0];
  const b = stops[i + 1] ?? a;
  if (!a || !b) return 'rgb(0,0,0)';
  const mix = (k: 0 | 1 | 2) => Math.round(a[k] + (b[k] - a[k]) * f);
  return `rgb(${mix(0)},${mix(1)},${mix(2)})`;
}

/** The scale as a CSS gradient, for the legend next to the map. */
export function timeColorGradient(): string {
  return `linear-gradient(to right, ${stops.map((s) => `rgb(${s.join(',')})`).join(', ')})`;
}
