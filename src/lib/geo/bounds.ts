/** South-west and north-east corners holding every point, or undefined when there are none. */
export function boundsOf(
  points: Iterable<{ lat: number; lon: number }>,
): [[number, number], [number, number]] | undefined {
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
    west = Math.min(west, p.lon);
    east = Math.max(east, p.lon);
  }
  return south <= north
    ? [
        [south, west],
        [north, east],
      ]
    : undefined;
}
