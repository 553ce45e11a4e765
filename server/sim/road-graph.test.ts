import { describe, expect, it } from 'vitest';
import { places, type PlaceId } from './amsterdam.ts';
import { distanceM } from './geo.ts';
import { fastestPath, route } from './road-graph.ts';

describe('the road map', () => {
  it('connects every place with every other', () => {
    const ids = Object.keys(places) as PlaceId[];
    for (const to of ids) expect(fastestPath('westpoortDc', to).length).toBeGreaterThan(0);
  });

  it('takes the ring and the Coentunnel from Westpoort to Zaandam', () => {
    const path = fastestPath('westpoortDc', 'zaandam');
    expect(path[0]).toMatchObject({ lat: places.westpoortDc.lat, lon: places.westpoortDc.lon });
    expect(path[path.length - 1]).toMatchObject({
      lat: places.zaandam.lat,
      lon: places.zaandam.lon,
    });
    expect(path.some((step) => step.tunnel)).toBe(true);
    expect(path.some((step) => step.road === 'motorway')).toBe(true);
  });

  it('runs from address to address without jumps longer than a road', () => {
    const from = { place: 'jordaan' as const, lat: 52.3772, lon: 4.8841 };
    const to = { place: 'ijburg' as const, lat: 52.3551, lon: 5.0044 };
    const steps = route(from, to);
    expect(steps[0]).toMatchObject({ lat: from.lat, lon: from.lon });
    expect(steps[steps.length - 1]).toMatchObject({ lat: to.lat, lon: to.lon });
    for (let i = 1; i < steps.length; i++) {
      const hop = distanceM(
        steps[i - 1] as (typeof steps)[number],
        steps[i] as (typeof steps)[number],
      );
      expect(hop).toBeGreaterThan(0.5);
      expect(hop).toBeLessThan(12_000);
    }
  });
});
