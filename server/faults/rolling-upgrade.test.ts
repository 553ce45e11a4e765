import { freePorts } from '../test/free-ports.ts';
import { describe, expect, it } from 'vitest';
import { printUpgrade, rollingUpgrade } from '../cluster-harness/rolling-upgrade.ts';

/**
 * Issue 35, rolling upgrades (docs/decisions/0181-rolling-upgrades.md): three instances of the
 * previous release (ROLLING_FROM, else this branch's merge-base with main, else HEAD's first
 * parent; a clone without that history upgrades between two copies of this tree and prints so)
 * behind HAProxy on PostgreSQL, a gateway delivering with push at interval 0, a user reading and
 * a browser's live stream; each instance is replaced by this tree's code in turn. PostgreSQL run
 * only (vitest.config.ts).
 */
describe('a rolling upgrade of three instances', () => {
  it('answers only 2xx or 503 with Retry-After, loses no acknowledged message, and streams and push go on without a gap', async () => {
    const figures = await rollingUpgrade({
      port: await freePorts(),
      from: process.env.ROLLING_FROM,
      baselineMs: 3_000,
    });
    printUpgrade(figures);
    expect(figures.requests).toBeGreaterThan(100);
    expect(figures).toMatchObject({
      unavailableWithoutRetryAfter: 0,
      otherServerErrors: 0,
      other: 0,
      lost: 0,
      duplicated: 0,
      pushLost: 0,
      pushDuplicated: 0,
      streamMissing: 0,
      // The previous release starts and serves on the database this one migrated.
      rollbackServes: true,
    });
    expect(figures.odd).toEqual([]);
    // Each instance's stream was told to go elsewhere, and came back each time.
    expect(figures.streamReconnects).toBeGreaterThanOrEqual(1);
    expect(figures.streamRefused.filter((why) => why !== '503')).toEqual([]);
  }, 200_000);
});
