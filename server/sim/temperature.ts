import type { DayPlan } from './day-plan.ts';
import type { Vehicle } from './fleet.ts';
import { DAY_MS, HOUR_MS, localDay, localHour, MINUTE_MS } from './local-time.ts';
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

/** How far open doors have warmed the cargo at `t`: rising while open, then recovering. */
function doorRise(plan: DayPlan, t: number, ratePerMin: number, maxRise: number, tauMin: number) {
  let rise = 0;
  for (const leg of plan.legs) {
    if (leg.kind !== 'stay' || !leg.door) continue;
    const { from, to } = leg.door;
    if (t < from) break;
    const peak = Math.min(maxRise, (ratePerMin * (Math.min(t, to) - from)) / MINUTE_MS);
    rise = t <= to ? peak : peak * Math.exp(-(t - to) / (tauMin * MINUTE_MS));
  }
  return rise;
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
        doorRise(plan, t, frozen ? 0.7 : 0.45, frozen ? 9 : 6, 12) +
        defrostRise(vehicle, t, frozen ? 5 : 3);
      break;
    }
    case 'chiller': {
      // The chiller runs from the first ignition to the last stop of the day; otherwise the
      // box drifts towards the air temperature.
      const on = plan.firstDrive;
      const off = plan.lastDrive;
      if (on !== null && off !== null && t >= on && t < off) {
        value =
          approach(air, cargo.setpoint, t - on, 15 * MINUTE_MS) + doorRise(plan, t, 0.5, 4, 10);
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
