import type { DayPlan } from './day-plan.ts';
import type { Vehicle } from './fleet.ts';
import { DAY_MS, HOUR_MS, localDay, localHour, MINUTE_MS } from './local-time.ts';
import { incidentRise } from './incidents.ts';
import { unit } from './random.ts';

/**
 * Amsterdam's air temperature in °C: a seasonal curve (about 3.5 °C in January, 17.5 °C in July),
 * a daily swing coldest at dawn and warmest mid-afternoon, and weather that differs from day to
 * day, blended across midnight so it never jumps.
 */
function ambient(t: number): number {
  const yearFraction = ((t / DAY_MS) % 365.25) / 365.25;
  const season = 10.5 - 7 * Math.cos(2 * Math.PI * (yearFraction - 15 / 365.25));
  const hour = localHour(t);
  const daily = 3.5 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
  const day = localDay(t);
  const weather = (d: number) => (unit(d, 0xa1) - 0.5) * 5;
  const blend = weather(day) + (weather(day + 1) - weather(day)) * (hour / 24);
  return season + daily + blend;
}

/** Minutes the box air takes to warm towards its most while a door is open, and to cool back. */
const DOOR_WARMING_MIN = 2;
const DOOR_COOLING_MIN = 2.5;

/**
 * How far open doors have warmed the box air at `t`. At a stop the driver opens the doors for
 * each roll cage or pallet, 2 to 5 minutes, and shuts them while wheeling it in, 3 to 5 minutes:
 * the air warms quickly towards `maxRise` and the unit cools it back as quickly, so a delivery
 * shows as short peaks, now and then just over a limit, never as a long excursion (issue 34:
 * a door opening raises no alarm, an incident does; incidents.ts).
 */
function doorRise(plan: DayPlan, vehicle: Vehicle, t: number, maxRise: number): number {
  let door: { from: number; to: number } | undefined;
  for (const leg of plan.legs) {
    if (leg.kind !== 'stay' || !leg.door) continue;
    if (t < leg.door.from) break;
    door = leg.door;
  }
  if (!door) return 0;
  const warm = (rise: number, ms: number) =>
    maxRise - (maxRise - rise) * Math.exp(-ms / (DOOR_WARMING_MIN * MINUTE_MS));
  const cool = (rise: number, ms: number) => rise * Math.exp(-ms / (DOOR_COOLING_MIN * MINUTE_MS));
  let rise = 0;
  let at = door.from;
  for (let burst = 0; at < door.to; burst++) {
    const open = Math.min(
      door.to,
      at + (2 + 3 * unit(vehicle.id, door.from, burst, 1)) * MINUTE_MS,
    );
    if (t <= open) return warm(rise, t - at);
    rise = warm(rise, open - at);
    const shut = Math.min(
      door.to,
      open + (3 + 2 * unit(vehicle.id, door.from, burst, 2)) * MINUTE_MS,
    );
    if (t <= shut) return cool(rise, t - open);
    rise = cool(rise, shut - open);
    at = shut;
  }
  return cool(rise, t - at);
}

/** A reefer unit defrosts its coil every six hours for 25 minutes: the box warms a little. */
function defrostRise(vehicle: Vehicle, t: number, peak: number): number {
  const phase = (vehicle.id % 6) * HOUR_MS + (vehicle.id % 47) * MINUTE_MS;
  const into = (((t - phase) % (6 * HOUR_MS)) + 6 * HOUR_MS) % (6 * HOUR_MS);
  const length = 25 * MINUTE_MS;
  if (into >= length) return 0;
  const half = length / 2;
  return peak * (1 - Math.abs(into - half) / half);
}

/** Small, quick wobble: compressor cycling and sensor noise. */
function wobble(vehicle: Vehicle, t: number, amplitude: number): number {
  const cycle = Math.sin((2 * Math.PI * t) / (23 * MINUTE_MS) + vehicle.id);
  return amplitude * cycle + (unit(vehicle.id, t, 0x7e) - 0.5) * 0.9;
}

/** Approaches `target` from `from` with time constant `tau` (ms), `elapsed` ms after starting. */
const approach = (from: number, target: number, elapsed: number, tau: number) =>
  target + (from - target) * Math.exp(-Math.max(0, elapsed) / tau);

/** What the TEMP sensor of `vehicle` reads at `t`, in whole degrees Celsius. */
export function cargoTemperature(vehicle: Vehicle, plan: DayPlan, t: number): number {
  const air = ambient(t);
  const cargo = vehicle.cargo;
  let value: number;
  switch (cargo.mode) {
    case 'frozen':
    case 'chilled': {
      const frozen = cargo.mode === 'frozen';
      value =
        cargo.setpoint +
        wobble(vehicle, t, 0.6) +
        doorRise(plan, vehicle, t, frozen ? 7.5 : 5) +
        defrostRise(vehicle, t, frozen ? 5 : 3) +
        incidentRise(vehicle, t);
      break;
    }
    case 'chiller': {
      // The chiller runs from the first ignition to the last stop of the day; otherwise the
      // box drifts towards the air temperature.
      const on = plan.firstDrive;
      const off = plan.lastDrive;
      if (on !== null && off !== null && t >= on && t < off) {
        value =
          approach(air, cargo.setpoint, t - on, 15 * MINUTE_MS) + doorRise(plan, vehicle, t, 4);
      } else if (off !== null && t >= off) {
        value = approach(cargo.setpoint, air, t - off, 50 * MINUTE_MS);
      } else {
        value = air;
      }
      value += wobble(vehicle, t, 0.3);
      break;
    }
    case 'ambient': {
      // A closed box in the sun or with the engine running is a little warmer than the air.
      const working =
        plan.firstDrive !== null &&
        plan.lastDrive !== null &&
        t >= plan.firstDrive &&
        t < plan.lastDrive;
      value = air + (working ? 2 : 0.5) + wobble(vehicle, t, 0.2);
      break;
    }
  }
  return Math.round(value);
}
