/**
 * Sets `key` to `value` in `map` as its newest entry, then lets the oldest go (insertion order)
 * until at most `max` remain: the one way the cloud's caches stay bounded (reach, compressed
 * answers, positions' bytes, token introspection, reverse geocoding).
 */
export function keepAtMost<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) return;
    map.delete(oldest);
  }
}
