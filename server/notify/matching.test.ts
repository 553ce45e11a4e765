import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, NotificationSettings } from '../../contract/notifications.ts';
import { isQuiet, wants } from './matching.ts';

const NODE = '00000000-0000-4000-8000-000000000001';
const GROUP = '00000000-0000-4000-8000-000000000002';
const OTHER = '00000000-0000-4000-8000-000000000003';
const email = { ...defaultNotificationSettings, means: ['email' as const] };
const critical = { kind: 'temperature' as const, severity: 'critical' as const };
const warning = { kind: 'place' as const, severity: 'warning' as const };
const place = { nodeUuid: NODE, groupUuids: [GROUP] };
// 2026-12-07 02:30 in Amsterdam (UTC+1).
const NIGHT = Date.UTC(2026, 11, 7, 1, 30);
const NOON = Date.UTC(2026, 11, 7, 11, 0);

describe('which alarms a person is told of', () => {
  it('nothing without a means; everything in reach with one and no narrowing', () => {
    expect(wants(defaultNotificationSettings, critical, place, NOON)).toBe(false);
    expect(wants(email, critical, place, NOON)).toBe(true);
  });

  it('kinds, severities, groups and nodes narrow it', () => {
    expect(wants({ ...email, kinds: ['place'] }, critical, place, NOON)).toBe(false);
    expect(wants({ ...email, severities: ['critical'] }, warning, place, NOON)).toBe(false);
    expect(wants({ ...email, groups: [OTHER] }, critical, place, NOON)).toBe(false);
    expect(wants({ ...email, groups: [GROUP] }, critical, place, NOON)).toBe(true);
    expect(wants({ ...email, groups: [OTHER], nodes: [NODE] }, critical, place, NOON)).toBe(true);
  });

  it('quiet hours past midnight, in the person’s time zone; critical passes when chosen', () => {
    const quiet = { from: '22:00', to: '07:00', timeZone: 'Europe/Amsterdam' };
    expect(isQuiet({ ...quiet, criticalPasses: false }, NIGHT)).toBe(true);
    expect(isQuiet({ ...quiet, criticalPasses: false }, NOON)).toBe(false);
    const closed = { ...email, quietHours: { ...quiet, criticalPasses: false } };
    const open = { ...email, quietHours: { ...quiet, criticalPasses: true } };
    expect(wants(closed, critical, place, NIGHT)).toBe(false);
    expect(wants(open, critical, place, NIGHT)).toBe(true);
    expect(wants(open, warning, place, NIGHT)).toBe(false);
    expect(wants(open, warning, place, NOON)).toBe(true);
  });

  it('refuses what is not a setting, with the reason', () => {
    const bad = NotificationSettings.safeParse({ ...email, email: 'not-an-address' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('not an e-mail address');
    const zone = NotificationSettings.safeParse({
      ...email,
      quietHours: { from: '22:00', to: '07:00', timeZone: 'Mars/Olympus', criticalPasses: true },
    });
    expect(zone.error?.issues[0]?.message).toMatch(/time zone/);
  });
});
