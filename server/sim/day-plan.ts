import { places, type PlaceId } from './amsterdam.ts';
import { between, distanceM, offset, type LatLon } from './geo.ts';
import { dayStart, HOUR_MS, localHour, MINUTE_MS, weekday } from './local-time.ts';
import { Prng, unit } from './random.ts';
import { route, type RouteStep, type Stop } from './road-graph.ts';
import { roadSpeedKmh } from './amsterdam.ts';
import type { Vehicle } from './fleet.ts';

export interface TimedStep extends RouteStep {
  t: number;
}

interface StayLeg {
  kind: 'stay';
  start: number;
  end: number;
  at: LatLon;
  /** The vehicle pulled up here (false for the night carried over from the day before). */
  arrived: boolean;
  /** When the cargo doors were open, if they were. */
  door?: { from: number; to: number };
}

export interface DriveLeg {
  kind: 'drive';
  start: number;
  end: number;
  steps: TimedStep[];
}

type Leg = StayLeg | DriveLeg;

export interface DayPlan {
  day: number;
  start: number;
  end: number;
  legs: Leg[];
  /** Ignition of the first drive, when the vehicle works that day. */
  firstDrive: number | null;
  /** End of the last drive. */
  lastDrive: number | null;
}

/** Rush hours slow the motorways and, less, the city. */
function trafficFactor(road: RouteStep['road'], at: number): number {
  const hour = localHour(at);
  const rush = (hour >= 7 && hour < 9.5) || (hour >= 16 && hour < 18.5);
  if (!rush) return 1;
  return road === 'motorway' ? 0.55 : 0.8;
}

/** Times a route: each step is reached after its road's length at that road's speed. */
export function timeRoute(steps: readonly RouteStep[], start: number, pace: number): TimedStep[] {
  const timed: TimedStep[] = [];
  let t = start;
  steps.forEach((step, index) => {
    const previous = steps[index - 1];
    if (previous) {
      const speed = (roadSpeedKmh[step.road] / 3.6) * pace * trafficFactor(step.road, t);
      t += Math.max(1000, Math.round((distanceM(previous, step) / speed) * 1000));
    }
    timed.push({ ...step, t });
  });
  return timed;
}

/** Where a drive is at `t` (linear between its timed steps). */
export function positionOnDrive(leg: DriveLeg, t: number): { at: LatLon; step: TimedStep } {
  const steps = leg.steps;
  let lo = 0;
  let hi = steps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((steps[mid] as TimedStep).t <= t) lo = mid;
    else hi = mid - 1;
  }
  const from = steps[lo] as TimedStep;
  const to = steps[lo + 1];
  if (!to) return { at: from, step: from };
  const fraction = Math.min(1, Math.max(0, (t - from.t) / (to.t - from.t)));
  return { at: between(from, to, fraction), step: to };
}

/** The leg under way at `t`, if the plan covers it. */
function legAt(plan: DayPlan, t: number): Leg | undefined {
  let lo = 0;
  let hi = plan.legs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const leg = plan.legs[mid] as Leg;
    if (t < leg.start) hi = mid - 1;
    else if (t >= leg.end) lo = mid + 1;
    else return leg;
  }
  return undefined;
}

export function positionAt(plan: DayPlan, t: number): LatLon {
  const leg = legAt(plan, t) ?? plan.legs[plan.legs.length - 1];
  if (!leg) throw new Error('empty plan');
  return leg.kind === 'stay' ? leg.at : positionOnDrive(leg, t).at;
}

/** Assembles a day leg by leg, keeping the clock. */
class PlanBuilder {
  readonly legs: Leg[] = [];
  t: number;
  at: Stop;
  private readonly rng: Prng;

  constructor(start: number, home: Stop, rng: Prng) {
    this.t = start;
    this.at = home;
    this.rng = rng;
  }

  stay(until: number, doorMinutes = 0): void {
    if (until <= this.t) return;
    const previous = this.legs[this.legs.length - 1];
    const leg: StayLeg = {
      kind: 'stay',
      start: this.t,
      end: until,
      at: this.at,
      arrived: previous?.kind === 'drive',
    };
    if (doorMinutes > 0) {
      const from = this.t + this.rng.between(1, 3) * MINUTE_MS;
      leg.door = { from, to: Math.min(until - 30_000, from + doorMinutes * MINUTE_MS) };
    }
    this.legs.push(leg);
    this.t = until;
  }

  drive(to: Stop): void {
    const steps = timeRoute(route(this.at, to), this.t, this.rng.between(0.85, 1.08));
    const end = steps[steps.length - 1]?.t ?? this.t;
    if (end <= this.t) return;
    this.legs.push({ kind: 'drive', start: this.t, end, steps });
    this.t = end;
    this.at = to;
  }

  minutes(min: number, max: number): number {
    return Math.round(this.rng.between(min, max) * MINUTE_MS);
  }
}

/** A delivery address near a waypoint, different per vehicle, day and stop. */
function address(place: PlaceId, ...seed: number[]): Stop {
  return {
    place,
    ...offset(places[place], 60 + 290 * unit(...seed, 1), unit(...seed, 2) * 2 * Math.PI),
  };
}

/** Visits stops nearest first, which is how a dispatcher (roughly) orders a tour. */
function nearestFirst(from: LatLon, stops: Stop[]): Stop[] {
  const ordered: Stop[] = [];
  let current = from;
  const left = [...stops];
  while (left.length > 0) {
    let best = 0;
    left.forEach((stop, index) => {
      if (distanceM(current, stop) < distanceM(current, left[best] as Stop)) best = index;
    });
    const [next] = left.splice(best, 1);
    if (!next) break;
    ordered.push(next);
    current = next;
  }
  return ordered;
}

function works(vehicle: Vehicle, day: number, rng: Prng): boolean {
  const dow = weekday(day);
  if (vehicle.kind === 'reefer') return dow === 0 ? rng.chance(0.25) : rng.chance(0.95);
  if (dow === 0) return false;
  if (dow === 6) return rng.chance(0.45);
  return rng.chance(0.93);
}

function vanDay(b: PlanBuilder, vehicle: Vehicle, day: number, rng: Prng, start: number): void {
  const saturday = weekday(day) === 6;
  b.stay(start + b.minutes(390, 480));
  if (vehicle.home !== vehicle.depot) b.drive(vehicle.depot);
  let lunch = false;
  // Two rounds on a weekday, reloading at the depot in between; one on a Saturday.
  for (let round = 0; round < (saturday ? 1 : 2); round++) {
    if (round > 0 && localHour(b.t) >= 14) break;
    b.stay(b.t + b.minutes(20, 35), rng.between(15, 25));
    const stops = nearestFirst(
      vehicle.depot,
      rng
        .sample(vehicle.stops, rng.int(6, 9))
        .map((place, i) => address(place, vehicle.id, day, round * 20 + i)),
    );
    for (const stop of stops) {
      if (localHour(b.t) >= 17.5) break;
      b.drive(stop);
      const dwell = b.minutes(6, 18);
      const lunchBreak: number = !lunch && localHour(b.t) >= 12 ? b.minutes(25, 40) : 0;
      lunch ||= lunchBreak > 0;
      b.stay(b.t + dwell + lunchBreak, dwell / MINUTE_MS - 1.5);
    }
    b.drive(vehicle.depot);
  }
  b.stay(b.t + b.minutes(8, 20), rng.between(5, 10));
  if (vehicle.home !== vehicle.depot) b.drive(vehicle.home);
}

function reeferRun(b: PlanBuilder, vehicle: Vehicle, day: number, rng: Prng, run: number): void {
  const hub = rng.pick(vehicle.hubs);
  b.drive(hub);
  b.stay(b.t + b.minutes(30, 50), rng.between(20, 35));
  const stops = nearestFirst(
    hub,
    rng
      .sample(vehicle.stops, rng.int(2, 4))
      .map((place, i) => address(place, vehicle.id, day, run * 10 + i)),
  );
  for (const stop of stops) {
    b.drive(stop);
    const dwell = b.minutes(15, 30);
    b.stay(b.t + dwell, dwell / MINUTE_MS - 4);
  }
  b.drive(vehicle.home);
}

/** One local day of a vehicle: where it is, when it drives, when its doors are open. */
export function planDay(vehicle: Vehicle, day: number): DayPlan {
  const start = dayStart(day);
  const end = dayStart(day + 1);
  const rng = new Prng(vehicle.id, day, 0x5eed);
  const b = new PlanBuilder(start, vehicle.home, rng);
  if (works(vehicle, day, rng)) {
    if (vehicle.kind === 'reefer') {
      b.stay(start + b.minutes(240, 390));
      reeferRun(b, vehicle, day, rng, 0);
      if (localHour(b.t) < 13.5 && rng.chance(0.7)) {
        b.stay(b.t + b.minutes(30, 75));
        reeferRun(b, vehicle, day, rng, 1);
      }
    } else {
      vanDay(b, vehicle, day, rng, start);
    }
  }
  if (b.t > end - HOUR_MS) throw new Error(`${vehicle.serial} works past 23:00 on day ${day}`);
  b.stay(end);
  const drives = b.legs.filter((leg) => leg.kind === 'drive');
  return {
    day,
    start,
    end,
    legs: b.legs,
    firstDrive: drives[0]?.start ?? null,
    lastDrive: drives[drives.length - 1]?.end ?? null,
  };
}
