import { describe, expect, it } from 'vitest';
import { nearestPlace } from '../../contract/named-places.ts';
import { productPropertiesProblem } from '../../contract/product-properties.ts';
import { planDay, positionAt } from './day-plan.ts';
import { demoFleet, demoGroups } from './fleet.ts';
import { demoGroupPlaces, demoNodePlaces } from './demo-places.ts';
import { localDay } from './local-time.ts';

const fleet = demoFleet();
const monday = localDay(Date.UTC(2026, 10, 16, 12));

describe('the demo fleet named places', () => {
  it('gives every group places its properties accept', () => {
    for (const { key } of demoGroups) {
      const places = demoGroupPlaces(key, fleet);
      expect(places.length).toBeGreaterThan(0);
      expect(productPropertiesProblem({ places })).toBeUndefined();
    }
  });

  it("names every place a grouped vehicle stands still on a weekday: its depot, a customer's district, the driver's home", () => {
    let stays = 0;
    for (const vehicle of fleet) {
      if (!vehicle.group) continue;
      const places = [...demoGroupPlaces(vehicle.group, fleet), ...demoNodePlaces(vehicle)];
      const plan = planDay(vehicle, monday);
      for (const leg of plan.legs) {
        if (leg.kind !== 'stay') continue;
        const where = positionAt(plan, leg.start);
        stays += 1;
        expect(
          nearestPlace(places, where.lat, where.lon),
          `${vehicle.name} at ${where.lat}, ${where.lon}`,
        ).toBeDefined();
      }
    }
    expect(stays).toBeGreaterThan(500);
  });
});
