import { describe, expect, it } from 'vitest';
import { planDay, positionAt, positionOnDrive, timeRoute, type DriveLeg } from './day-plan.ts';
import { demoFleet } from './fleet.ts';
import { distanceM } from './geo.ts';
import { localDay, localHour, weekday } from './local-time.ts';

const fleet = demoFleet();
const firstDay = localDay(Date.UTC(2026, 10, 16, 12)); // a Monday

describe('a vehicle day', () => {
  it('covers the whole day with legs that follow each other, for every vehicle for two weeks', () => {
    for (const vehicle of fleet) {
      for (let day = firstDay; day < firstDay + 14; day++) {
        const plan = planDay(vehicle, day);
        expect(plan.legs[0]?.start).toBe(plan.start);
        expect(plan.legs[plan.legs.length - 1]?.end).toBe(plan.end);
        plan.legs.forEach((leg, i) => {
          expect(leg.end).toBeGreaterThan(leg.start);
          if (i > 0) expect(leg.start).toBe(plan.legs[i - 1]?.end);
        });
        // Overnight parking is the same spot at either end of the day.
        expect(positionAt(plan, plan.start)).toEqual(positionAt(plan, plan.end - 1));
      }
    }
  });

  it('keeps vans at home on Sundays and sends them out on weekday mornings', () => {
    const vans = fleet.filter((vehicle) => vehicle.kind === 'van');
    const sunday = firstDay + 6;
    expect(weekday(sunday)).toBe(0);
    expect(vans.every((van) => planDay(van, sunday).firstDrive === null)).toBe(true);
    const monday = vans.map((van) => planDay(van, firstDay)).filter((p) => p.firstDrive !== null);
    expect(monday.length).toBeGreaterThan(vans.length * 0.8);
    for (const plan of monday) {
      expect(localHour(plan.firstDrive ?? 0)).toBeGreaterThanOrEqual(6);
      expect(localHour(plan.firstDrive ?? 0)).toBeLessThan(9);
      expect(localHour(plan.lastDrive ?? 0)).toBeLessThan(20);
    }
  });

  it('opens the doors at delivery stops, not while driving', () => {
    const van = fleet[0];
    if (!van) throw new Error('no vans');
    const plan = planDay(van, firstDay);
    const doors = plan.legs.flatMap((leg) => (leg.kind === 'stay' && leg.door ? [leg] : []));
    expect(doors.length).toBeGreaterThan(5);
    for (const leg of doors) {
      expect(leg.door?.from).toBeGreaterThan(leg.start);
      expect(leg.door?.to).toBeLessThan(leg.end);
    }
  });

  it('is the same every time it is planned', () => {
    const vehicle = fleet[42];
    if (!vehicle) throw new Error('fleet too small');
    expect(planDay(vehicle, firstDay + 2)).toEqual(planDay(vehicle, firstDay + 2));
  });
});

describe('route interpolation', () => {
  const steps = timeRoute(
    [
      { lat: 52.37, lon: 4.88, road: 'street', tunnel: false },
      { lat: 52.38, lon: 4.88, road: 'arterial', tunnel: false },
      { lat: 52.38, lon: 4.9, road: 'motorway', tunnel: true },
    ],
    Date.UTC(2026, 10, 20, 12),
    1,
  );
  const leg: DriveLeg = {
    kind: 'drive',
    start: steps[0]?.t ?? 0,
    end: steps[2]?.t ?? 0,
    steps,
  };

  it('times each road at its speed', () => {
    const first = (steps[1]?.t ?? 0) - (steps[0]?.t ?? 0);
    // 1.1 km at 38 km/h is about 105 s.
    expect(first / 1000).toBeCloseTo(1112 / (38 / 3.6), 0);
  });

  it('is halfway along a segment halfway through its time, on that segment’s road', () => {
    const a = steps[0];
    const b = steps[1];
    if (!a || !b) throw new Error('no steps');
    const { at, step } = positionOnDrive(leg, (a.t + b.t) / 2);
    expect(at.lat).toBeCloseTo(52.375, 6);
    expect(at.lon).toBeCloseTo(4.88, 6);
    expect(step.road).toBe('arterial');
    expect(positionOnDrive(leg, leg.end - 1).step.tunnel).toBe(true);
    expect(distanceM(positionOnDrive(leg, leg.end + 60_000).at, b)).toBeGreaterThan(1000);
  });
});
