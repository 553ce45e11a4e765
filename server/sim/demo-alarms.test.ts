import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alarm, AlarmPage } from '../../contract/alarms.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { testEngine } from '../test/test-store.ts';
import { incidentsBetween } from './incidents.ts';
import { DAY_MS, MINUTE_MS } from './local-time.ts';
import { DEMO_HISTORY_DAYS, seedDemoFleet, type DemoSeed } from './seed-demo.ts';

// Issue 34: the 7-day demo raises an alarm for each of its real incidents (a reefer unit that
// stops cooling, incidents.ts) and none for its door openings. Only the demo's 40 reefers are
// seeded: they are the fleet's only sensors with limits (Cold chain), and the vans' and trucks'
// history would only make the test slower (about 17 s on SQLite, load 13).

const REEFERS = 40;
/** An incident's excursion goes on while the box cools back after the reset. */
const COOLING_BACK_MS = 60 * MINUTE_MS;

// SQLite only: what is tested is the simulator and the rule, the same on either engine; seeding
// 7 days through PostgreSQL took 171 s at load 13 (the engines' alarm queries are tested in
// server/routes/alarms.test.ts on both).
describe.skipIf(testEngine() === 'postgres')('the 7-day demo’s temperature alarms', () => {
  let cloud: TestCloud;
  let seed: DemoSeed;
  let alarms: Alarm[];
  beforeAll(async () => {
    cloud = await createTestCloud();
    seed = await seedDemoFleet(cloud.services, cloud.ids, {
      size: { vans: 0, reefers: REEFERS, trucks: 0 },
      days: DEMO_HISTORY_DAYS,
    });
    alarms = [];
    let cursor: string | undefined;
    do {
      const answer = await cloud.call('GET', '/v1/alarms', {
        query: { kind: 'temperature', count: '1000', ...(cursor ? { cursor } : {}) },
      });
      expect(answer.status, answer.text).toBe(200);
      const page = answer.json as AlarmPage;
      alarms.push(...page.alarms);
      cursor = page.next;
    } while (cursor !== undefined);
  }, 300_000);
  afterAll(() => cloud.close());

  const from = T0 - DEMO_HISTORY_DAYS * DAY_MS;
  const reefers = () => seed.fleet.filter((vehicle) => vehicle.kind === 'reefer');

  it('raises at most 0.5 temperature alarms a reefer a day', () => {
    expect(seed.backfill.accepted).toBe(seed.backfill.messages);
    expect(alarms.length).toBeGreaterThan(0);
    expect(alarms.length / REEFERS / DEMO_HISTORY_DAYS).toBeLessThanOrEqual(0.5);
  });

  it('raises every seeded incident, and nothing else: door openings raise none', () => {
    // Incidents that began and were reset within the seven days (one still going at the end may
    // not have lasted the delay yet); one that began the day before may still be cooling back.
    const all = incidentsBetween(reefers(), from - DAY_MS, T0);
    const whole = all.filter(({ incident }) => incident.from > from && incident.to <= T0);
    expect(whole.length).toBeGreaterThan(5);
    const during = (alarm: Alarm, incident: { from: number; to: number }) => {
      const start = alarm.excursionStart?.ts ?? alarm.raisedAt;
      return start >= incident.from && start <= incident.to + COOLING_BACK_MS;
    };
    for (const { vehicle, incident } of whole) {
      const raised = alarms.filter((a) => a.nodeName === vehicle.name && during(a, incident));
      expect(raised, `${vehicle.name} from ${new Date(incident.from).toISOString()}`).toHaveLength(
        1,
      );
    }
    const stray = alarms.filter(
      (alarm) =>
        !all.some(
          ({ vehicle, incident }) => vehicle.name === alarm.nodeName && during(alarm, incident),
        ),
    );
    expect(stray.map((a) => `${a.nodeName} ${new Date(a.raisedAt).toISOString()}`)).toEqual([]);
  });

  it('grades them by how far and how long: a unit reset soon is major, one out for hours critical', () => {
    const count = (severity: string) => alarms.filter((a) => a.severity === severity).length;
    expect(count('major')).toBeGreaterThan(0);
    expect(count('critical')).toBeGreaterThan(0);
    expect(count('warning') + count('major') + count('critical')).toBe(alarms.length);
  });
});
