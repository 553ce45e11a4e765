import { describe, expect, it } from 'vitest';
import { GatewayMessage } from '../schemas/ingest.ts';
import { gatewaySites } from './amsterdam.ts';
import { planDay } from './day-plan.ts';
import { demoFleet, type Vehicle } from './fleet.ts';
import { localDay, MINUTE_MS } from './local-time.ts';
import {
  dayMessages,
  gatewayDayMessages,
  nearestGateway,
  ticks,
  type SimMessage,
} from './messages.ts';

const fleet = demoFleet();
const day = localDay(Date.UTC(2026, 10, 18, 12)); // a Wednesday
const vehicle = (serial: string): Vehicle => {
  const found = fleet.find((v) => v.serial === serial);
  if (!found) throw new Error(`no ${serial}`);
  return found;
};
/** A van that works on `day` (a few take a day off). */
const workingVan = fleet.find((v) => v.kind === 'van' && planDay(v, day).firstDrive !== null);
const VAN = workingVan?.serial ?? 'none';
const messagesOf = (serial: string, sensor: string) => {
  const v = vehicle(serial);
  return dayMessages(v, planDay(v, day)).filter((m) => m.message.sensor === sensor);
};
type Gps = {
  ts?: number;
  stationary?: boolean;
  lat?: number;
  lon?: number;
  hdop?: number;
  fix?: number;
  calculated?: boolean;
};
const gpsOf = (items: SimMessage[]) =>
  items.map((m) => ({ at: m.message.ts, ...(m.message.value as Gps) }));

describe('messages of a vehicle day', () => {
  it('are valid gateway messages, in time order, one per sensor and ts', () => {
    for (const serial of [VAN, 'VAN-0006', 'RFR-0001', 'RFR-0002', 'ACME-0001']) {
      const v = vehicle(serial);
      const all = dayMessages(v, planDay(v, day));
      for (const { message } of all) expect(GatewayMessage.safeParse(message).success).toBe(true);
      const keys = all.map(({ message }) => `${message.sensor}@${message.ts}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(all.map((m) => m.message.ts)).toEqual(
        all.map((m) => m.message.ts).sort((a, b) => a - b),
      );
    }
  });

  it('report GPS as section 2.3 says: a position while moving, stationary with a position, moving off without one', () => {
    const gps = gpsOf(messagesOf(VAN, 'gps'));
    const departures = gps.filter((g) => g.stationary === false);
    expect(departures.length).toBeGreaterThan(10);
    for (const d of departures) expect(Object.keys(d).sort()).toEqual(['at', 'stationary', 'ts']);
    const parked = gps.filter((g) => g.stationary === true);
    for (const p of parked)
      expect(p).toMatchObject({ lat: expect.any(Number), lon: expect.any(Number) });
    const moving = gps.filter((g) => g.stationary === undefined);
    for (const m of moving)
      expect(m).toMatchObject({
        lat: expect.any(Number),
        lon: expect.any(Number),
        hdop: expect.any(Number),
        fix: expect.any(Number),
      });
    // Every departure is followed by fixes on the move, and every drive ends with a stationary fix.
    gps.forEach((g, i) => {
      if (g.stationary === false) expect(gps[i + 1]?.stationary).toBeUndefined();
    });
    // GPS ts is the node's clock in whole seconds.
    for (const g of gps) expect(g.ts).toBe(Math.floor(g.at / 1000));
  });

  it('sends a fix every 30 to 60 seconds on the move and every half hour when parked', () => {
    const gps = gpsOf(messagesOf(VAN, 'gps'));
    for (let i = 1; i < gps.length; i++) {
      const [a, b] = [gps[i - 1], gps[i]];
      if (!a || !b) continue;
      const gap = b.at - a.at;
      if (a.stationary === undefined && b.stationary === undefined) {
        expect(gap).toBeGreaterThanOrEqual(30_000);
        expect(gap).toBeLessThanOrEqual(60_000);
      }
      if (a.stationary === true && b.stationary === true)
        expect(gap).toBeLessThanOrEqual(30 * MINUTE_MS + 1000);
    }
  });

  it('calculates positions in tunnels, with a worse hdop and no fix', () => {
    const calculated = fleet
      .slice(0, 30)
      .flatMap((v) =>
        gpsOf(dayMessages(v, planDay(v, day)).filter((m) => m.message.type === 'GPS')),
      )
      .filter((g) => g.calculated === true);
    expect(calculated.length).toBeGreaterThan(5);
    for (const g of calculated) {
      expect(g.hdop).toBeGreaterThanOrEqual(4);
      expect(g.fix).toBe(1);
      expect(g.stationary).toBeUndefined();
    }
  });

  it('keeps a frozen reefer near −18 °C and a chilled one near +4 °C, warming when the doors open', () => {
    const frozen = messagesOf('RFR-0001', 'temp').map(
      (m) => (m.message.value as { temperature: number }).temperature,
    );
    const chilled = messagesOf('RFR-0002', 'temp').map(
      (m) => (m.message.value as { temperature: number }).temperature,
    );
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    expect(Math.abs((median(frozen) ?? 0) + 18)).toBeLessThanOrEqual(1);
    expect(Math.abs((median(chilled) ?? 0) - 4)).toBeLessThanOrEqual(1);
    for (const t of [...frozen, ...chilled]) expect(Number.isInteger(t)).toBe(true);
    expect(Math.max(...frozen)).toBeGreaterThan(-15);
    expect(Math.min(...frozen)).toBeGreaterThanOrEqual(-20);
  });

  it('measures TEMP every 1 to 5 minutes', () => {
    for (const serial of [VAN, 'RFR-0001']) {
      const times = messagesOf(serial, 'temp').map((m) => m.message.ts);
      for (let i = 1; i < times.length; i++) {
        const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
        expect(gap).toBeGreaterThan(MINUTE_MS - 1000);
        expect(gap).toBeLessThan(5 * MINUTE_MS + 1000);
      }
    }
  });

  it('reports CONN every hour and on ignition', () => {
    const conn = messagesOf(VAN, 'conn');
    expect(workingVan).toBeDefined();
    expect(conn.length).toBeGreaterThanOrEqual(24);
    for (const { message } of conn)
      expect(message.value).toMatchObject({ function: 3, version: expect.any(Number) });
    const v = vehicle(VAN);
    const plan = planDay(v, day);
    if (plan.firstDrive !== null) {
      expect(conn.some((m) => m.message.ts === (plan.firstDrive ?? 0) + 3000)).toBe(true);
    }
  });

  it('is delivered by the nearest gateway', () => {
    for (const site of gatewaySites) expect(gatewaySites[nearestGateway(site)]).toBe(site);
    const van = messagesOf(VAN, 'gps').find((m) => (m.message.value as Gps).lat !== undefined);
    const value = van?.message.value as Gps;
    expect(van?.gateway).toBe(nearestGateway({ lat: value.lat ?? 0, lon: value.lon ?? 0 }));
    expect(gatewayDayMessages(0, day)).toHaveLength(24);
  });
});

describe('ticks', () => {
  it('falls on the period, moved by under a second, inside the window', () => {
    const times = ticks(0, 3_600_000, 600_000, 1234, 7);
    expect(times).toHaveLength(6);
    times.forEach((t, i) => {
      expect(t - (i * 600_000 + 1234)).toBeGreaterThanOrEqual(0);
      expect(t - (i * 600_000 + 1234)).toBeLessThan(1000);
    });
  });
});
