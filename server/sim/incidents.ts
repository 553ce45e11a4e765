import type { Vehicle } from './fleet.ts';
import { dayStart, HOUR_MS, localDay, MINUTE_MS } from './local-time.ts';
import { unit } from './random.ts';

/**
 * The demo's real cold-chain incidents (issue 34, docs/alarms.md): now and then a reefer unit
 * stops cooling until a mechanic resets it, and the box warms for over an hour. Each one must
 * raise its alarm; a door opened at a delivery (temperature.ts) must not.
 */
export interface Incident {
  /** When the unit stopped cooling. */
  from: number;
  /** When it was reset and started cooling again. */
  to: number;
  /** How far the box would warm, in °C, were the unit never reset. */
  rise: number;
}

/** A reefer's chance of a unit fault on a given day: about one in twelve days. */
const CHANCE = 0.08;
/** Minutes the box takes to warm most of the way (its load holds the cold a while). */
const WARMING_MIN = 80;
/** Minutes to cool back once the unit runs again. */
const RECOVERY_MIN = 25;

/** The incident of `vehicle` that begins on local `day`, if one does (reefers only). */
function incidentOfDay(vehicle: Vehicle, day: number): Incident | undefined {
  if (vehicle.kind !== 'reefer' || vehicle.cargo.mode === 'ambient') return undefined;
  if (unit(vehicle.id, day, 0x1c1) >= CHANCE) return undefined;
  // Any time from 02:00 to 19:00; reset after 75 minutes to 4 hours: over by 23:00.
  const from = dayStart(day) + Math.round((2 + 17 * unit(vehicle.id, day, 0x1c2)) * HOUR_MS);
  const minutes = 75 + Math.round(165 * unit(vehicle.id, day, 0x1c3));
  return {
    from,
    to: from + minutes * MINUTE_MS,
    rise: vehicle.cargo.mode === 'frozen' ? 18 : 10,
  };
}

/** How much warmer an incident has made the box at `t` (0 without one). */
export function incidentRise(vehicle: Vehicle, t: number): number {
  const today = localDay(t);
  // One that began late yesterday may still be cooling back today.
  for (const day of [today, today - 1]) {
    const incident = incidentOfDay(vehicle, day);
    if (!incident || t < incident.from) continue;
    const warmed = (ms: number) => incident.rise * (1 - Math.exp(-ms / (WARMING_MIN * MINUTE_MS)));
    if (t <= incident.to) return warmed(t - incident.from);
    const rise = warmed(incident.to - incident.from);
    return rise * Math.exp(-(t - incident.to) / (RECOVERY_MIN * MINUTE_MS));
  }
  return 0;
}

/** The incidents of `fleet` that began within (from, to], oldest first, for tests and docs. */
export function incidentsBetween(
  fleet: readonly Vehicle[],
  from: number,
  to: number,
): { vehicle: Vehicle; incident: Incident }[] {
  const found: { vehicle: Vehicle; incident: Incident }[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to); day++) {
    for (const vehicle of fleet) {
      const incident = incidentOfDay(vehicle, day);
      if (incident && incident.from > from && incident.from <= to)
        found.push({ vehicle, incident });
    }
  }
  return found.sort((a, b) => a.incident.from - b.incident.from);
}
