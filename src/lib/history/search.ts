/** Sorts ascending by time; history arrives newest first, so a reverse usually suffices. */
export function ascendingByTime<T>(items: T[], timeOf: (item: T) => number): T[] {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < items.length && (ascending || descending); i++) {
    const prev = items[i - 1];
    const next = items[i];
    if (prev === undefined || next === undefined) continue;
    const d = timeOf(next) - timeOf(prev);
    if (d < 0) ascending = false;
    if (d > 0) descending = false;
  }
  if (ascending) return items;
  if (descending) return items.reverse();
  return items.sort((a, b) => timeOf(a) - timeOf(b));
}
