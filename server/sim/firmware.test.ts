import { describe, expect, it } from 'vitest';
import { demoFleet } from './fleet.ts';
import { installTime, releaseTime, updatesBetween, versionAt } from './firmware.ts';
import { HOUR_MS, localHour, weekday, localDay } from './local-time.ts';

const fleet = demoFleet();

describe('firmware rollout', () => {
  it('releases on Wednesdays at 10:00', () => {
    const release = releaseTime(45);
    expect(weekday(localDay(release))).toBe(3);
    expect(localHour(release)).toBe(10);
  });

  it('updates part of the fleet mid-week and never goes back', () => {
    const release = 45;
    const before = fleet.map((v) => versionAt(v.id, releaseTime(release) - 1));
    const after = fleet.map((v) => versionAt(v.id, releaseTime(release) + 36 * HOUR_MS));
    const updated = after.filter((version, i) => version > (before[i] ?? 0)).length;
    expect(updated).toBeGreaterThan(fleet.length * 0.4);
    expect(updated).toBeLessThan(fleet.length);
    for (const v of fleet.slice(0, 10)) {
      let last = 0;
      for (let t = releaseTime(40); t < releaseTime(47); t += 6 * HOUR_MS) {
        expect(versionAt(v.id, t)).toBeGreaterThanOrEqual(last);
        last = versionAt(v.id, t);
      }
    }
  });

  it('reports exactly the moments the version changes', () => {
    const v = fleet[0];
    if (!v) throw new Error('empty fleet');
    const from = releaseTime(44);
    const to = releaseTime(46);
    for (const at of updatesBetween(v.id, from, to)) {
      expect(versionAt(v.id, at)).toBeGreaterThan(versionAt(v.id, at - 1));
    }
    const changes = [];
    for (let t = from; t < to; t += 60_000) {
      if (versionAt(v.id, t) !== versionAt(v.id, t - 60_000)) changes.push(t);
    }
    expect(updatesBetween(v.id, from, to)).toEqual(changes.map((t) => t));
    expect(installTime(v.id, 45)).toBeGreaterThanOrEqual(releaseTime(45));
  });
});
