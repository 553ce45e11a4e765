import type { GpsValue } from '../../contract/timeslice.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import { gatewaySites } from './amsterdam.ts';
import { demoGateways } from './gateway-network.ts';
import { positionAt, positionOnDrive, type DayPlan } from './day-plan.ts';
import type { Vehicle } from './fleet.ts';
import { updatesBetween, versionAt } from './firmware.ts';
import { distanceM, offset, round6, type LatLon } from './geo.ts';
import { dayStart, HOUR_MS, MINUTE_MS } from './local-time.ts';
import { unit } from './random.ts';
import { cargoTemperature } from './temperature.ts';

/** A message as a gateway delivers it, and which gateway (index into demoGateways) heard it. */
export interface SimMessage {
  gateway: number;
  message: GatewayMessage;
}

/** While parked, a GPS node reports its position every half hour. */
const PARKED_FIX_MS = 30 * MINUTE_MS;
/** TEMP every 5 minutes; a reefer every 2 minutes while it is out on a run, when it matters most. */
const TEMP_PERIOD_MS = 5 * MINUTE_MS;
const REEFER_RUN_PERIOD_MS = 2 * MINUTE_MS;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Times k·period + phase in [from, to), each moved by under a second so they look measured. */
export function ticks(from: number, to: number, period: number, phase: number, seed: number) {
  const times: number[] = [];
  const first = Math.ceil((from - phase) / period) * period + phase;
  for (let t = first; t < to - 1000; t += period) {
    times.push(t + Math.floor(unit(seed, t) * 1000));
  }
  return times;
}

/** Where in each period a node's periodic reports fall: spread over the fleet, fixed per node. */
const phaseOf = (nodeId: number, salt: number, period: number) =>
  Math.floor(unit(nodeId, salt) * period);

/** The gateway nearest to a position: it is the one that hears the node. */
export function nearestGateway(at: LatLon): number {
  let best = 0;
  let bestDistance = Infinity;
  gatewaySites.forEach((site, index) => {
    const d = distanceM(site, at);
    if (d < bestDistance) {
      best = index;
      bestDistance = d;
    }
  });
  return best;
}

type Fix = 'open' | 'canyon' | 'tunnel';

/**
 * A GPS fix. Open sky: 3D fix, good hdop. Street canyons in town: a 2D fix with worse hdop, and
 * now and then no fix at all, when the cloud calculates the position. Tunnels: always calculated.
 */
function gpsFix(at: LatLon, t: number, seed: number, sky: Fix, stationary?: true): GpsValue {
  const r = (salt: number) => unit(seed, t, salt);
  const lost = sky === 'tunnel' || (sky === 'canyon' && r(1) < 0.1);
  const hdop = lost ? 4 + r(2) * 4 : sky === 'canyon' ? 1.8 + r(2) * 1.7 : 0.7 + r(2) * 0.8;
  // The reported position scatters by a few metres per unit of hdop.
  const noisy = offset(at, hdop * 2.5 * Math.sqrt(r(3)), r(4) * 2 * Math.PI);
  const value: GpsValue = {
    ts: Math.floor(t / 1000),
    hdop: round1(hdop),
    fix: lost ? 1 : sky === 'canyon' ? 2 : 3,
    view: lost
      ? Math.floor(r(5) * 3)
      : sky === 'canyon'
        ? 4 + Math.floor(r(5) * 4)
        : 8 + Math.floor(r(5) * 6),
  };
  if (stationary) value.stationary = true;
  value.lat = round6(noisy.lat);
  value.lon = round6(noisy.lon);
  if (lost) value.calculated = true;
  return value;
}

/**
 * GPS of one day: a stationary fix with the position on stopping and every half hour while
 * parked; `stationary: false` without a position on moving off; then a fix every 30–60 s.
 */
function gpsSamples(vehicle: Vehicle, plan: DayPlan): { ts: number; value: GpsValue }[] {
  const out: { ts: number; value: GpsValue }[] = [];
  const phase = phaseOf(vehicle.id, 0x61, PARKED_FIX_MS);
  for (const leg of plan.legs) {
    if (leg.kind === 'stay') {
      if (leg.arrived)
        out.push({ ts: leg.start, value: gpsFix(leg.at, leg.start, vehicle.id, 'open', true) });
      for (const t of ticks(leg.start + 2 * MINUTE_MS, leg.end, PARKED_FIX_MS, phase, vehicle.id)) {
        out.push({ ts: t, value: gpsFix(leg.at, t, vehicle.id, 'open', true) });
      }
      continue;
    }
    out.push({ ts: leg.start, value: { ts: Math.floor(leg.start / 1000), stationary: false } });
    let t = leg.start + 10_000 + Math.floor(unit(vehicle.id, leg.start) * 20_000);
    while (t < leg.end) {
      const { at, step } = positionOnDrive(leg, t);
      const sky: Fix = step.tunnel ? 'tunnel' : step.road === 'street' ? 'canyon' : 'open';
      out.push({ ts: t, value: gpsFix(at, t, vehicle.id, sky) });
      t += 30_000 + Math.floor(unit(vehicle.id, t, 0x9) * 30_000);
    }
  }
  return out;
}

function tempTimes(vehicle: Vehicle, plan: DayPlan): number[] {
  const phase = phaseOf(vehicle.id, 0x7e, TEMP_PERIOD_MS);
  const base = ticks(plan.start, plan.end, TEMP_PERIOD_MS, phase, vehicle.id + 1);
  if (vehicle.kind !== 'reefer' || plan.firstDrive === null || plan.lastDrive === null) return base;
  const { firstDrive, lastDrive } = plan;
  const out = base.filter((t) => t < firstDrive || t >= lastDrive);
  const runPhase = phase % REEFER_RUN_PERIOD_MS;
  out.push(...ticks(firstDrive, lastDrive, REEFER_RUN_PERIOD_MS, runPhase, vehicle.id + 1));
  return out;
}

/** CONN: hourly, on every ignition (the unit boots), and after each firmware update. */
function connTimes(vehicle: Vehicle, plan: DayPlan): number[] {
  const hourly = ticks(
    plan.start,
    plan.end,
    HOUR_MS,
    phaseOf(vehicle.id, 0xc0, HOUR_MS),
    vehicle.id,
  );
  // The unit boots on ignition after the vehicle stood still for an hour or more.
  const boots: number[] = [];
  let stillSince = -Infinity;
  for (const leg of plan.legs) {
    if (leg.kind !== 'drive') continue;
    if (vehicle.kind !== 'reefer' && leg.start - stillSince >= HOUR_MS)
      boots.push(leg.start + 3_000);
    stillSince = leg.end;
  }
  const updates = updatesBetween(vehicle.id, plan.start, plan.end - 2 * MINUTE_MS).map(
    (at) => at + 90_000,
  );
  return [...hourly, ...boots, ...updates];
}

/** Every message of one vehicle on one day, in time order, each with the gateway that hears it. */
export function dayMessages(vehicle: Vehicle, plan: DayPlan): SimMessage[] {
  const node = vehicle.serial;
  const out: SimMessage[] = [];
  const heardAt = (t: number, at?: LatLon) => nearestGateway(at ?? positionAt(plan, t));
  for (const { ts, value } of gpsSamples(vehicle, plan)) {
    const at =
      value.lat !== undefined && value.lon !== undefined
        ? { lat: value.lat, lon: value.lon }
        : undefined;
    out.push({
      gateway: heardAt(ts, at),
      message: { node, sensor: 'gps', type: 'GPS', ts, value },
    });
  }
  for (const ts of tempTimes(vehicle, plan)) {
    const value = { ts: Math.floor(ts / 1000), temperature: cargoTemperature(vehicle, plan, ts) };
    out.push({ gateway: heardAt(ts), message: { node, sensor: 'temp', type: 'TEMP', ts, value } });
  }
  for (const ts of connTimes(vehicle, plan)) {
    const value = { function: vehicle.functionCode, version: versionAt(vehicle.id, ts) };
    out.push({ gateway: heardAt(ts), message: { node, sensor: 'conn', type: 'CONN', ts, value } });
  }
  return uniqueInTime(out);
}

/** Sorts by time; a sensor has at most one message per ts (the cloud keeps only one). */
function uniqueInTime(messages: SimMessage[]): SimMessage[] {
  messages.sort((a, b) => a.message.ts - b.message.ts);
  const last = new Map<string, number>();
  return messages.filter(({ message }) => {
    if (last.get(message.sensor) === message.ts) return false;
    last.set(message.sensor, message.ts);
    return true;
  });
}

/** A gateway reports on itself: its CONN every hour. */
const GATEWAY_FUNCTION = 128;
const GATEWAY_VERSION = 7021;

/** The gateway's own messages of one day. */
export function gatewayDayMessages(index: number, day: number): SimMessage[] {
  const site = demoGateways[index];
  if (!site) return [];
  const seed = 90_000 + index;
  return ticks(dayStart(day), dayStart(day + 1), HOUR_MS, phaseOf(seed, 0xc0, HOUR_MS), seed).map(
    (ts) => ({
      gateway: index,
      message: {
        node: site.serial,
        sensor: 'conn',
        type: 'CONN',
        ts,
        value: { function: GATEWAY_FUNCTION, version: GATEWAY_VERSION },
      },
    }),
  );
}
