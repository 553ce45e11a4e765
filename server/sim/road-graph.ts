import { places, roads, roadSpeedKmh, type PlaceId, type RoadClass } from './amsterdam.ts';
import { distanceM, type LatLon } from './geo.ts';

/** A point of a route with the road that leads to it (the first point's road is unused). */
export interface RouteStep extends LatLon {
  road: RoadClass;
  tunnel: boolean;
}

/** A place on the map: a waypoint, or an address near one (a delivery stop, a parking spot). */
export interface Stop extends LatLon {
  place: PlaceId;
}

interface Edge {
  to: PlaceId;
  seconds: number;
  road: RoadClass;
  tunnel: boolean;
}

let adjacency: Map<PlaceId, Edge[]> | undefined;

function graph(): Map<PlaceId, Edge[]> {
  if (adjacency) return adjacency;
  adjacency = new Map();
  for (const road of roads) {
    const seconds =
      distanceM(places[road.from], places[road.to]) / (roadSpeedKmh[road.class] / 3.6);
    for (const [from, to] of [
      [road.from, road.to],
      [road.to, road.from],
    ] as const) {
      const edges = adjacency.get(from) ?? [];
      edges.push({ to, seconds, road: road.class, tunnel: road.tunnel ?? false });
      adjacency.set(from, edges);
    }
  }
  return adjacency;
}

const pathCache = new Map<string, RouteStep[]>();

/** The fastest way between two waypoints (Dijkstra; the map has under a hundred of them). */
export function fastestPath(from: PlaceId, to: PlaceId): RouteStep[] {
  const key = `${from}>${to}`;
  const cached = pathCache.get(key);
  if (cached) return cached;
  const edges = graph();
  const cost = new Map<PlaceId, number>([[from, 0]]);
  const previous = new Map<PlaceId, { from: PlaceId; edge: Edge }>();
  const open = new Set<PlaceId>([from]);
  while (open.size > 0) {
    let current: PlaceId | undefined;
    for (const id of open) {
      if (current === undefined || (cost.get(id) ?? Infinity) < (cost.get(current) ?? Infinity))
        current = id;
    }
    if (current === undefined || current === to) break;
    open.delete(current);
    const base = cost.get(current) ?? Infinity;
    for (const edge of edges.get(current) ?? []) {
      if (base + edge.seconds < (cost.get(edge.to) ?? Infinity)) {
        cost.set(edge.to, base + edge.seconds);
        previous.set(edge.to, { from: current, edge });
        open.add(edge.to);
      }
    }
  }
  if (from !== to && !previous.has(to)) throw new Error(`no road from ${from} to ${to}`);
  const steps: RouteStep[] = [];
  for (let at: PlaceId = to; at !== from;) {
    const step = previous.get(at);
    if (!step) break;
    steps.push({ ...places[at], road: step.edge.road, tunnel: step.edge.tunnel });
    at = step.from;
  }
  steps.push({ ...places[from], road: 'street', tunnel: false });
  steps.reverse();
  const path = steps.map(({ lat, lon, road, tunnel }) => ({ lat, lon, road, tunnel }));
  pathCache.set(key, path);
  return path;
}

/** From one address to another: down the street to the nearest waypoint, the roads, the street. */
export function route(from: Stop, to: Stop): RouteStep[] {
  const street = (point: LatLon): RouteStep => ({ ...point, road: 'street', tunnel: false });
  const middle = fastestPath(from.place, to.place);
  const steps = [street(from), ...middle.slice(0, 1).map((p) => street(p)), ...middle.slice(1)];
  steps.push(street(to));
  // Drop zero-length hops (an address exactly on its waypoint).
  return steps.filter(
    (step, index) => index === 0 || distanceM(steps[index - 1] as LatLon, step) > 0.5,
  );
}
