export interface ScreenPoint {
  x: number;
  y: number;
}

/** Index of the point nearest to `at` within `radius` pixels, or -1. */
export function nearestWithin(
  points: readonly ScreenPoint[],
  at: ScreenPoint,
  radius: number,
): number {
  let best = -1;
  let bestDistance = radius * radius;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (!p) continue;
    const dx = p.x - at.x;
    const dy = p.y - at.y;
    const d = dx * dx + dy * dy;
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}
