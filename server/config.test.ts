import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';

describe('configuration from the environment', () => {
  it('backfills 7 days of demo history unless DEMO_BACKFILL_DAYS says otherwise', () => {
    expect(configFromEnv({}).demoBackfillDays).toBe(7);
    expect(configFromEnv({ DEMO_BACKFILL_DAYS: '30' }).demoBackfillDays).toBe(30);
  });

  it('refuses a backfill length that is not a number of days it can seed', () => {
    expect(() => configFromEnv({ DEMO_BACKFILL_DAYS: '0' })).toThrow(
      'DEMO_BACKFILL_DAYS must be between 1 and 366, not 0',
    );
    expect(() => configFromEnv({ DEMO_BACKFILL_DAYS: 'a month' })).toThrow(
      'DEMO_BACKFILL_DAYS must be a whole number, not "a month"',
    );
    expect(() => configFromEnv({ DEMO_BACKFILL_DAYS: '400' })).toThrow('between 1 and 366');
  });
});
